import { useT } from "@web/lib/language";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { ApiError } from "@web/lib/api";
import { useRequestAccess } from "../api/request-access";

/** /privacy/request: a person who lost their e-mail asks for their registrations' links again (issue 18). */
export function PrivacyRequestPage() {
  const t = useT();
  const request = useRequestAccess();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!z.email().safeParse(email.trim()).success) return setError(t("privacy.request.invalidEmail"));
    setError(undefined);
    request.mutate(email.trim());
  };
  return (
    <Card className="mx-auto my-6 w-full max-w-md">
      <CardHeader>
        <h1 className="text-2xl font-bold">{t("privacy.request.title")}</h1>
      </CardHeader>
      <CardContent>
        {request.isSuccess ? (
          <p role="status">{t("privacy.request.sent")}</p>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <p className="text-sm text-muted-foreground">{t("privacy.request.intro")}</p>
            {request.isError ? (
              <Alert variant="destructive">
                <AlertDescription>
                  {request.error instanceof ApiError ? request.error.message : t("privacy.myData.failed")}
                </AlertDescription>
              </Alert>
            ) : null}
            <Field id="privacy-email" label={t("privacy.request.email")} error={error}>
              <Input
                {...fieldAria("privacy-email", error)}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <Button type="submit" disabled={request.isPending}>
              {t("privacy.request.submit")}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

export const Component = PrivacyRequestPage;
