import type { Translate } from "@common/i18n";
import { useT } from "@web/lib/language";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@web/components/ui/card";
import { Loading } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api";
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useGenerateBackupCodes,
  useTwoFactorStatus,
  type TwoFactorEnrolment,
} from "../api/two-factor";
import { BackupCodes } from "../components/backup-codes";
import { LanguageSettings } from "../components/language-settings";
import { PasswordConfirmForm } from "../components/password-confirm-form";
import { TwoFactorEnrolmentSteps } from "../components/two-factor-enrolment";

type Mode = "idle" | "enable-password" | "enrol" | "disable" | "regenerate" | "new-codes";

const passwordError = (t: Translate, error: unknown) =>
  error instanceof ApiError && error.code === "invalid_password"
    ? t("accounts.security.wrongPassword")
    : error
      ? t("accounts.security.failed")
      : undefined;

/** Two-factor sign-in's state machine: idle, asking the password, enrolling, disabling, new codes. */
function useTwoFactorSettings() {
  const status = useTwoFactorStatus();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useGenerateBackupCodes();
  const [mode, setMode] = useState<Mode>("idle");
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const reset = () => {
    setMode("idle");
    setEnrolment(null);
    enable.reset();
    disable.reset();
    regenerate.reset();
  };
  return { status, enable, disable, regenerate, mode, setMode, enrolment, setEnrolment, codes, setCodes, reset };
}

type TwoFactorSettings = ReturnType<typeof useTwoFactorSettings>;

/** The password step of each change, and what follows it. */
function ModeSteps({ settings }: { settings: TwoFactorSettings }) {
  const t = useT();
  const { enable, disable, regenerate, mode, setMode, enrolment, setEnrolment, codes, setCodes, reset } = settings;
  const confirm = (
    id: string,
    label: string,
    mutation: { isPending: boolean; error: unknown },
    onSubmit: (password: string) => void,
  ) => (
    <PasswordConfirmForm
      id={id}
      submitLabel={label}
      pending={mutation.isPending}
      serverError={passwordError(t, mutation.error)}
      onCancel={reset}
      onSubmit={onSubmit}
    />
  );
  switch (mode) {
    case "enable-password":
      return confirm("tf-enable-password", t("accounts.security.continue"), enable, (password) =>
        enable.mutate({ password }, { onSuccess: (result) => (setEnrolment(result), setMode("enrol")) }),
      );
    case "enrol":
      return enrolment ? (
        <TwoFactorEnrolmentSteps
          enrolment={enrolment}
          onCancel={reset}
          onDone={() => {
            reset();
            toast.success(t("accounts.security.enabled"));
          }}
        />
      ) : null;
    case "disable":
      return confirm("tf-disable-password", t("accounts.security.disable"), disable, (password) =>
        disable.mutate({ password }, { onSuccess: () => (reset(), toast.success(t("accounts.security.disabled"))) }),
      );
    case "regenerate":
      return confirm("tf-regenerate-password", t("accounts.security.regenerate"), regenerate, (password) =>
        regenerate.mutate({ password }, { onSuccess: (result) => (setCodes(result.backupCodes), setMode("new-codes")) }),
      );
    case "new-codes":
      return (
        <div className="grid gap-3">
          <p role="status" className="text-sm">
            {t("accounts.security.newBackupCodes")}
          </p>
          <BackupCodes codes={codes} />
          <Button className="justify-self-start" onClick={reset}>
            {t("accounts.security.done")}
          </Button>
        </div>
      );
    default:
      return null;
  }
}

/** /dashboard/account/security: optional two-factor sign-in (TOTP) with backup codes. */
export function SecurityPage() {
  const t = useT();
  const settings = useTwoFactorSettings();
  const { status, mode, setMode } = settings;
  const enabled = status.data?.enabled === true;

  return (
    <div className="grid max-w-3xl gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t("accounts.security.title")}</h1>
      <LanguageSettings />
      <Card>
        <CardHeader>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            {enabled ? (
              <ShieldCheck className="size-5 text-success" aria-hidden="true" />
            ) : (
              <ShieldOff className="size-5 text-muted-foreground" aria-hidden="true" />
            )}
            {t("accounts.security.twoFactorTitle")}
          </h2>
          {status.data ? (
            <CardDescription>
              {enabled ? t("accounts.security.twoFactorOn") : t("accounts.security.twoFactorOff")}
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {status.isPending ? <Loading text={t("common.loading")} /> : null}
          {status.isError ? (
            <Alert variant="destructive">
              <AlertDescription>{t("accounts.security.failed")}</AlertDescription>
            </Alert>
          ) : null}
          {status.data && mode === "idle" ? (
            <div className="flex flex-wrap gap-2">
              {enabled ? (
                <>
                  <Button variant="outline" onClick={() => setMode("regenerate")}>
                    {t("accounts.security.regenerate")}
                  </Button>
                  <Button variant="destructive" onClick={() => setMode("disable")}>
                    {t("accounts.security.disable")}
                  </Button>
                </>
              ) : (
                <Button onClick={() => setMode("enable-password")}>{t("accounts.security.enable")}</Button>
              )}
            </div>
          ) : null}
          <ModeSteps settings={settings} />
        </CardContent>
      </Card>
    </div>
  );
}

export const Component = SecurityPage;
