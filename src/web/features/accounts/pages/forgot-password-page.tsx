import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordSchema, type ForgotPasswordInput } from "@common/schemas/accounts";
import { accounts as accountsTexts } from "@common/texts/accounts";
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
  const request = useRequestPasswordReset();
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });
  const error = form.formState.errors.email?.message;
  const submit = form.handleSubmit((values) => request.mutate(values));

  return (
    <AuthCard
      title={accountsTexts.forgotPassword.title}
      description={request.isSuccess ? undefined : accountsTexts.forgotPassword.body}
    >
      {request.isSuccess ? (
        <div className="grid gap-4">
          <p role="status">{accountsTexts.forgotPassword.sent}</p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link to="/login">{accountsTexts.forgotPassword.backToLogin}</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          {request.isError ? (
            <Alert variant="destructive">
              <AlertDescription>
                {request.error instanceof ApiError && request.error.code === "rate_limited"
                  ? request.error.message
                  : accountsTexts.forgotPassword.failed}
              </AlertDescription>
            </Alert>
          ) : null}
          <Field id="forgot-email" label={accountsTexts.forgotPassword.email} error={error}>
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
            {request.isPending ? accountsTexts.forgotPassword.submitting : accountsTexts.forgotPassword.submit}
          </Button>
          <Link to="/login" className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
            {accountsTexts.forgotPassword.backToLogin}
          </Link>
        </form>
      )}
    </AuthCard>
  );
}

export const Component = ForgotPasswordPage;
