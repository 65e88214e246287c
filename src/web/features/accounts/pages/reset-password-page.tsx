import { useT } from "@web/lib/language";
import { zodResolver } from "@hookform/resolvers/zod";
import { MIN_PASSWORD_LENGTH } from "@common/constants";
import { resetPasswordFormSchema, type ResetPasswordFormInput } from "@common/schemas/accounts";
import { useForm, useWatch } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { ApiError } from "@web/lib/api";
import { useResetPassword } from "../api/reset-password";
import { AuthCard } from "../components/auth-card";
import { PasswordInput } from "../components/password-input";
import { PasswordStrengthMeter } from "../components/password-strength-meter";

function ResetFailure({ invalidToken }: { invalidToken: boolean }) {
  const t = useT();
  return (
    <Alert variant="destructive">
      <AlertDescription>
        {invalidToken ? t("accounts.resetPassword.invalid") : t("accounts.resetPassword.failed")}{" "}
        {invalidToken ? (
          <Link to="/forgot-password" className="font-medium underline underline-offset-4">
            {t("accounts.resetPassword.requestNew")}
          </Link>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/** A forgotten password's reset link, and an invited admin's first password (?invite=1), land here. */
export function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const invite = params.get("invite") === "1";
  const reset = useResetPassword();
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: "password" });
  const submit = form.handleSubmit((values) => reset.mutate({ token, newPassword: values.password }));
  const invalidToken = reset.error instanceof ApiError && reset.error.code === "invalid_token";

  const title = invite ? t("accounts.resetPassword.inviteTitle") : t("accounts.resetPassword.title");
  if (!token) {
    return (
      <LinkCard
        title={title}
        tone="alert"
        message={t("accounts.resetPassword.missingToken")}
        to="/forgot-password"
        linkText={t("accounts.resetPassword.requestNew")}
      />
    );
  }
  if (reset.isSuccess) {
    return (
      <LinkCard
        title={title}
        tone="status"
        message={t("accounts.resetPassword.done")}
        to="/login"
        linkText={t("accounts.resetPassword.toLogin")}
      />
    );
  }
  return (
    <AuthCard title={title} description={invite ? t("accounts.resetPassword.inviteBody") : t("accounts.resetPassword.body")}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {reset.isError ? <ResetFailure invalidToken={invalidToken} /> : null}
        <Field
          id="reset-password"
          label={t("accounts.resetPassword.password")}
          error={errors.password?.message}
          hint={t("accounts.register.passwordHint", { min: MIN_PASSWORD_LENGTH })}
        >
          <PasswordInput
            {...fieldAria("reset-password", errors.password?.message, true)}
            {...form.register("password")}
            autoComplete="new-password"
            required
            autoFocus
          />
          <PasswordStrengthMeter password={password} id="reset-password-strength" />
        </Field>
        <Field id="reset-confirm" label={t("accounts.resetPassword.confirmPassword")} error={errors.confirmPassword?.message}>
          <PasswordInput
            {...fieldAria("reset-confirm", errors.confirmPassword?.message)}
            {...form.register("confirmPassword")}
            autoComplete="new-password"
            required
          />
        </Field>
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? t("accounts.resetPassword.submitting") : t("accounts.resetPassword.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}

export const Component = ResetPasswordPage;

/** A card with one message and the one link that follows from it (no token; password set). */
function LinkCard({
  title,
  tone,
  message,
  to,
  linkText,
}: {
  title: string;
  tone: "alert" | "status";
  message: string;
  to: string;
  linkText: string;
}) {
  return (
    <AuthCard title={title}>
      <div className="grid gap-4">
        <p role={tone} className={tone === "alert" ? "text-destructive" : undefined}>
          {message}
        </p>
        <Button asChild variant={tone === "alert" ? "outline" : "default"} className="justify-self-start">
          <Link to={to}>{linkText}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
