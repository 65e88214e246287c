import { useT } from "@web/lib/language";
import { zodResolver } from "@hookform/resolvers/zod";
import { totpCodeSchema, type TotpCodeInput } from "@common/schemas/accounts";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { useConfirmTwoFactor, type TwoFactorEnrolment } from "../api/two-factor";
import { BackupCodes } from "./backup-codes";
import { CopyButton } from "./copy-button";

/** The setup key in groups of four, easier to type into an app. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/** Steps 1-3 of turning two-factor sign-in on: add the key, keep the backup codes, prove it with a code. */
export function TwoFactorEnrolmentSteps({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  onDone: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const confirm = useConfirmTwoFactor();
  const form = useForm<TotpCodeInput>({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: "" } });
  const error = form.formState.errors.code?.message;
  const secret = new URL(enrolment.totpURI).searchParams.get("secret") ?? "";

  return (
    <div className="grid gap-6">
      <section className="grid gap-2" aria-labelledby="tf-step-1">
        <h3 id="tf-step-1" className="font-semibold">
          {t("accounts.security.scanTitle")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("accounts.security.scanBody")}</p>
        <p className="text-sm font-medium">{t("accounts.security.secretLabel")}</p>
        <code className="break-all rounded-md border bg-muted/40 p-3 font-mono text-sm" data-testid="totp-secret">
          {grouped(secret)}
        </code>
        <CopyButton value={secret} />
        <p className="text-sm font-medium">{t("accounts.security.uriLabel")}</p>
        <a
          href={enrolment.totpURI}
          className="break-all text-sm text-primary underline underline-offset-4"
          data-testid="totp-uri"
        >
          {enrolment.totpURI}
        </a>
      </section>
      <section className="grid gap-2" aria-labelledby="tf-step-2">
        <h3 id="tf-step-2" className="font-semibold">
          {t("accounts.security.backupTitle")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("accounts.security.backupBody")}</p>
        <BackupCodes codes={enrolment.backupCodes} />
      </section>
      <section className="grid gap-2" aria-labelledby="tf-step-3">
        <h3 id="tf-step-3" className="font-semibold">
          {t("accounts.security.verifyTitle")}
        </h3>
        {confirm.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{t("accounts.security.invalidCode")}</AlertDescription>
          </Alert>
        ) : null}
        <form
          onSubmit={form.handleSubmit((values) => confirm.mutate(values, { onSuccess: onDone }))}
          noValidate
          className="flex max-w-sm flex-col gap-3"
        >
          <Field id="tf-confirm-code" label={t("accounts.security.code")} error={error}>
            <Input
              {...fieldAria("tf-confirm-code", error)}
              {...form.register("code")}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? t("accounts.security.working") : t("accounts.security.confirm")}
            </Button>
            <Button type="button" variant="outline" onClick={onCancel}>
              {t("accounts.security.cancel")}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
