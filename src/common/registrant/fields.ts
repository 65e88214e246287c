/**
 * The registrant's fields, each defined once: its rule (what is accepted, how it is cleaned, the
 * message when it is wrong), its kind (which control edits it, how it is shown, stored and
 * exported), whether it is required, and where it appears. The public form, the staff edit form,
 * the replies, the staff list, the PDF sheet, the CSV columns and the registration's SQL are all
 * composed from `registrantFields`; docs/adding-a-field.md walks through adding one.
 *
 * Rules are written with zod/mini: this module reaches the public form's bundle, whose budget is
 * small (classic zod alone is ~90 KB gzip, zod/mini ~6 KB). Classic zod schemas compose them too.
 */
import * as z from "zod/mini";
import { EYE_COLORS, MEASUREMENT_BOUNDS, MIN_REGISTRATION_AGE } from "../constants";
import { isOneLineText } from "../text";
import { t, type MessageId } from "../i18n";
import { ageToday, normalizeEmail, normalizeInstagram, normalizePhone, PHONE_CHARACTERS } from "./normalize";

/** A rule's message, made when a value is checked: in the language of whoever checks it. */
const m = (id: MessageId, values?: Record<string, number>) => ({ error: () => t(id, values) });

/**
 * What kind of value a field holds: it decides the field's control on each form, how a value is
 * shown (list, PDF), its CSV cell, and its SQL type.
 */
export type FieldKind = "text" | "email" | "phone" | "instagram" | "birthDate" | "measurement" | "choice" | "yesNo";

/** The value as stored and answered, per kind. */
export type StoredValue<K extends FieldKind> = K extends "measurement" ? number : K extends "yesNo" ? boolean : string;

/**
 * - always: required on the public form and for staff;
 * - onRegistration: required on the public form, optional (null) when staff edit it (SPEC.md §5);
 * - never: optional everywhere (null when not given).
 */
export type Requirement = "always" | "onRegistration" | "never";

/** The public form's sections, in order; the PDF sheet follows them too. */
export const FORM_SECTIONS = ["personal", "measurements", "extra"] as const;
export type FormSection = (typeof FORM_SECTIONS)[number];

export interface FieldDefinition<K extends FieldKind = FieldKind, R extends Requirement = Requirement> {
  kind: K;
  requirement: R;
  section: FormSection;
  /** The rule of a given value: it cleans the value (trim, lower-case, digits…) and says what is wrong. */
  rule: z.ZodMiniType<StoredValue<K>>;
  /** Column header in scouting.csv. */
  csvHeader: string;
  /**
   * Shown among the details of each row of the staff list. The row lays out the name, age, place
   * and e-mail itself, and Instagram is a button.
   */
  listed: boolean;
  /** Details of one group are shown together ("85-62-90") under the group's label. */
  group?: "measurements";
  /** The browser's autofill hint. */
  autoComplete?: string;
  /** Bounds of a measurement (its stepper's range). */
  bounds?: { min: number; max: number };
  /** The options of a choice. */
  options?: readonly string[];
}

interface Placement<R extends Requirement> {
  requirement: R;
  section: FormSection;
  csvHeader: string;
  listed?: boolean;
  autoComplete?: string;
}

function field<K extends FieldKind, R extends Requirement>(
  kind: K,
  rule: z.ZodMiniType<StoredValue<K>>,
  placement: Placement<R>,
  extra: Pick<FieldDefinition, "group" | "bounds" | "options"> = {},
): FieldDefinition<K, R> {
  return { kind, rule, ...placement, listed: placement.listed ?? true, ...extra };
}

// ---------------------------------------------------------------- the rules of each kind

const oneLine = z.refine<string>(isOneLineText, m("registrant.errors.controlCharacters"));

const textRule = (max: number) =>
  z
    .string(m("registrant.errors.required"))
    .check(
      z.trim(),
      z.minLength(1, { ...m("registrant.errors.required"), abort: true }),
      z.maxLength(max, m("registrant.errors.tooLong", { max })),
      oneLine,
    );

const emailRule = () =>
  z.pipe(
    z
      .string(m("registrant.errors.required"))
      .check(z.overwrite(normalizeEmail), z.minLength(1, { ...m("registrant.errors.required"), abort: true })),
    // The e-mail format admits no control character.
    z.email(m("registrant.errors.invalidEmail")).check(z.maxLength(254, m("registrant.errors.invalidEmail"))),
  );

const phoneRule = () =>
  z.string(m("registrant.errors.required")).check(
    z.trim(),
    z.minLength(1, { ...m("registrant.errors.required"), abort: true }),
    // Letters are a mistake to point out, not something to strip silently.
    z.regex(PHONE_CHARACTERS, { ...m("registrant.errors.invalidPhone"), abort: true }),
    z.overwrite(normalizePhone),
    z.regex(/^\d{6,15}$/, m("registrant.errors.invalidPhone")),
  );

const instagramRule = () =>
  z
    .string(m("registrant.errors.required"))
    .check(
      z.overwrite(normalizeInstagram),
      z.minLength(1, { ...m("registrant.errors.required"), abort: true }),
      z.regex(/^[A-Za-z0-9._]{1,30}$/, m("registrant.errors.invalidInstagram")),
    );

/** A birth date: a real, past date, and old enough to register (SPEC.md §5: 16). */
const birthDateRule = () =>
  z.string(m("registrant.errors.required")).check(
    z.minLength(1, { ...m("registrant.errors.required"), abort: true }),
    z.refine((value) => ageToday(value) !== null, { ...m("registrant.errors.invalidDate"), abort: true }),
    z.refine((value) => (ageToday(value) ?? 0) >= MIN_REGISTRATION_AGE, m("registrant.errors.underAge")),
  );

const measurementRule = ({ min, max }: { min: number; max: number }) => {
  const message = m("registrant.errors.between", { min, max });
  return z.number(message).check(z.int(message), z.gte(min, message), z.lte(max, message));
};

// ---------------------------------------------------------------- the kinds

const text = <R extends Requirement>(max: number, placement: Placement<R>) => field("text", textRule(max), placement);

const measurement = <R extends Requirement>(name: keyof typeof MEASUREMENT_BOUNDS, placement: Omit<Placement<R>, "section">) => {
  const bounds = MEASUREMENT_BOUNDS[name];
  return field(
    "measurement",
    measurementRule(bounds),
    { ...placement, section: "measurements" },
    { bounds, group: name === "height" ? undefined : "measurements" },
  );
};

const choice = <R extends Requirement>(options: readonly [string, ...string[]], message: MessageId, placement: Placement<R>) =>
  field("choice", z.enum(options, m(message)) as z.ZodMiniType<string>, placement, { options });

// ---------------------------------------------------------------- the fields, in the forms' order

export const registrantFields = {
  fullName: text(120, {
    requirement: "always",
    section: "personal",
    csvHeader: "Full Name",
    listed: false,
    autoComplete: "name",
  }),
  dateOfBirth: field("birthDate", birthDateRule(), {
    requirement: "always",
    section: "personal",
    csvHeader: "Date of Birth",
    listed: false,
    autoComplete: "bday",
  }),
  location: text(120, {
    requirement: "always",
    section: "personal",
    csvHeader: "Location",
    listed: false,
    autoComplete: "address-level2",
  }),
  email: field("email", emailRule(), {
    requirement: "always",
    section: "personal",
    csvHeader: "Email",
    listed: false,
    autoComplete: "email",
  }),
  phoneNumber: field("phone", phoneRule(), {
    requirement: "always",
    section: "personal",
    csvHeader: "Phone Number",
    autoComplete: "tel",
  }),
  height: measurement("height", { requirement: "always", csvHeader: "Height" }),
  bust: measurement("bust", { requirement: "onRegistration", csvHeader: "Bust" }),
  waist: measurement("waist", { requirement: "onRegistration", csvHeader: "Waist" }),
  hips: measurement("hips", { requirement: "onRegistration", csvHeader: "Hips" }),
  eyeColor: choice(EYE_COLORS, "registrant.errors.eyeColor", {
    requirement: "onRegistration",
    section: "extra",
    csvHeader: "Eye Color",
  }),
  instagramHandle: field("instagram", instagramRule(), {
    requirement: "onRegistration",
    section: "extra",
    csvHeader: "Instagram Handle",
    listed: false,
    autoComplete: "off",
  }),
  internationalWork: field("yesNo", z.boolean(m("registrant.errors.internationalWork")), {
    requirement: "always",
    section: "extra",
    csvHeader: "International Work",
  }),
} satisfies Record<string, FieldDefinition>;

export type RegistrantFields = typeof registrantFields;
export type RegistrantFieldName = keyof RegistrantFields;
export const REGISTRANT_FIELD_NAMES = Object.keys(registrantFields) as RegistrantFieldName[];

type ValueOf<F> =
  F extends FieldDefinition<infer K, infer R> ? (R extends "always" ? StoredValue<K> : StoredValue<K> | null) : never;

/** Fields nobody has to give: their key may be left out wherever values are written by hand. */
export type UnrequiredFieldName = {
  [N in RegistrantFieldName]: RegistrantFields[N] extends FieldDefinition<FieldKind, "never"> ? N : never;
}[RegistrantFieldName];

/**
 * A registrant's values as stored and answered: optional fields are null when not given (and a
 * field nobody has to give may be left out of a literal, so adding one changes no test's data).
 */
export type RegistrantValues = { [N in Exclude<RegistrantFieldName, UnrequiredFieldName>]: ValueOf<RegistrantFields[N]> } & {
  [N in UnrequiredFieldName]?: ValueOf<RegistrantFields[N]>;
};

export function fieldDefinition(name: RegistrantFieldName): FieldDefinition {
  return registrantFields[name];
}

/** Picks the registrant's values out of a larger object (a database row, a reply), field by field. */
export function pickRegistrantValues(source: RegistrantValues): RegistrantValues {
  const values = {} as Record<RegistrantFieldName, unknown>;
  for (const name of REGISTRANT_FIELD_NAMES) values[name] = source[name] ?? null;
  return values as RegistrantValues;
}

/** The form's label of a field, and the short one shown beside a value. */
export function fieldLabel(name: RegistrantFieldName): string {
  return t(`registrant.labels.${name}`);
}

export function fieldShortLabel(name: RegistrantFieldName): string {
  return t(`registrant.shortLabels.${name}`);
}
