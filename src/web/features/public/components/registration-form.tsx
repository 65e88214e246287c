import { useLanguage, useT } from "@web/lib/language";
import { formatTimeRangeFor } from "@common/dates-language";
import { FORM_SECTIONS, REGISTRANT_FIELD_NAMES, fieldLabel, registrantFields } from "@common/registrant/fields";
import type { PublicEvent, PublicTimeslot } from "@common/schemas/public-responses";
import { PUBLIC_REGISTRATION_FIELDS } from "@common/schemas/registration";
import { Loader2 } from "lucide-react";
import {
  useRegistrationForm,
  type PhotoErrors,
  type RegistrationFormCallbacks,
  type RegistrationFormErrors,
} from "../hooks/use-registration-form";
import { PHOTO_KINDS } from "@common/photos";
import { ErrorSummary } from "./error-summary";
import { PhotoPickers, photoFieldId } from "./photo-pickers";
import { Notice, PublicButton } from "./public-ui";
import { RegistrantControl } from "./registrant-control";
import { TimeslotOptions } from "./timeslot-options";
import { ConsentFields, type ConsentErrors } from "./consent-fields";
import type { MessageId, Translate } from "@common/i18n";

/** The consent part's fields in the error summary, in the form's order. */
const CONSENT_FIELDS: Array<[keyof ConsentErrors, MessageId]> = [
  ["guardianName", "privacy.guardian.name"],
  ["guardianEmail", "privacy.guardian.email"],
  ["consentDataProcessing", "privacy.consent.legend"],
  ["privacyNoticeVersion", "privacy.notice.title"],
  ["consentPhotoScouting", "privacy.consent.legend"],
];

/** Every message of the form, in its order, for the summary: the fields, the photos, the consent. */
function errorSummary(t: Translate, errors: RegistrationFormErrors, photoErrors: PhotoErrors, consentErrors: ConsentErrors) {
  return PUBLIC_REGISTRATION_FIELDS.flatMap((field): Array<[string, string, string]> => {
    const message = errors[field];
    const label = field === "timeslotId" ? t("public.register.timeslotLabel") : fieldLabel(field);
    return message ? [[field, label, message]] : [];
  }).concat(
    PHOTO_KINDS.flatMap((kind): Array<[string, string, string]> => {
      const message = photoErrors[kind];
      return message ? [[photoFieldId(kind), t(`public.photos.kinds.${kind}`), message]] : [];
    }),
    CONSENT_FIELDS.flatMap(([field, label]): Array<[string, string, string]> => {
      const message = consentErrors[field];
      return message ? [[field === "privacyNoticeVersion" ? "consentDataProcessing" : field, t(label), message]] : [];
    }),
  );
}

const consentProps = (form: ReturnType<typeof useRegistrationForm>, event: PublicEvent) => ({
  value: form.consent,
  errors: form.consentErrors,
  asksPhotos: event.photos !== "off",
  minor: form.minor,
  onChange: form.setConsent,
});

/**
 * A full slot: its waiting list offered, or, once the slot has started, said to be closed (issue 19);
 * and the slots that still have room, each a button that picks it (issue 32).
 */
function FullSlotNotice({
  form: { waitlist, closed, set },
  timeslots,
}: {
  form: Pick<ReturnType<typeof useRegistrationForm>, "waitlist" | "closed" | "set">;
  timeslots: PublicTimeslot[];
}) {
  const { t, language } = useLanguage();
  if (!closed && !waitlist) return null;
  const withRoom = timeslots.filter((slot) => slot.availableSpots > 0);
  const choose = (timeslotId: string) => {
    set("timeslotId", timeslotId);
    // The chosen slot's radio takes the id "timeslotId": focus follows the choice there.
    requestAnimationFrame(() => document.getElementById("timeslotId")?.focus());
  };
  return (
    <Notice tone="warning">
      <p>{closed ? t("public.waitlist.closed") : t("public.waitlist.offerJoin")}</p>
      {withRoom.length > 0 ? (
        <>
          <p className="mt-2">{t("public.waitlist.withRoom")}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {withRoom.map((slot) => (
              <li key={slot.id}>
                <PublicButton variant="outline" className="min-h-11 px-3 text-sm" onClick={() => choose(slot.id)}>
                  {t("public.waitlist.chooseSlot", {
                    time: formatTimeRangeFor(language, slot.startTime, slot.endTime),
                    count: slot.availableSpots,
                  })}
                </PublicButton>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Notice>
  );
}

/** The registrant's fields, section by section; a field's message is the submit's, or what is said at once (under 16). */
function RegistrantSections({
  form: { values, errors, early, set },
}: {
  form: Pick<ReturnType<typeof useRegistrationForm>, "values" | "errors" | "early" | "set">;
}) {
  const t = useT();
  return FORM_SECTIONS.map((section) => (
    <section key={section} className="grid gap-4 sm:grid-cols-2" aria-labelledby={`section-${section}`}>
      <h2 id={`section-${section}`} className="text-lg font-semibold sm:col-span-2">
        {t(`registrant.sections.${section}`)}
      </h2>
      {REGISTRANT_FIELD_NAMES.filter((name) => registrantFields[name].section === section).map((name) => (
        <RegistrantControl
          key={name}
          name={name}
          value={values[name]}
          error={errors[name] ?? early[name]}
          onChange={(value) => set(name, value)}
        />
      ))}
    </section>
  ));
}

interface RegistrationFormProps extends RegistrationFormCallbacks {
  event: PublicEvent;
  /** The walk-in poster's token (issue 35): no slot to choose, the server assigns it. */
  walkIn?: string | undefined;
  /** The person starts on the form (focus or touch): the page may refresh the slots' availability. */
  onStarted?: () => void;
}

/** The public registration form: the registrant's fields section by section, the slot, the submit. */
export function RegistrationForm({ event, onStarted, walkIn, ...callbacks }: RegistrationFormProps) {
  const t = useT();
  const form = useRegistrationForm(event, callbacks, walkIn);
  const { values, errors, busy, formError, summaryRef, set, submit, photos, photoErrors, setPhoto, consentErrors, waitlist } =
    form;
  const summary = errorSummary(t, errors, photoErrors, consentErrors);

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-6"
      aria-busy={busy}
      onFocusCapture={onStarted}
      onPointerDownCapture={onStarted}
    >
      <ErrorSummary ref={summaryRef} errors={summary} />

      <RegistrantSections form={form} />

      {walkIn === undefined ? (
        <section aria-labelledby="section-timeslot" className="grid gap-2">
          <h2 id="section-timeslot" className="text-lg font-semibold">
            {t("public.register.sections.timeslot")}
          </h2>
          <TimeslotOptions
            timeslots={event.timeslots}
            value={values.timeslotId}
            error={errors.timeslotId}
            onChange={(id) => set("timeslotId", id)}
          />
        </section>
      ) : null}

      {event.photos !== "off" ? (
        <PhotoPickers eventId={event.id} setting={event.photos} photos={photos} errors={photoErrors} onChange={setPhoto} />
      ) : null}

      <ConsentFields {...consentProps(form, event)} />

      {/* Honeypot: hidden from people and assistive technology; bots fill every field. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="website">{t("public.register.honeypotLabel")}</label>
        <input
          id="website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(e) => set("website", e.target.value)}
        />
      </div>

      {formError ? <Notice tone="destructive">{formError}</Notice> : null}
      <FullSlotNotice form={form} timeslots={event.timeslots} />

      <PublicButton type="submit" className="w-full sm:w-auto sm:justify-self-start" disabled={busy}>
        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {busy
          ? t("public.register.submitting")
          : walkIn !== undefined
            ? t("public.walkIn.submit")
            : waitlist
              ? t("public.waitlist.join")
              : t("public.register.submit")}
      </PublicButton>
    </form>
  );
}
