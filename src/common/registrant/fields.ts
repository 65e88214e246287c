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
import { EYE_COLORS, MEASUREMENT_BOUNDS, type EyeColor } from "../constants";
import { t, translator, currentLanguage, type Language, type MessageId } from "../i18n";
import type { Capability } from "../permissions";
import { birthDateRule, emailRule, instagramRule, measurementRule, phoneRule, ruleMessage, textRule } from "./rules";

/**
 * What kind of value a field holds: it decides the field's control on each form, how a value is
 * shown (list, PDF), its CSV cell, and its SQL type.
 */
export type FieldKind = "text" | "email" | "phone" | "instagram" | "birthDate" | "measurement" | "choice" | "yesNo";

/** The value as stored and answered, per kind. */
export type StoredValue<K extends FieldKind> = K extends "measurement" ? number : K extends "yesNo" ? boolean : string;

/**
 * - always: required on the public form and for staff;
 * - onRegistration: required on the public form, optional (null) when staff edit it (docs/product.md §5);
 * - never: optional everywhere (null when not given).
 */
export type Requirement = "always" | "onRegistration" | "never";

/** The public form's sections, in order; the PDF sheet follows them too. */
export const FORM_SECTIONS = ["personal", "measurements", "extra"] as const;
export type FormSection = (typeof FORM_SECTIONS)[number];

/**
 * A capability (@common/permissions) whose holders alone read a field: the server answers null for
 * it to anyone else, in every reply it builds (issue 33). Contacts: the person's e-mail, phone,
 * Instagram and birth date (the age stays).
 */
export type HidingCapability = Extract<Capability, "contacts.see">;

export interface FieldDefinition<K extends FieldKind = FieldKind, R extends Requirement = Requirement> {
  kind: K;
  hiddenWithout?: HidingCapability | undefined;
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
  /**
   * Shown on the fast review's card (the panel, docs/product.md §13), under its form section's
   * title. The card lays out the name, the age and the place itself, and leaves contacts out.
   */
  onReviewCard: boolean;
  /** Details of one group are shown together ("85-62-90") under the group's label. */
  group?: "measurements";
  /** The browser's autofill hint. */
  autoComplete?: string;
  /** Bounds of a measurement (its stepper's range). */
  bounds?: { min: number; max: number };
  /** The options of a choice: the values stored (docs/product.md's Spanish), and how a reader sees each one. */
  options?: readonly string[];
  optionLabel?: (value: string, language?: Language) => string;
}

interface Placement<R extends Requirement, H extends HidingCapability | undefined = undefined> {
  requirement: R;
  hiddenWithout?: H;
  section: FormSection;
  csvHeader: string;
  listed?: boolean;
  onReviewCard?: boolean;
  autoComplete?: string;
}

function field<K extends FieldKind, R extends Requirement, H extends HidingCapability | undefined = undefined>(
  kind: K,
  rule: z.ZodMiniType<StoredValue<K>>,
  placement: Placement<R, H>,
  extra: Pick<FieldDefinition, "group" | "bounds" | "options" | "optionLabel"> = {},
): FieldDefinition<K, R> & { hiddenWithout: H } {
  return {
    kind,
    rule,
    ...placement,
    hiddenWithout: placement.hiddenWithout as H,
    listed: placement.listed ?? true,
    onReviewCard: placement.onReviewCard ?? true,
    ...extra,
  };
}

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

const choice = <R extends Requirement>(
  options: readonly [string, ...string[]],
  optionLabel: (value: string, language?: Language) => string,
  message: MessageId,
  placement: Placement<R>,
) => field("choice", z.enum(options, ruleMessage(message)) as z.ZodMiniType<string>, placement, { options, optionLabel });

const isEyeColor = (value: string): value is EyeColor => (EYE_COLORS as readonly string[]).includes(value);

/**
 * An eye colour as a reader of `language` sees it. The stored value is docs/product.md §3's Spanish option
 * ("Azul claro"); each has its label in the catalogue (`registrant.eyeColors`), so English reads
 * "Light blue". A value no longer offered is shown as it was stored.
 */
export function eyeColorLabel(value: string, language: Language = currentLanguage()): string {
  return isEyeColor(value) ? translator(language)(`registrant.eyeColors.${value}`) : value;
}

// ---------------------------------------------------------------- the fields, in the forms' order

export const registrantFields = {
  fullName: text(120, {
    requirement: "always",
    section: "personal",
    csvHeader: "Full Name",
    onReviewCard: false,
    listed: false,
    autoComplete: "name",
  }),
  dateOfBirth: field("birthDate", birthDateRule(), {
    hiddenWithout: "contacts.see",
    requirement: "always",
    section: "personal",
    csvHeader: "Date of Birth",
    onReviewCard: false,
    listed: false,
    autoComplete: "bday",
  }),
  location: text(120, {
    requirement: "always",
    section: "personal",
    csvHeader: "Location",
    onReviewCard: false,
    listed: false,
    autoComplete: "address-level2",
  }),
  email: field("email", emailRule(), {
    hiddenWithout: "contacts.see",
    requirement: "always",
    section: "personal",
    csvHeader: "Email",
    onReviewCard: false,
    listed: false,
    autoComplete: "email",
  }),
  phoneNumber: field("phone", phoneRule(), {
    hiddenWithout: "contacts.see",
    requirement: "always",
    section: "personal",
    csvHeader: "Phone Number",
    onReviewCard: false,
    autoComplete: "tel",
  }),
  height: measurement("height", { requirement: "always", csvHeader: "Height" }),
  bust: measurement("bust", { requirement: "onRegistration", csvHeader: "Bust" }),
  waist: measurement("waist", { requirement: "onRegistration", csvHeader: "Waist" }),
  hips: measurement("hips", { requirement: "onRegistration", csvHeader: "Hips" }),
  eyeColor: choice(EYE_COLORS, eyeColorLabel, "registrant.errors.eyeColor", {
    requirement: "onRegistration",
    section: "extra",
    csvHeader: "Eye Color",
  }),
  instagramHandle: field("instagram", instagramRule(), {
    hiddenWithout: "contacts.see",
    requirement: "onRegistration",
    section: "extra",
    csvHeader: "Instagram Handle",
    onReviewCard: false,
    listed: false,
    autoComplete: "off",
  }),
  internationalWork: field("yesNo", z.boolean(ruleMessage("registrant.errors.internationalWork")), {
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

/** The fields a caller without `capability` never reads, from their definitions. */
export function fieldsHiddenWithout(capability: HidingCapability): RegistrantFieldName[] {
  return REGISTRANT_FIELD_NAMES.filter((name) => registrantFields[name].hiddenWithout === capability);
}

/** A field whose value a reply may leave out (null): its definition names a hiding capability. */
export type HideableFieldName = {
  [N in RegistrantFieldName]: RegistrantFields[N]["hiddenWithout"] extends HidingCapability ? N : never;
}[RegistrantFieldName];

/** The registrant's values as the staff's replies carry them: a hideable field is null for whoever may not read it. */
export type RegistrantReplyValues = Omit<RegistrantValues, HideableFieldName> & {
  [N in HideableFieldName]: RegistrantValues[N] | null;
};

export function fieldDefinition(name: RegistrantFieldName): FieldDefinition {
  return registrantFields[name];
}

/** Picks the registrant's values out of a larger object (a database row, a reply), field by field. */
export function pickRegistrantValues(source: RegistrantValues): RegistrantValues;
export function pickRegistrantValues(source: RegistrantReplyValues): RegistrantReplyValues;
export function pickRegistrantValues(source: RegistrantReplyValues): RegistrantReplyValues {
  const values = {} as Record<RegistrantFieldName, unknown>;
  for (const name of REGISTRANT_FIELD_NAMES) values[name] = source[name] ?? null;
  return values as RegistrantReplyValues;
}

/** The form's label of a field, and the short one shown beside a value. */
export function fieldLabel(name: RegistrantFieldName): string {
  return t(`registrant.labels.${name}`);
}

export function fieldShortLabel(name: RegistrantFieldName, language: Language = currentLanguage()): string {
  return translator(language)(`registrant.shortLabels.${name}`);
}
