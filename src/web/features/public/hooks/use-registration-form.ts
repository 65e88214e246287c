import { emptyControlValues, fromControlValues, type ControlValues } from "@common/registrant/form-values";
import { fieldErrors } from "@common/registrant/schemas";
import type { PublicEvent, RegistrationCreated } from "@common/schemas/public-responses";
import { publicRegistrationSchema, type PublicRegistrationField } from "@common/schemas/registration";
import { t } from "@common/i18n";
import { useRef, useState, type FormEvent } from "react";
import { ApiError } from "@web/lib/api";
import { createRegistration } from "../api/create-registration";

/** What the controls hold: the registrant's fields, the slot and the honeypot. */
export type RegistrationFormValues = ControlValues & { timeslotId: string; website: string };
export type RegistrationFormErrors = Partial<Record<PublicRegistrationField, string>>;

const optional = (value: string) => (value === "" ? undefined : value);

function validate(values: RegistrationFormValues) {
  const input = { ...fromControlValues(values), timeslotId: optional(values.timeslotId), website: optional(values.website) };
  const result = publicRegistrationSchema.safeParse(input);
  return result.success
    ? { data: result.data, errors: {} as RegistrationFormErrors }
    : { data: null, errors: fieldErrors<PublicRegistrationField>(result.error) };
}

function initialValues(event: PublicEvent): RegistrationFormValues {
  const [only] = event.timeslots;
  // A single slot is preselected (SPEC.md §5), if it has room.
  const timeslotId = event.timeslots.length === 1 && only && only.availableSpots > 0 ? only.id : "";
  return { ...emptyControlValues(), timeslotId, website: "" };
}

export interface RegistrationFormCallbacks {
  onRegistered: (result: RegistrationCreated) => void;
  /** The slots changed under us (one filled up): reload their availability. */
  onSlotsStale: () => void;
  onEventGone: () => void;
}

/**
 * The public form's state: what is typed, each field's message (shown once a submit was tried, then
 * following what is typed), and the submit with the server's answers mapped to fields or a notice.
 */
export function useRegistrationForm(event: PublicEvent, { onRegistered, onSlotsStale, onEventGone }: RegistrationFormCallbacks) {
  const [values, setValues] = useState(() => initialValues(event));
  const [errors, setErrors] = useState<RegistrationFormErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const set = (field: keyof RegistrationFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field === "website") return;
    // Before a first attempt nobody is scolded mid-typing.
    setErrors((current) => ({ ...current, [field]: attempted ? validate(next).errors[field] : undefined }));
  };

  const showErrors = (next: RegistrationFormErrors) => {
    setErrors(next);
    // Focus moves to the summary once it is rendered.
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) return setFormError(t("public.errors.submitFailed"));
    switch (error.code) {
      case "duplicate_registration":
        return showErrors({ email: t("public.errors.duplicate") });
      case "timeslot_full":
        setValues((current) => ({ ...current, timeslotId: "" }));
        onSlotsStale();
        return showErrors({ timeslotId: t("public.errors.timeslotFull") });
      case "event_not_found":
        return onEventGone();
      case "rate_limited":
        return setFormError(t("public.errors.rateLimited"));
      case "validation_failed":
        if (error.fields && Object.keys(error.fields).length > 0) return showErrors(error.fields as RegistrationFormErrors);
        return setFormError(t("public.errors.submitFailed"));
      default:
        return setFormError(t("public.errors.submitFailed"));
    }
  };

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (busy) return;
    setAttempted(true);
    setFormError(null);
    const { data, errors: found } = validate(values);
    if (!data) return showErrors(found);
    setBusy(true);
    try {
      onRegistered(await createRegistration(event.id, data));
    } catch (error) {
      setBusy(false);
      refused(error);
    }
  }

  return { values, errors, busy, formError, summaryRef, set, submit };
}
