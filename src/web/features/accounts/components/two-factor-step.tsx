import { useT } from "@web/lib/language";
import { zodResolver } from "@hookform/resolvers/zod";
import { backupCodeSchema, totpCodeSchema } from "@common/schemas/accounts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { ApiError } from "@web/lib/api";
import { useVerifyTwoFactor } from "../api/verify-two-factor";

/** The second step of a sign-in for an account with two-factor sign-in. */
export function TwoFactorStep({ onDone, onRestart }: { onDone: () => void; onRestart: () => void }) {
  const t = useT();
  const [method, setMethod] = useState<"totp" | "backup">("totp");
  const verify = useVerifyTwoFactor();
  const form = useForm<{ code: string }>({
    resolver: zodResolver(method === "totp" ? totpCodeSchema : backupCodeSchema),
    defaultValues: { code: "" },
  });
  const error = form.formState.errors.code?.message;
  const failure = verify.error;
  // The pending sign-in (a short-lived cookie) has expired or was used up: start again.
  const expired = failure instanceof ApiError && failure.code === "invalid_two_factor_cookie";
  const failureText = expired
    ? t("accounts.login.twoFactorExpired")
    : failure instanceof ApiError && failure.code === "rate_limited"
      ? t("accounts.login.rateLimited")
      : t("accounts.login.invalidCode");

  const submit = form.handleSubmit((values) => verify.mutate({ method, code: values.code }, { onSuccess: onDone }));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div>
        <h2 className="text-lg font-semibold">{t("accounts.login.twoFactorTitle")}</h2>
        <p className="text-sm text-muted-foreground">
          {method === "totp" ? t("accounts.login.twoFactorBody") : t("accounts.login.backupCodeBody")}
        </p>
      </div>
      {failure ? (
        <Alert variant="destructive">
          <AlertDescription>{failureText}</AlertDescription>
        </Alert>
      ) : null}
      <Field
        id="two-factor-code"
        label={method === "totp" ? t("accounts.login.twoFactorCode") : t("accounts.login.backupCodeLabel")}
        error={error}
      >
        <Input
          {...fieldAria("two-factor-code", error)}
          {...form.register("code")}
          autoComplete="one-time-code"
          inputMode={method === "totp" ? "numeric" : "text"}
          autoFocus
        />
      </Field>
      <Button type="submit" disabled={verify.isPending}>
        {verify.isPending ? t("accounts.login.verifying") : t("accounts.login.verify")}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          onClick={() => {
            setMethod((m) => (m === "totp" ? "backup" : "totp"));
            form.reset({ code: "" });
            verify.reset();
          }}
        >
          {method === "totp" ? t("accounts.login.useBackupCode") : t("accounts.login.useAuthenticator")}
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={onRestart}>
          {t("accounts.login.backToSignIn")}
        </Button>
      </div>
    </form>
  );
}
