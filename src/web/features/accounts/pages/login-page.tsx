import { useT } from "@web/lib/language";
import { zodResolver } from "@hookform/resolvers/zod";
import { signInSchema, type SignInInput } from "@common/schemas/accounts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { useSignIn } from "../api/sign-in";
import { AuthCard } from "../components/auth-card";
import { LoginError, loginErrorMessage } from "../components/login-error";
import { PasswordInput } from "../components/password-input";
import { TwoFactorStep } from "../components/two-factor-step";
import { UnlockNotice } from "../components/unlock-notice";

/** Where to go after signing in: back to the dashboard page that sent the visitor here, else / (docs/product.md). */
function destination(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/dashboard") ? from : "/";
}

export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const unlockToken = useSearchParams()[0].get("unlock") ?? "";
  const signIn = useSignIn();
  const [step, setStep] = useState<"password" | "second-factor">("password");
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;
  const done = () => void navigate(destination(location.state), { replace: true });

  const submit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (result) => (result.twoFactorRedirect ? setStep("second-factor") : done()),
    }),
  );

  return (
    <AuthCard title={t("accounts.login.title")} description={t("accounts.login.subtitle")}>
      {step === "second-factor" ? (
        <TwoFactorStep
          onDone={done}
          onRestart={() => {
            signIn.reset();
            form.resetField("password");
            setStep("password");
          }}
        />
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          {unlockToken && !signIn.isError ? <UnlockNotice token={unlockToken} /> : null}
          {signIn.isError ? <LoginError message={t(loginErrorMessage(signIn.error))} /> : null}
          <Field id="login-email" label={t("accounts.login.email")} error={errors.email?.message}>
            <Input
              {...fieldAria("login-email", errors.email?.message)}
              {...form.register("email")}
              type="email"
              autoComplete="username"
              required
              autoFocus
            />
          </Field>
          <Field id="login-password" label={t("accounts.login.password")} error={errors.password?.message}>
            <PasswordInput
              {...fieldAria("login-password", errors.password?.message)}
              {...form.register("password")}
              autoComplete="current-password"
              required
            />
          </Field>
          <div className="-mt-2 text-right text-sm">
            <Link to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
              {t("accounts.login.forgotPassword")}
            </Link>
          </div>
          <Button type="submit" disabled={signIn.isPending}>
            {signIn.isPending ? t("accounts.login.submitting") : t("accounts.login.submit")}
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            {t("accounts.login.noAccount")}{" "}
            <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
              {t("accounts.login.register")}
            </Link>
          </p>
          <p className="border-t pt-4 text-center text-sm">
            <Link to="/landing" reloadDocument className="font-medium text-primary underline-offset-4 hover:underline">
              {t("accounts.login.agencyLink")}
            </Link>
          </p>
        </form>
      )}
    </AuthCard>
  );
}

export const Component = LoginPage;
