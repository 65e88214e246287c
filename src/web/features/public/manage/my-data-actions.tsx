import { useT } from "@web/lib/language";
import { api } from "@web/lib/api";
import { useState } from "react";
import { buttonClass, Notice, PublicButton } from "../components/public-ui";

/**
 * A person's own data from their manage link (issue 18): download it all (one zip) or erase it,
 * after a confirming step. Self-contained: give it the manage link's token.
 */
export function MyDataActions({ token, onErased }: { token: string; onErased?: () => void }) {
  const t = useT();
  const [step, setStep] = useState<"idle" | "confirm" | "erasing" | "erased" | "failed">("idle");
  const erase = async () => {
    setStep("erasing");
    try {
      await api("/api/public/registrations/manage/erase", { method: "POST", body: { t: token } });
      setStep("erased");
      onErased?.();
    } catch {
      setStep("failed");
    }
  };
  if (step === "erased") return <Notice tone="success">{t("privacy.myData.erased")}</Notice>;
  return (
    <section aria-labelledby="my-data-title" className="grid gap-3">
      <h2 id="my-data-title" className="text-lg font-semibold">
        {t("privacy.myData.title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("privacy.myData.intro")}</p>
      <div className="flex flex-wrap gap-3">
        <a
          className={buttonClass.outline}
          href={`/api/public/registrations/manage/export?t=${encodeURIComponent(token)}`}
          download
        >
          {t("privacy.myData.download")}
        </a>
        {step === "idle" || step === "failed" ? (
          <PublicButton variant="outline" onClick={() => setStep("confirm")}>
            {t("privacy.myData.erase")}
          </PublicButton>
        ) : null}
      </div>
      {step === "failed" ? <Notice tone="destructive">{t("privacy.myData.failed")}</Notice> : null}
      {step === "confirm" || step === "erasing" ? (
        <div
          role="alertdialog"
          aria-labelledby="erase-title"
          aria-describedby="erase-text"
          className="grid gap-3 rounded-lg border border-destructive/50 p-4"
        >
          <p id="erase-title" className="font-semibold">
            {t("privacy.myData.confirmTitle")}
          </p>
          <p id="erase-text" className="text-sm">
            {t("privacy.myData.confirmText")}
          </p>
          <div className="flex flex-wrap gap-3">
            <PublicButton variant="primary" onClick={erase} disabled={step === "erasing"} autoFocus>
              {t("privacy.myData.confirm")}
            </PublicButton>
            <PublicButton variant="outline" onClick={() => setStep("idle")} disabled={step === "erasing"}>
              {t("privacy.myData.cancel")}
            </PublicButton>
          </div>
        </div>
      ) : null}
    </section>
  );
}
