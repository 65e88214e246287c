import { EYE_COLORS, MEASUREMENT_BOUNDS } from "@common/constants";
import { todayIso } from "@common/dates";
import type { PublicEvent, RegistrationCreated } from "@common/schemas/public-responses";
import {
  ageToday,
  fieldErrors,
  PUBLIC_REGISTRATION_FIELDS,
  publicRegistrationSchema,
  type PublicRegistrationField,
} from "@common/schemas/registration";
import { publicTexts } from "@common/texts/public";
import { Loader2 } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { ApiError } from "@web/lib/api";
import { createRegistration } from "../api/create-registration";
import { ErrorSummary } from "./error-summary";
import { NumberStepper } from "./number-stepper";
import { controlAria, controlClass, FormField, Notice, PublicButton } from "./public-ui";
import { TimeslotOptions } from "./timeslot-options";

const texts = publicTexts.register;
const labels = texts.fields;

type Measurement = "height" | "bust" | "waist" | "hips";

/** What the controls hold; `toInput` turns it into the shared schema's input. */
export interface RegistrationFormValues {
  fullName: string;
  dateOfBirth: string;
  location: string;
  email: string;
  phoneNumber: string;
  height: string;
  bust: string;
  waist: string;
  hips: string;
  eyeColor: string;
  instagramHandle: string;
  internationalWork: "" | "yes" | "no";
  timeslotId: string;
  website: string;
}

type Errors = Partial<Record<PublicRegistrationField, string>>;

const optional = (value: string) => (value === "" ? undefined : value);
const integer = (value: string) => (value === "" ? undefined : Number(value));

function toInput(values: RegistrationFormValues) {
  return {
    fullName: values.fullName,
    dateOfBirth: values.dateOfBirth,
    location: values.location,
    email: values.email,
    phoneNumber: values.phoneNumber,
    height: integer(values.height),
    bust: integer(values.bust),
    waist: integer(values.waist),
    hips: integer(values.hips),
    eyeColor: optional(values.eyeColor),
    instagramHandle: values.instagramHandle,
    internationalWork: values.internationalWork === "" ? undefined : values.internationalWork === "yes",
    timeslotId: optional(values.timeslotId),
    website: optional(values.website),
  };
}

function validate(values: RegistrationFormValues) {
  const result = publicRegistrationSchema.safeParse(toInput(values));
  return result.success ? { data: result.data, errors: {} as Errors } : { data: null, errors: fieldErrors(result.error) };
}

function initialValues(event: PublicEvent): RegistrationFormValues {
  const [only] = event.timeslots;
  return {
    fullName: "",
    dateOfBirth: "",
    location: "",
    email: "",
    phoneNumber: "",
    height: "",
    bust: "",
    waist: "",
    hips: "",
    eyeColor: "",
    instagramHandle: "",
    internationalWork: "",
    // A single slot is preselected (SPEC.md §5), if it has room.
    timeslotId: event.timeslots.length === 1 && only && only.availableSpots > 0 ? only.id : "",
    website: "",
  };
}

interface RegistrationFormProps {
  event: PublicEvent;
  onRegistered: (result: RegistrationCreated) => void;
  /** The slots changed under us (one filled up): reload their availability. */
  onSlotsStale: () => void;
  onEventGone: () => void;
}

export function RegistrationForm({ event, onRegistered, onSlotsStale, onEventGone }: RegistrationFormProps) {
  const [values, setValues] = useState(() => initialValues(event));
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const set = <K extends keyof RegistrationFormValues>(field: K, value: RegistrationFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field === "website") return;
    const name = field as PublicRegistrationField;
    // After a first attempt, a field's message follows what is typed; before, nobody is scolded mid-typing.
    setErrors((current) => ({ ...current, [name]: attempted ? validate(next).errors[name] : undefined }));
  };

  const showErrors = (next: Errors) => {
    setErrors(next);
    // Focus moves to the summary once it is rendered.
    requestAnimationFrame(() => summaryRef.current?.focus());
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
      onRegistered(await createRegistration(event.id, { ...data, website: optional(values.website) }));
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) return setFormError(publicTexts.errors.submitFailed);
      switch (error.code) {
        case "duplicate_registration":
          return showErrors({ email: publicTexts.errors.duplicate });
        case "timeslot_full":
          setValues((current) => ({ ...current, timeslotId: "" }));
          onSlotsStale();
          return showErrors({ timeslotId: publicTexts.errors.timeslotFull });
        case "event_not_found":
          return onEventGone();
        case "rate_limited":
          return setFormError(publicTexts.errors.rateLimited);
        case "validation_failed":
          if (error.fields && Object.keys(error.fields).length > 0) return showErrors(error.fields as Errors);
          return setFormError(publicTexts.errors.submitFailed);
        default:
          return setFormError(publicTexts.errors.submitFailed);
      }
    }
  }

  const summary = PUBLIC_REGISTRATION_FIELDS.flatMap((field): Array<[string, string, string]> => {
    const message = errors[field];
    return message ? [[field, labels[field], message]] : [];
  });
  const age = values.dateOfBirth ? ageToday(values.dateOfBirth) : null;

  const text = (
    field: "fullName" | "location" | "email" | "phoneNumber" | "instagramHandle",
    props: { type?: string; autoComplete?: string; inputMode?: "email" | "tel" | "text"; hint?: string } = {},
  ) => (
    <FormField id={field} label={labels[field]} error={errors[field]} hint={props.hint}>
      <input
        {...controlAria(field, errors[field], Boolean(props.hint))}
        name={field}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        className={`${controlClass} h-12`}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
      />
    </FormField>
  );

  const stepper = (field: Measurement) => {
    const { min, max } = MEASUREMENT_BOUNDS[field];
    return (
      <FormField id={field} label={labels[field]} error={errors[field]}>
        <NumberStepper
          id={field}
          label={labels[field]}
          value={values[field]}
          min={min}
          max={max}
          error={errors[field]}
          onChange={(value) => set(field, value)}
        />
      </FormField>
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-busy={busy}>
      <ErrorSummary ref={summaryRef} errors={summary} />

      <section className="grid gap-4 sm:grid-cols-2" aria-labelledby="section-personal">
        <h2 id="section-personal" className="text-lg font-semibold sm:col-span-2">
          {texts.sections.personal}
        </h2>
        {text("fullName", { autoComplete: "name" })}
        <div className="grid gap-2">
          <FormField id="dateOfBirth" label={labels.dateOfBirth} error={errors.dateOfBirth}>
            <input
              {...controlAria("dateOfBirth", errors.dateOfBirth)}
              name="dateOfBirth"
              type="date"
              autoComplete="bday"
              max={todayIso()}
              className={`${controlClass} h-12`}
              value={values.dateOfBirth}
              onChange={(e) => set("dateOfBirth", e.target.value)}
            />
          </FormField>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {age !== null ? `${labels.age}: ${texts.ageValue(age)}` : null}
          </p>
        </div>
        {text("location", { autoComplete: "address-level2" })}
        {text("email", { type: "email", inputMode: "email", autoComplete: "email" })}
        {text("phoneNumber", { type: "tel", inputMode: "tel", autoComplete: "tel", hint: texts.hints.phoneNumber })}
      </section>

      <section className="grid gap-4 sm:grid-cols-2" aria-labelledby="section-measurements">
        <h2 id="section-measurements" className="text-lg font-semibold sm:col-span-2">
          {texts.sections.measurements}
        </h2>
        {stepper("height")}
        {stepper("bust")}
        {stepper("waist")}
        {stepper("hips")}
      </section>

      <section className="grid gap-4 sm:grid-cols-2" aria-labelledby="section-extra">
        <h2 id="section-extra" className="text-lg font-semibold sm:col-span-2">
          {texts.sections.extra}
        </h2>
        <FormField id="eyeColor" label={labels.eyeColor} error={errors.eyeColor}>
          <select
            {...controlAria("eyeColor", errors.eyeColor)}
            name="eyeColor"
            className={`${controlClass} h-12`}
            value={values.eyeColor}
            onChange={(e) => set("eyeColor", e.target.value)}
          >
            <option value="">{texts.choose}</option>
            {EYE_COLORS.map((color) => (
              <option key={color} value={color}>
                {color}
              </option>
            ))}
          </select>
        </FormField>
        {text("instagramHandle", { autoComplete: "off", hint: texts.hints.instagramHandle })}
        <FormField id="internationalWork" label={labels.internationalWork} error={errors.internationalWork} className="sm:col-span-2">
          <select
            {...controlAria("internationalWork", errors.internationalWork)}
            name="internationalWork"
            className={`${controlClass} h-12 sm:max-w-xs`}
            value={values.internationalWork}
            onChange={(e) => set("internationalWork", e.target.value as RegistrationFormValues["internationalWork"])}
          >
            <option value="">{texts.choose}</option>
            <option value="yes">{texts.yes}</option>
            <option value="no">{texts.no}</option>
          </select>
        </FormField>
      </section>

      <section aria-labelledby="section-timeslot" className="grid gap-2">
        <h2 id="section-timeslot" className="text-lg font-semibold">
          {texts.sections.timeslot}
        </h2>
        <TimeslotOptions
          timeslots={event.timeslots}
          value={values.timeslotId}
          error={errors.timeslotId}
          onChange={(id) => set("timeslotId", id)}
        />
      </section>

      {/* Honeypot: hidden from people and assistive technology; bots fill every field. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="website">{labels.website}</label>
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

      <PublicButton type="submit" className="w-full sm:w-auto sm:justify-self-start" disabled={busy}>
        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {busy ? texts.submitting : texts.submit}
      </PublicButton>
    </form>
  );
}
