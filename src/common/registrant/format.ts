/**
 * A registrant's values as people read them beside their labels (the staff list's details, the PDF
 * sheet): by the field's kind, so a new field is shown without code of its own.
 */
import { formatLongDateFor } from "../dates-language";
import { currentLanguage, t } from "../i18n";
import {
  FORM_SECTIONS,
  REGISTRANT_FIELD_NAMES,
  fieldShortLabel,
  registrantFields,
  type FieldDefinition,
  type FormSection,
  type RegistrantFieldName,
  type RegistrantValues,
} from "./fields";

export function formatFieldValue(name: RegistrantFieldName, value: RegistrantValues[RegistrantFieldName]): string {
  if (value === null || value === "") return t("registrant.values.notAvailable");
  const { kind }: FieldDefinition = registrantFields[name];
  switch (kind) {
    case "yesNo":
      return value ? t("registrant.values.yes") : t("registrant.values.no");
    case "measurement":
      return t("registrant.values.centimetres", { n: value as number });
    case "birthDate":
      return formatLongDateFor(currentLanguage(), value as string);
    case "instagram":
      return t("registrant.values.instagram", { handle: value as string });
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
export function listedDetails(values: RegistrantValues): Detail[] {
  const details: Detail[] = [];
  const groups = new Map<string, Detail>();
  for (const name of REGISTRANT_FIELD_NAMES) {
    const definition: FieldDefinition = registrantFields[name];
    if (!definition.listed) continue;
    const value = values[name];
    if (!definition.group) {
      details.push({ label: fieldShortLabel(name), value: formatFieldValue(name, value) });
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
export function detailsBySection(values: RegistrantValues): Array<{ section: FormSection; details: Detail[] }> {
  return FORM_SECTIONS.map((section) => ({
    section,
    details: REGISTRANT_FIELD_NAMES.filter((name) => registrantFields[name].section === section).map((name) => ({
      label: fieldShortLabel(name),
      value: formatFieldValue(name, values[name]),
    })),
  }));
}
