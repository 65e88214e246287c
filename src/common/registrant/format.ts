/**
 * A registrant's values as people read them beside their labels (the staff list's details, the PDF
 * sheet): by the field's kind, so a new field is shown without code of its own.
 */
import { formatLongDateFor } from "../dates-language";
import { currentLanguage, translator, type Language } from "../i18n";
import {
  FORM_SECTIONS,
  REGISTRANT_FIELD_NAMES,
  fieldShortLabel,
  registrantFields,
  type FieldDefinition,
  type FormSection,
  type HidingCapability,
  type RegistrantFieldName,
  type RegistrantReplyValues,
} from "./fields";

/** The fields a caller lacking some of `can`'s capabilities does not read (the replies hold null for them). */
export function fieldsHiddenFrom(can: (capability: HidingCapability) => boolean): RegistrantFieldName[] {
  return REGISTRANT_FIELD_NAMES.filter((name) => {
    const hiddenWithout = registrantFields[name].hiddenWithout as HidingCapability | undefined;
    return hiddenWithout !== undefined && !can(hiddenWithout);
  });
}

/** Fields the reader may not see (`fieldsHiddenFrom`): left out of the details, not shown as N/A. */
type Hidden = readonly RegistrantFieldName[];

export function formatFieldValue(
  name: RegistrantFieldName,
  value: RegistrantReplyValues[RegistrantFieldName],
  language: Language = currentLanguage(),
): string {
  const t = translator(language);
  if (value === null || value === "") return t("registrant.values.notAvailable");
  const { kind, optionLabel }: FieldDefinition = registrantFields[name];
  switch (kind) {
    case "yesNo":
      return value ? t("registrant.values.yes") : t("registrant.values.no");
    case "measurement":
      return t("registrant.values.centimetres", { n: value as number });
    case "birthDate":
      return formatLongDateFor(language, value as string);
    case "instagram":
      return t("registrant.values.instagram", { handle: value as string });
    case "choice":
      return optionLabel ? optionLabel(String(value), language) : String(value);
    default:
      return String(value);
  }
}

export interface Detail {
  label: string;
  value: string;
}

/**
 * The staff list row's details, in the fields' order: each listed field, and each group's fields
 * joined in one detail ("85-62-90", a missing one as N/A).
 */
export function listedDetails(
  values: RegistrantReplyValues,
  language: Language = currentLanguage(),
  hidden: Hidden = [],
): Detail[] {
  const t = translator(language);
  const details: Detail[] = [];
  const groups = new Map<string, Detail>();
  for (const name of REGISTRANT_FIELD_NAMES) {
    const definition: FieldDefinition = registrantFields[name];
    if (!definition.listed || hidden.includes(name)) continue;
    const value = values[name];
    if (!definition.group) {
      details.push({ label: fieldShortLabel(name, language), value: formatFieldValue(name, value, language) });
      continue;
    }
    const part = value === null ? t("registrant.values.notAvailable") : String(value);
    const group = groups.get(definition.group);
    if (group) group.value += `-${part}`;
    else {
      const detail = { label: t(`registrant.groups.${definition.group}`), value: part };
      groups.set(definition.group, detail);
      details.push(detail);
    }
  }
  return details;
}

/** The fields of each form section with their values: the PDF sheet's sections. */
export function detailsBySection(
  values: RegistrantReplyValues,
  language: Language = currentLanguage(),
  hidden: Hidden = [],
): Array<{ section: FormSection; details: Detail[] }> {
  return FORM_SECTIONS.map((section) => ({
    section,
    details: REGISTRANT_FIELD_NAMES.filter((name) => registrantFields[name].section === section && !hidden.includes(name)).map(
      (name) => ({
        label: fieldShortLabel(name, language),
        value: formatFieldValue(name, values[name], language),
      }),
    ),
  }));
}

/**
 * The fast review card's details (fields with `onReviewCard`), by form section: the values given,
 * each with its short label. A value left blank, or hidden from the reader (null), is left out.
 */
export function reviewCardDetails(
  values: RegistrantReplyValues,
  language: Language = currentLanguage(),
): Array<{ section: FormSection; details: Detail[] }> {
  return FORM_SECTIONS.map((section) => ({
    section,
    details: REGISTRANT_FIELD_NAMES.filter((name) => {
      const definition: FieldDefinition = registrantFields[name];
      const value = values[name];
      return definition.onReviewCard && definition.section === section && value !== null && value !== "";
    }).map((name) => ({ label: fieldShortLabel(name, language), value: formatFieldValue(name, values[name], language) })),
  })).filter(({ details }) => details.length > 0);
}
