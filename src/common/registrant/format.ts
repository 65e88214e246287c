/**
 * A registrant's values as people read them beside their labels (the staff list's details, the PDF
 * sheet): by the field's kind, so a new field is shown without code of its own.
 */
import { formatDateEsAr, formatDateLong, parseIsoDate } from "../dates";
import { currentLanguage, t, type Language } from "../i18n";
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

// One formatter per use, built on first need (building an Intl.DateTimeFormat is costly).
let englishDate: Intl.DateTimeFormat | undefined;

/** A calendar date in English ("Jun 14, 2026"), read as written: no time zone can shift it. */
function formatDateEnglish(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  englishDate ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
  const utc = new Date(Date.UTC(2000, date.month - 1, date.day));
  utc.setUTCFullYear(date.year);
  return englishDate.format(utc);
}

/** An event's date on the public pages: es-AR `dd/mm/aa` (SPEC.md §9), English "Jun 14, 2026". */
export function formatEventDate(isoDate: string, language: Language = currentLanguage()): string {
  return language === "es-AR" ? formatDateEsAr(isoDate) : formatDateEnglish(isoDate);
}

/** A date on the PDF sheet and in e-mails: es-AR `dd/MM/yyyy` (SPEC.md), English "Jun 14, 2026". */
export function formatLongDate(isoDate: string, language: Language = currentLanguage()): string {
  return language === "es-AR" ? formatDateLong(isoDate) : formatDateEnglish(isoDate);
}

export function formatFieldValue(name: RegistrantFieldName, value: RegistrantValues[RegistrantFieldName]): string {
  if (value === null || value === "") return t("registrant.values.notAvailable");
  const { kind }: FieldDefinition = registrantFields[name];
  switch (kind) {
    case "yesNo":
      return value ? t("registrant.values.yes") : t("registrant.values.no");
    case "measurement":
      return t("registrant.values.centimetres", { n: value as number });
    case "birthDate":
      return formatLongDate(value as string);
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
