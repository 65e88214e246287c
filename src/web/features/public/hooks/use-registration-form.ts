import { emptyControlValues, fromControlValues, type ControlValues } from "@common/registrant/form-values";
import { fieldErrors } from "@common/registrant/schemas";
import { ageToday } from "@common/registrant/normalize";
import { MIN_REGISTRATION_AGE } from "@common/constants";
import type { PublicEvent, RegistrationCreated } from "@common/schemas/public-responses";
import type { WaitlistJoined } from "@common/schemas/self-service";
import { publicRegistrationSchema, type PublicRegistrationField } from "@common/schemas/registration";
import { t } from "@common/i18n";
import { visitSource } from "@common/public-paths";
import { useRef, useState, type FormEvent } from "react";
import { ApiError } from "@web/lib/api";
import { PHOTO_KINDS, type PhotoKind } from "@common/photos";
import * as z from "zod/mini";
import { createRegistration } from "../api/create-registration";
import { joinWaitlist } from "../api/self-service";
import { createWalkInRegistration, type WalkInCreated } from "../api/walk-in";
import { emptyPhotos, photoIds, type PhotoState, type PhotoStates } from "../components/photo-pickers";
import type { ConsentErrors } from "../components/consent-fields";
import { consentInput, useConsent } from "./use-consent";

/** What the controls hold: the registrant's fields, the slot and the honeypot. */
export type RegistrationFormValues = ControlValues & { timeslotId: string; website: string };
export type RegistrationFormErrors = Partial<Record<PublicRegistrationField, string>>;
export type PhotoErrors = Partial<Record<PhotoKind, string>>;

/** The photos' messages on submit: missing when required, still uploading, failed. */
function photoProblems(event: PublicEvent, photos: PhotoStates): PhotoErrors {
  if (event.photos === "off") return {};
  const problems: PhotoErrors = {};
  for (const kind of PHOTO_KINDS) {
    const state = photos[kind];
    if (state.status === "uploading") problems[kind] = t("public.photos.stillUploading");
    else if (state.status === "failed") problems[kind] = state.message;
    else if (state.status === "empty" && event.photos === "required") problems[kind] = t("public.photos.required", { kind });
  }
  return problems;
}

const optional = (value: string) => (value === "" ? undefined : value);

/** A walk-in chooses no slot: the server assigns the one the door is in (issue 35). */
const walkInRegistrationSchema = z.omit(publicRegistrationSchema, { timeslotId: true });

function validate(values: RegistrationFormValues, walkIn: boolean) {
  const input = { ...fromControlValues(values), timeslotId: optional(values.timeslotId), website: optional(values.website) };
  const result = (walkIn ? walkInRegistrationSchema : publicRegistrationSchema).safeParse(input);
  return result.success
    ? { data: result.data, errors: {} as RegistrationFormErrors }
    : { data: null, errors: fieldErrors<PublicRegistrationField>(result.error) };
}

/**
 * What is said as soon as it is entered, before any submit (issue 32): a birth date under 16, so the
 * person does not fill the whole form first. The same message the rule gives on submit.
 */
export function earlyErrors(values: RegistrationFormValues): RegistrationFormErrors {
  const age = values.dateOfBirth ? ageToday(values.dateOfBirth) : null;
  return age !== null && age < MIN_REGISTRATION_AGE ? { dateOfBirth: t("registrant.errors.underAge") } : {};
}

function initialValues(event: PublicEvent, walkIn: boolean): RegistrationFormValues {
  const [only] = event.timeslots;
  // A single slot is preselected (docs/product.md §5); full, it offers its waiting list (issue 19).
  const timeslotId = !walkIn && event.timeslots.length === 1 && only ? only.id : "";
  return { ...emptyControlValues(), timeslotId, website: "" };
}

export interface RegistrationFormCallbacks {
  onRegistered: (result: RegistrationCreated) => void;
  /** The chosen slot was full: the person joined its waiting list instead (issue 19). */
  onJoinedWaitlist: (result: WaitlistJoined) => void;
  /** The slots changed under us (one filled up): reload their availability. */
  onSlotsStale: () => void;
  onEventGone: () => void;
  /** Walk-in mode (issue 35): registered and checked in at once. */
  onWalkedIn?: (result: WalkInCreated) => void;
}

/** What the form does with each refusal of the server: a field's message, a notice, fresh slots. */
function refusalHandler({
  setFormError,
  showErrors,
  setPhoto,
  setPhotoErrors,
  setConsentErrors,
  onSlotsStale,
  onEventGone,
  waitlist,
}: {
  setFormError: (message: string | null) => void;
  showErrors: (errors: RegistrationFormErrors) => void;
  setPhoto: (kind: PhotoKind, state: PhotoState) => void;
  setPhotoErrors: (errors: PhotoErrors) => void;
  setConsentErrors: (errors: ConsentErrors) => void;
  onSlotsStale: () => void;
  onEventGone: () => void;
  waitlist: boolean;
}) {
  return (error: unknown) => {
    if (!(error instanceof ApiError)) return setFormError(t("public.errors.submitFailed"));
    switch (error.code) {
      case "duplicate_registration":
        return showErrors({ email: waitlist ? t("public.errors.waitlistDuplicate") : t("public.errors.duplicate") });
      case "timeslot_started":
        // The slot started since the form was read: its line is closed (issue 19).
        onSlotsStale();
        return showErrors({ timeslotId: t("public.errors.waitlistSlotStarted") });
      case "timeslot_full":
        // The slot stays chosen: once its availability is read again, the form offers its waiting list.
        onSlotsStale();
        return showErrors({ timeslotId: t("public.errors.timeslotFull") });
      case "event_not_found":
        return onEventGone();
      case "rate_limited":
        return setFormError(t("public.errors.rateLimited"));
      case "photos_not_accepted":
        return setFormError(error.message);
      case "photo_unavailable":
        return setFormError(error.message);
      // The door stopped taking walk-ins, or today's are all in (issue 35): the server says which.
      case "walk_ins_closed":
      case "walk_ins_full":
        return setFormError(error.message);
      case "consent_required":
        setConsentErrors((error.fields ?? {}) as ConsentErrors);
        return showErrors({});
      case "validation_failed":
        if (error.fields && Object.keys(error.fields).length > 0) {
          const fromServer: PhotoErrors = {};
          for (const kind of PHOTO_KINDS) {
            const message = error.fields[`photos.${kind}`];
            if (message) {
              fromServer[kind] = message;
              // That upload cannot be used: the person picks the photo again.
              setPhoto(kind, { status: "empty" });
            }
          }
          setPhotoErrors(fromServer);
          return showErrors(error.fields as RegistrationFormErrors);
        }
        return setFormError(t("public.errors.submitFailed"));
      default:
        return setFormError(t("public.errors.submitFailed"));
    }
  };
}

/**
 * The public form's state: what is typed, each field's message (shown once a submit was tried, then
 * following what is typed), and the submit with the server's answers mapped to fields or a notice.
 */
export function useRegistrationForm(
  event: PublicEvent,
  { onRegistered, onJoinedWaitlist, onSlotsStale, onEventGone, onWalkedIn }: RegistrationFormCallbacks,
  /** The walk-in poster's token (issue 35): no slot is chosen, and the registration is checked in at once. */
  walkIn?: string,
) {
  const [values, setValues] = useState(() => initialValues(event, walkIn !== undefined));
  const [errors, setErrors] = useState<RegistrationFormErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<PhotoStates>(emptyPhotos);
  const [photoErrors, setPhotoErrors] = useState<PhotoErrors>({});

  const setPhoto = (kind: PhotoKind, state: PhotoState) => {
    setPhotos((current) => ({ ...current, [kind]: state }));
    setPhotoErrors((current) => ({ ...current, [kind]: undefined }));
  };
  const summaryRef = useRef<HTMLDivElement>(null);
  // The chosen slot is full: the submit joins its waiting list, unless the slot has started (its
  // line would never be offered a spot: the server refuses it, and the form does not offer it).
  const chosen = event.timeslots.find((slot) => slot.id === values.timeslotId);
  const full = walkIn === undefined && (chosen?.availableSpots ?? 1) <= 0;
  const closed = full && chosen?.started === true;
  const waitlist = full && !closed;
  // Consent and the guardian (issue 18): checked by the same rule as the server's.
  const consentPart = useConsent(event, values, photos, attempted);
  const { consent, setConsentErrors, checkConsent, minor } = consentPart;

  const set = (field: keyof RegistrationFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field === "website") return;
    // Before a first attempt nobody is scolded mid-typing.
    setErrors((current) => ({ ...current, [field]: attempted ? validate(next, walkIn !== undefined).errors[field] : undefined }));
  };

  const showErrors = (next: RegistrationFormErrors) => {
    setErrors(next);
    // Focus moves to the summary once it is rendered.
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (busy) return;
    setAttempted(true);
    setFormError(null);
    const { data, errors: found } = validate(values, walkIn !== undefined);
    const problems = photoProblems(event, photos);
    setPhotoErrors(problems);
    const consentFound = checkConsent(consent);
    setConsentErrors(consentFound);
    if (!data || Object.keys(problems).length > 0 || Object.keys(consentFound).length > 0) return showErrors(found);
    if (closed) return showErrors({ timeslotId: t("public.errors.waitlistSlotStarted") });
    setBusy(true);
    try {
      const ids = photoIds(photos);
      // Where the visit came from (issue 38): the tracked link, or the address's utm_source.
      const source = visitSource(window.location.pathname, window.location.search);
      const body = {
        ...data,
        ...consentInput(consent, minor),
        privacyNoticeVersion: event.privacyNoticeVersion,
        ...(source ? { source } : {}),
      };
      const withPhotos = Object.keys(ids).length > 0 ? { ...body, photos: ids } : body;
      // The chosen slot, as the rule above accepted it (a walk-in's is the server's).
      const { timeslotId } = values;
      if (walkIn !== undefined) onWalkedIn?.(await createWalkInRegistration(event.id, { ...withPhotos, walkIn }));
      else if (waitlist) onJoinedWaitlist(await joinWaitlist(event.id, { ...withPhotos, timeslotId }));
      else onRegistered(await createRegistration(event.id, { ...withPhotos, timeslotId }));
    } catch (error) {
      setBusy(false);
      refusalHandler({
        setFormError,
        showErrors,
        setPhoto,
        setPhotoErrors,
        setConsentErrors: consentPart.setConsentErrors,
        onSlotsStale,
        onEventGone,
        waitlist,
      })(error);
    }
  }

  const form = { values, errors, early: earlyErrors(values), busy, formError, summaryRef, set, submit, waitlist, closed };
  return { ...form, photos, photoErrors, setPhoto, ...consentPart };
}
