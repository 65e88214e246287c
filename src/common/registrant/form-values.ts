/**
 * Between a form's controls and a field's value. Controls hold text ("" when empty; a yes/no select
 * holds "yes" or "no"); the schema takes typed values. Shared by the public form and the staff edit
 * form, by the field's kind.
 */
import {
  REGISTRANT_FIELD_NAMES,
  registrantFields,
  type FieldDefinition,
  type RegistrantFieldName,
  type RegistrantValues,
} from "./fields";

export type ControlValues = Record<RegistrantFieldName, string>;

export function emptyControlValues(): ControlValues {
  return Object.fromEntries(REGISTRANT_FIELD_NAMES.map((name) => [name, ""])) as ControlValues;
}

export function toControlValue(value: RegistrantValues[RegistrantFieldName]): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/** What a control's text means for the schema: undefined when nothing was chosen or typed. */
export function fromControlValue(name: RegistrantFieldName, text: string): string | number | boolean | undefined {
  const { kind }: FieldDefinition = registrantFields[name];
  if (kind === "yesNo") return text === "" ? undefined : text === "yes";
  if (kind === "measurement") return text.trim() === "" ? undefined : Number(text);
  if (kind === "choice") return text === "" ? undefined : text;
  return text;
}

export function fromControlValues(values: ControlValues): Record<RegistrantFieldName, string | number | boolean | undefined> {
  return Object.fromEntries(REGISTRANT_FIELD_NAMES.map((name) => [name, fromControlValue(name, values[name])])) as Record<
    RegistrantFieldName,
    string | number | boolean | undefined
  >;
}
