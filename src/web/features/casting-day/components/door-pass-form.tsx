import { DOOR_PASS_MAX_HOURS, DOOR_PASS_NAME_MAX } from "@common/schemas/queue";
import { agencyDateTime } from "@common/dates-language";
import type { Translate } from "@common/i18n";
import { useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { fieldErrorsOf, FormFailure } from "@web/features/integrations";
import { useT } from "@web/lib/language";
import { useCreateDoorPass, type CreatedDoorPass } from "../api/create-door-pass";

export const PASS_NAME_FIELD_ID = "door-pass-name";
const EXPIRES_ID = "door-pass-expires";
const FIELDS = ["name", "expiresAt"] as const;
const HOUR_MS = 3_600_000;

/** Buenos Aires keeps UTC−3 all year: the agency's wall clock as an offset. */
const AGENCY_OFFSET = "-03:00";
/** A moment as a `datetime-local` value on the agency's clock. */
const wallClock = (moment: Date) => agencyDateTime(moment).replace(" ", "T");
/** A `datetime-local` value on the agency's clock as the moment it names. */
export const momentOf = (value: string) => `${value.slice(0, 16)}:00${AGENCY_OFFSET}`;

/** The end of the event's day, unless that is past or more than DOOR_PASS_MAX_HOURS away: then the most a pass lasts. */
export function defaultExpiry(eventDate: string, now = new Date()): string {
  const endOfDay = new Date(momentOf(`${eventDate}T23:59`));
  const latest = new Date(now.getTime() + DOOR_PASS_MAX_HOURS * HOUR_MS);
  return wallClock(endOfDay > now && endOfDay < latest ? endOfDay : latest);
}

type PassErrors = { name?: string; expiresAt?: string };

/** What the form can tell before sending: a name, and an expiry ahead but not past the most a pass lasts. */
function checkPass(t: Translate, name: string, expiry: string): PassErrors {
  const found: PassErrors = {};
  if (!name.trim()) found.name = t("castingday.passes.nameRequired");
  const moment = expiry ? new Date(momentOf(expiry)).getTime() : NaN;
  if (Number.isNaN(moment)) found.expiresAt = t("castingday.passes.expiryRequired");
  else if (moment <= Date.now()) found.expiresAt = t("castingday.passes.expiryPast");
  else if (moment > Date.now() + DOOR_PASS_MAX_HOURS * HOUR_MS)
    found.expiresAt = t("castingday.passes.expiryTooLate", { hours: DOOR_PASS_MAX_HOURS });
  return found;
}

/** The new pass's form: the volunteer's name and when the pass stops working (at most 24 hours ahead). */
export function DoorPassForm({
  eventId,
  eventDate,
  onCreated,
}: {
  eventId: string;
  eventDate: string;
  onCreated: (pass: CreatedDoorPass, name: string) => void;
}) {
  const t = useT();
  const create = useCreateDoorPass(eventId);
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState(() => defaultExpiry(eventDate));
  const [clientErrors, setClientErrors] = useState<PassErrors | null>(null);
  const errors = clientErrors ?? fieldErrorsOf(FIELDS, create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPass(t, name, expiry);
    if (found.name || found.expiresAt) {
      setClientErrors(found);
      requestAnimationFrame(() => document.getElementById(found.name ? PASS_NAME_FIELD_ID : EXPIRES_ID)?.focus());
      return;
    }
    setClientErrors(null);
    const body = { name: name.trim(), expiresAt: momentOf(expiry) };
    create.mutate(body, {
      onSuccess: (created) => {
        setName("");
        setExpiry(defaultExpiry(eventDate));
        onCreated(created, body.name);
      },
    });
  };

  const otherFailure = !clientErrors && create.isError && !errors.name && !errors.expiresAt ? create.error : null;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field
        id={PASS_NAME_FIELD_ID}
        label={t("castingday.passes.name")}
        hint={t("castingday.passes.nameHint")}
        error={errors.name}
      >
        <Input
          {...fieldAria(PASS_NAME_FIELD_ID, errors.name, true)}
          value={name}
          maxLength={DOOR_PASS_NAME_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field
        id={EXPIRES_ID}
        label={t("castingday.passes.expiresAt")}
        hint={t("castingday.passes.expiresAtHint", { hours: DOOR_PASS_MAX_HOURS })}
        error={errors.expiresAt}
        className="sm:max-w-xs"
      >
        <Input
          {...fieldAria(EXPIRES_ID, errors.expiresAt, true)}
          type="datetime-local"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
        />
      </Field>
      {otherFailure ? <FormFailure error={otherFailure} fallback={t("castingday.passes.createFailed")} /> : null}
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? t("castingday.creating") : t("castingday.passes.create")}
      </Button>
    </form>
  );
}
