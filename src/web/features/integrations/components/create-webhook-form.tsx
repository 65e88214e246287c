import {
  createWebhookSchema,
  WEBHOOK_URL_MAX,
  type CreatedWebhook,
  type CreateWebhookInput,
  type WebhookEvent,
} from "@common/schemas/webhooks";
import { useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { useT } from "@web/lib/language";
import { useCreateWebhook } from "../api/create-webhook";
import { capabilityLabel } from "./capability-label";
import { CheckboxFieldset } from "./checkbox-fieldset";
import { fieldErrorsOf, fieldErrorsOfIssues, focusFirstError, FormFailure, type FieldErrors } from "./form-errors";
import { eventTypeLabel, OFFERED_EVENTS, type WebhookCapability } from "./webhook-labels";

const FIELDS = ["url", "events", "permissions"] as const;
type FieldName = (typeof FIELDS)[number];

export const WEBHOOK_URL_FIELD_ID = "webhook-url";
const URL_ID = WEBHOOK_URL_FIELD_ID;
const EVENTS_ID = "webhook-events";
const PERMISSIONS_ID = "webhook-permissions";

/** Where focus goes for a field's error: a group's first checkbox stands for the group. */
const focusTarget = (field: FieldName) =>
  field === "url"
    ? document.getElementById(URL_ID)
    : document.querySelector<HTMLElement>(`#${field === "events" ? EVENTS_ID : PERMISSIONS_ID} input`);

/** Reading the registrations is what a receiver usually wants: offered ticked, when the account holds it. */
const defaultPermissions = (offered: readonly WebhookCapability[]): ReadonlySet<WebhookCapability> =>
  new Set(offered.filter((capability) => capability === "registrations.read"));

/**
 * The form that registers an endpoint: its address, the events it wants, and what its payloads may
 * carry (only what the signed-in account holds is offered). Checked with createWebhookSchema before
 * sending; the server then checks the address itself (SSRF) and answers under `fields.url`.
 */
export function CreateWebhookForm({
  offered,
  onCreated,
}: {
  offered: readonly WebhookCapability[];
  onCreated: (webhook: CreatedWebhook) => void;
}) {
  const t = useT();
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<ReadonlySet<WebhookEvent>>(new Set());
  const [permissions, setPermissions] = useState(() => defaultPermissions(offered));
  const [clientErrors, setClientErrors] = useState<FieldErrors<FieldName> | null>(null);
  const errors = clientErrors ?? fieldErrorsOf(FIELDS, create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values: CreateWebhookInput = {
      url,
      events: OFFERED_EVENTS.filter((name) => events.has(name)),
      permissions: offered.filter((capability) => permissions.has(capability)),
    };
    const parsed = createWebhookSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrorsOfIssues(FIELDS, parsed.error.issues);
      setClientErrors(found);
      focusFirstError(FIELDS, found, focusTarget);
      return;
    }
    setClientErrors(null);
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setUrl("");
        setEvents(new Set());
        setPermissions(defaultPermissions(offered));
        onCreated(created);
      },
      onError: (error) => focusFirstError(FIELDS, fieldErrorsOf(FIELDS, error), focusTarget),
    });
  };

  const otherFailure =
    !clientErrors && create.isError && Object.keys(fieldErrorsOf(FIELDS, create.error)).length === 0 ? create.error : null;
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <Field id={URL_ID} label={t("integrations.webhooks.url")} hint={t("integrations.webhooks.urlHint")} error={errors.url}>
        <Input
          {...fieldAria(URL_ID, errors.url, true)}
          type="url"
          inputMode="url"
          value={url}
          maxLength={WEBHOOK_URL_MAX}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setUrl(e.target.value)}
        />
      </Field>
      <CheckboxFieldset
        id={EVENTS_ID}
        legend={t("integrations.webhooks.events")}
        hint={t("integrations.webhooks.eventsHint")}
        options={OFFERED_EVENTS.map((name) => ({ value: name, label: eventTypeLabel(t, name), detail: name }))}
        chosen={events}
        onChange={setEvents}
        error={errors.events}
      />
      <CheckboxFieldset
        id={PERMISSIONS_ID}
        legend={t("integrations.webhooks.permissions")}
        hint={t("integrations.webhooks.permissionsHint")}
        options={offered.map((capability) => ({ value: capability, label: capabilityLabel(t, capability) }))}
        chosen={permissions}
        onChange={setPermissions}
        error={errors.permissions}
      />
      {otherFailure ? <FormFailure error={otherFailure} fallback={t("integrations.webhooks.createFailed")} /> : null}
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? t("integrations.webhooks.creating") : t("integrations.webhooks.create")}
      </Button>
    </form>
  );
}
