import { formatDateFor } from "@common/dates-language";
import { authenticCheckSchema, type AuthenticCheckResponse } from "@common/schemas/authentic";
import { useLanguage, useT } from "@web/lib/language";
import { useState, type FormEvent } from "react";
import { checkAuthentic } from "../api/authentic";
import { controlAria, controlClass, FormField, Notice, PublicButton } from "./public-ui";

type CheckState = { status: "idle" | "checking" | "error" } | { status: "done"; result: AuthenticCheckResponse };

/** The box of /authentic (issue 39): a link, a code or a whole message in, genuine (and which event) or not ours out. */
export function AuthenticCheck() {
  const t = useT();
  const { language } = useLanguage();
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [state, setState] = useState<CheckState>({ status: "idle" });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = authenticCheckSchema.safeParse({ text });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setState({ status: "checking" });
    try {
      setState({ status: "done", result: await checkAuthentic(parsed.data.text) });
    } catch {
      setState({ status: "error" });
    }
  }

  const result = state.status === "done" ? state.result : undefined;
  return (
    <section aria-labelledby="authentic-check-title" className="grid gap-4">
      <h2 id="authentic-check-title" className="text-xl font-semibold">
        {t("public.authentic.check.title")}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <FormField
          id="authentic-text"
          label={t("public.authentic.check.label")}
          hint={t("public.authentic.check.hint")}
          error={fieldError}
        >
          <textarea
            {...controlAria("authentic-text", fieldError, true)}
            name="text"
            rows={4}
            className={`${controlClass} min-h-28 py-2`}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </FormField>
        <PublicButton type="submit" disabled={state.status === "checking"} className="w-full sm:w-auto sm:justify-self-start">
          {state.status === "checking" ? t("public.authentic.check.checking") : t("public.authentic.check.submit")}
        </PublicButton>
      </form>
      <div aria-live="polite">
        {result?.verdict === "genuine" && result.event ? (
          <Notice
            tone="success"
            title={t("public.authentic.check.genuine", {
              eventName: result.event.name,
              date: formatDateFor(language, result.event.date),
            })}
          >
            <p>{t("public.authentic.check.genuineNote")}</p>
            <a className="font-medium break-all text-primary underline underline-offset-4" href={result.event.url}>
              {result.event.url}
            </a>
          </Notice>
        ) : null}
        {result?.verdict === "not_ours" ? <Notice tone="warning">{t("public.authentic.check.notOurs")}</Notice> : null}
        {state.status === "error" ? <Notice tone="destructive">{t("public.authentic.check.error")}</Notice> : null}
      </div>
    </section>
  );
}
