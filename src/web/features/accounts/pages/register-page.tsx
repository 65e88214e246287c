import { useT } from "@web/lib/language";
import { zodResolver } from "@hookform/resolvers/zod";
import { MIN_PASSWORD_LENGTH } from "@common/constants";
import { signUpFormSchema, type SignUpFormInput } from "@common/schemas/accounts";
import { useForm, useWatch, type UseFormSetError } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { Loading } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api";
import { useSettings } from "@web/lib/settings";
import { useSignUp } from "../api/sign-up";
import { AuthCard } from "../components/auth-card";
import { PasswordInput } from "../components/password-input";
import { PasswordStrengthMeter } from "../components/password-strength-meter";
import { RegistrationDisabled } from "../components/registration-disabled";

/** The server's field messages shown under the fields (better-auth calls the full name `name`). */
function showFieldErrors(error: Error, setError: UseFormSetError<SignUpFormInput>): void {
  if (!(error instanceof ApiError) || error.code !== "validation_failed" || !error.fields) return;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = name === "name" ? "fullName" : name;
    if (field === "fullName" || field === "email" || field === "password") setError(field, { message });
  }
}

/** A failure that is not about one field (those are shown under the fields). */
function SignUpFailure({ error }: { error: Error }) {
  const t = useT();
  if (error instanceof ApiError && error.code === "validation_failed") return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>
        {error instanceof ApiError && error.code === "rate_limited"
          ? t("accounts.login.rateLimited")
          : t("accounts.register.failed")}
      </AlertDescription>
    </Alert>
  );
}

function SignUpForm() {
  const t = useT();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const form = useForm<SignUpFormInput>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { fullName: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: "password" });

  const submit = form.handleSubmit((values) =>
    signUp.mutate(
      { name: values.fullName.trim(), email: values.email, password: values.password },
      {
        onSuccess: () => void navigate("/registration-pending", { replace: true }),
        onError: (error) => showFieldErrors(error, form.setError),
      },
    ),
  );

  if (signUp.error instanceof ApiError && signUp.error.code === "signup_closed") return <RegistrationDisabled />;

  return (
    <AuthCard title={t("accounts.register.title")} description={t("accounts.register.subtitle")}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {signUp.isError ? <SignUpFailure error={signUp.error} /> : null}
        <Field id="register-name" label={t("accounts.register.fullName")} error={errors.fullName?.message}>
          <Input
            {...fieldAria("register-name", errors.fullName?.message)}
            {...form.register("fullName")}
            autoComplete="name"
            required
            autoFocus
          />
        </Field>
        <Field id="register-email" label={t("accounts.register.email")} error={errors.email?.message}>
          <Input
            {...fieldAria("register-email", errors.email?.message)}
            {...form.register("email")}
            type="email"
            autoComplete="email"
            required
          />
        </Field>
        <Field
          id="register-password"
          label={t("accounts.register.password")}
          error={errors.password?.message}
          hint={<>{t("accounts.register.passwordHint", { min: MIN_PASSWORD_LENGTH })}</>}
        >
          <PasswordInput
            {...fieldAria("register-password", errors.password?.message, true)}
            {...form.register("password")}
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
          />
          <PasswordStrengthMeter password={password} id="register-password-strength" />
        </Field>
        <Field id="register-confirm" label={t("accounts.register.confirmPassword")} error={errors.confirmPassword?.message}>
          <PasswordInput
            {...fieldAria("register-confirm", errors.confirmPassword?.message)}
            {...form.register("confirmPassword")}
            autoComplete="new-password"
            required
          />
        </Field>
        <Button type="submit" disabled={signUp.isPending}>
          {signUp.isPending ? t("accounts.register.submitting") : t("accounts.register.submit")}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t("accounts.register.haveAccount")}{" "}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("accounts.register.signIn")}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}

/** /register: the sign-up form, or the registration-disabled page when STAFF_SIGNUP=closed. */
export function RegisterPage() {
  const t = useT();
  const settings = useSettings();
  if (settings.isPending) return <Loading text={t("common.loading")} />;
  if (settings.data?.staffSignup === "closed") return <RegistrationDisabled />;
  return <SignUpForm />;
}

export const Component = RegisterPage;
