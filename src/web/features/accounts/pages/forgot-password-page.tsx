import { useT } from "@web/lib/language";
import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordSchema, type ForgotPasswordInput } from "@common/schemas/accounts";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { ApiError } from "@web/lib/api";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { AuthCard } from "../components/auth-card";

export function ForgotPasswordPage() {
  const t = useT();
  const request = useRequestPasswordReset();
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });
  const error = form.formState.errors.email?.message;
  const submit = form.handleSubmit((values) => request.mutate(values));

  return (
    <AuthCard
      title={t("accounts.forgotPassword.title")}
      description={request.isSuccess ? undefined : t("accounts.forgotPassword.body")}
    >
      {request.isSuccess ? (
        <div className="grid gap-4">
          <p role="status">{t("accounts.forgotPassword.sent")}</p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link to="/login">{t("accounts.forgotPassword.backToLogin")}</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          {request.isError ? (
            <Alert variant="destructive">
              <AlertDescription>
                {request.error instanceof ApiError && request.error.code === "rate_limited"
                  ? request.error.message
                  : t("accounts.forgotPassword.failed")}
              </AlertDescription>
            </Alert>
          ) : null}
          <Field id="forgot-email" label={t("accounts.forgotPassword.email")} error={error}>
            <Input
              {...fieldAria("forgot-email", error)}
              {...form.register("email")}
              type="email"
              autoComplete="email"
              required
              autoFocus
            />
          </Field>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? t("accounts.forgotPassword.submitting") : t("accounts.forgotPassword.submit")}
          </Button>
          <Link to="/login" className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t("accounts.forgotPassword.backToLogin")}
          </Link>
        </form>
      )}
    </AuthCard>
  );
}

export const Component = ForgotPasswordPage;
