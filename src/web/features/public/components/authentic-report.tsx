import { authenticReportSchema } from "@common/schemas/authentic";
import { useT } from "@web/lib/language";
import { useState, type FormEvent } from "react";
import { reportSuspicious } from "../api/authentic";
import { controlAria, controlClass, FormField, Notice, PublicButton } from "./public-ui";

/**
 * The report of a suspicious message (issue 39): to the agency's admins. Bot-proofing without a
 * third-party captcha: the honeypot below and the signed token the server rendered the page with.
 */
export function AuthenticReport({ agencyName, formToken }: { agencyName: string; formToken: string | undefined }) {
  const t = useT();
  const [values, setValues] = useState({ message: "", contact: "", website: "" });
  const [errors, setErrors] = useState<{ message?: string | undefined; contact?: string | undefined }>({});
  const [status, setStatus] = useState<"idle" | "sending" | "sent" | "error">("idle");
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = authenticReportSchema.safeParse({ ...values, contact: values.contact || undefined, formToken });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as "message" | "contact"] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setStatus("sending");
    try {
      await reportSuspicious(parsed.data);
      setStatus("sent");
      setValues({ message: "", contact: "", website: "" });
    } catch {
      setStatus("error");
    }
  }

  return (
    <section aria-labelledby="authentic-report-title" className="grid gap-4">
      <h2 id="authentic-report-title" className="text-xl font-semibold">
        {t("public.authentic.report.title")}
      </h2>
      <p className="text-muted-foreground">{t("public.authentic.report.intro", { agency: agencyName })}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="relative grid gap-4">
        <FormField
          id="report-message"
          label={t("public.authentic.report.message")}
          hint={t("public.authentic.report.messageHint")}
          error={errors.message}
        >
          <textarea
            {...controlAria("report-message", errors.message, true)}
            name="message"
            rows={5}
            className={`${controlClass} min-h-32 py-2`}
            value={values.message}
            onChange={set("message")}
          />
        </FormField>
        <FormField
          id="report-contact"
          label={t("public.authentic.report.contact")}
          hint={t("public.authentic.report.contactHint")}
          error={errors.contact}
        >
          <input
            {...controlAria("report-contact", errors.contact, true)}
            name="contact"
            type="text"
            autoComplete="email"
            className={`${controlClass} h-12`}
            value={values.contact}
            onChange={set("contact")}
          />
        </FormField>
        <Honeypot value={values.website} onChange={set("website")} />
        <PublicButton type="submit" disabled={status === "sending"} className="w-full sm:w-auto sm:justify-self-start">
          {status === "sending" ? t("public.authentic.report.sending") : t("public.authentic.report.submit")}
        </PublicButton>
      </form>
      <div aria-live="polite">
        {status === "sent" ? <Notice tone="success">{t("public.authentic.report.sent")}</Notice> : null}
        {status === "error" ? <Notice tone="destructive">{t("public.authentic.report.error")}</Notice> : null}
      </div>
    </section>
  );
}

/** Hidden from people and assistive technology; bots fill every field. */
function Honeypot({ value, onChange }: { value: string; onChange: (event: { target: { value: string } }) => void }) {
  const t = useT();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor="report-website">{t("public.authentic.report.honeypotLabel")}</label>
      <input id="report-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={onChange} />
    </div>
  );
}
