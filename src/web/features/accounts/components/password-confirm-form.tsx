import { useT } from "@web/lib/language";
import { zodResolver } from "@hookform/resolvers/zod";
import { passwordConfirmSchema, type PasswordConfirmInput } from "@common/schemas/accounts";
import { useForm } from "react-hook-form";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { PasswordInput } from "./password-input";

/** Sensitive two-factor changes ask for the current password first. */
export function PasswordConfirmForm({
  id,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: {
  id: string;
  submitLabel: string;
  pending: boolean;
  serverError?: string | undefined;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const form = useForm<PasswordConfirmInput>({ resolver: zodResolver(passwordConfirmSchema), defaultValues: { password: "" } });
  const error = form.formState.errors.password?.message ?? serverError;
  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(values.password))} noValidate className="grid max-w-sm gap-3">
      <Field id={id} label={t("accounts.security.password")} hint={t("accounts.security.passwordHint")} error={error}>
        <PasswordInput {...fieldAria(id, error, true)} {...form.register("password")} autoComplete="current-password" autoFocus />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? t("accounts.security.working") : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("accounts.security.cancel")}
        </Button>
      </div>
    </form>
  );
}
