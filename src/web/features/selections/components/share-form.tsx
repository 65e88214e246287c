import {
  CLIENT_NAME_MAX,
  createShareSchema,
  SHARE_MAX_DAYS,
  SHARE_PASSWORD_MAX,
  type CreatedShare,
  type CreateShareInput,
} from "@common/schemas/selections";
import { todayIso } from "@common/dates";
import { Check, Copy, Link2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { ApiError } from "@web/lib/api";
import { copyText } from "@web/lib/clipboard";
import { useT } from "@web/lib/language";
import { useCreateShare } from "../api/create-share";

const FIELDS = ["clientName", "clientEmail", "expiresAt", "password"] as const;
type FieldName = (typeof FIELDS)[number];

/** A calendar day `days` after today (the agency's), `YYYY-MM-DD`. */
function dayAfter(days: number): string {
  const [y, m, d] = todayIso().split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The link ends at the last second of the day chosen, on the agency's clock (Buenos Aires, UTC−3),
 * and never later than SHARE_MAX_DAYS from now (the server's rule): the last day offered ends sooner.
 */
function expiryOf(day: string): string {
  const endOfDay = new Date(`${day}T23:59:59-03:00`);
  const latest = new Date(Date.now() + SHARE_MAX_DAYS * 86_400_000 - 60_000);
  return (endOfDay < latest ? endOfDay : latest).toISOString();
}

const emptyValues = () => ({ clientName: "", clientEmail: "", day: dayAfter(7), password: "" });

/** The form's values, its complaints (checked with createShareSchema, then the server's) and its sending. */
function useShareForm(selectionId: string, fieldId: (name: FieldName) => string) {
  const create = useCreateShare(selectionId);
  const [values, setValues] = useState(emptyValues);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [created, setCreated] = useState<(CreatedShare & { clientName: string }) | null>(null);
  const set = (name: keyof typeof values, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: CreateShareInput = {
      clientName: values.clientName,
      clientEmail: values.clientEmail,
      expiresAt: values.day ? expiryOf(values.day) : "",
      password: values.password,
    };
    const parsed = createShareSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        if (FIELDS.includes(field)) found[field] ??= issue.message;
      }
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
      return;
    }
    setErrors({});
    create.mutate(input, {
      onSuccess: (share) => {
        setCreated({ ...share, clientName: parsed.data.clientName });
        setValues(emptyValues());
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
      },
    });
  };
  return { create, values, set, errors, submit, created, done: () => setCreated(null) };
}

/**
 * «Compartir con un cliente» (issue 36): the client's name (printed on every photo's watermark), an
 * optional e-mail and password, the last day the link works. The link is shown once, to copy.
 */
export function ShareForm({ selectionId }: { selectionId: string }) {
  const t = useT();
  const id = useId();
  const fieldId = (name: FieldName) => `${id}-${name}`;
  const { create, values, set, errors, submit, created, done } = useShareForm(selectionId, fieldId);
  if (created) return <CreatedLink share={created} onDone={done} />;

  const failed = create.isError && !(create.error instanceof ApiError && create.error.fields) ? create.error : null;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field
        id={fieldId("clientName")}
        label={t("selections.share.clientName")}
        hint={t("selections.share.clientNameHint")}
        error={errors.clientName}
      >
        <Input
          {...fieldAria(fieldId("clientName"), errors.clientName, true)}
          value={values.clientName}
          maxLength={CLIENT_NAME_MAX}
          autoComplete="off"
          onChange={(e) => set("clientName", e.target.value)}
        />
      </Field>
      <Field id={fieldId("clientEmail")} label={t("selections.share.clientEmail")} error={errors.clientEmail}>
        <Input
          {...fieldAria(fieldId("clientEmail"), errors.clientEmail)}
          type="email"
          value={values.clientEmail}
          autoComplete="off"
          onChange={(e) => set("clientEmail", e.target.value)}
        />
      </Field>
      <Field
        id={fieldId("expiresAt")}
        label={t("selections.share.expires")}
        hint={t("selections.share.expiresHint", { days: SHARE_MAX_DAYS })}
        error={errors.expiresAt}
      >
        <Input
          {...fieldAria(fieldId("expiresAt"), errors.expiresAt, true)}
          type="date"
          min={dayAfter(0)}
          max={dayAfter(SHARE_MAX_DAYS)}
          value={values.day}
          onChange={(e) => set("day", e.target.value)}
        />
      </Field>
      <Field
        id={fieldId("password")}
        label={t("selections.share.password")}
        hint={t("selections.share.passwordHint")}
        error={errors.password}
      >
        <Input
          {...fieldAria(fieldId("password"), errors.password, true)}
          type="text"
          value={values.password}
          maxLength={SHARE_PASSWORD_MAX}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => set("password", e.target.value)}
        />
      </Field>
      {failed ? (
        <Alert variant="destructive" className="sm:col-span-2">
          <AlertDescription>{failed instanceof ApiError ? failed.message : t("selections.share.failed")}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        <Link2 aria-hidden="true" />
        {create.isPending ? t("selections.share.creating") : t("selections.share.create")}
      </Button>
    </form>
  );
}

/** The link just made, shown this once: selected in a read-only field, with «Copiar». */
function CreatedLink({ share, onDone }: { share: CreatedShare & { clientName: string }; onDone: () => void }) {
  const t = useT();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [share.url]);
  const copyLink = async () => setCopy((await copyText(share.url)) ? "copied" : "failed");
  return (
    <div role="status" className="grid gap-3 rounded-xl border-2 border-success/60 bg-success/5 p-4 sm:p-5">
      <p className="font-semibold [overflow-wrap:anywhere]">{t("selections.share.created", { client: share.clientName })}</p>
      <p id="share-url-warning" className="text-sm font-medium">
        {t("selections.share.copyNow")}
      </p>
      <div className="grid gap-2">
        <Label htmlFor="share-url">{t("selections.share.url")}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="share-url"
            ref={field}
            readOnly
            value={share.url}
            aria-describedby="share-url-warning"
            spellCheck={false}
            className="font-mono"
            data-testid="share-url"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" className="shrink-0" onClick={() => void copyLink()}>
            {copy === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {t("selections.share.copy")}
          </Button>
        </div>
        <p className="min-h-5 text-sm">
          {copy === "copied" ? t("selections.share.copied") : copy === "failed" ? t("selections.share.copyFailed") : ""}
        </p>
      </div>
      <Button type="button" className="justify-self-start" onClick={onDone}>
        {t("selections.share.done")}
      </Button>
    </div>
  );
}
