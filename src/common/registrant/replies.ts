/**
 * The registrant's values in the API's replies (the staff list and detail, the public sheet), from
 * the same field definitions. Classic zod, for the server's reply validation and the web's types:
 * the public pages import only the types (`import type`), so this never reaches their bundle.
 */
import { z } from "zod";
import {
  REGISTRANT_FIELD_NAMES,
  registrantFields,
  type FieldKind,
  type RegistrantFieldName,
  type RegistrantValues,
  type UnrequiredFieldName,
} from "./fields";

const replyType: Record<FieldKind, () => z.ZodType> = {
  text: () => z.string(),
  email: () => z.string(),
  phone: () => z.string(),
  instagram: () => z.string(),
  birthDate: () => z.string(),
  choice: () => z.string(),
  measurement: () => z.number().int(),
  yesNo: () => z.boolean(),
};

export type RegistrantReplyShape = {
  [N in Exclude<RegistrantFieldName, UnrequiredFieldName>]: z.ZodType<RegistrantValues[N]>;
} & { [N in UnrequiredFieldName]: z.ZodOptional<z.ZodType<RegistrantValues[N]>> };

export function registrantReplyShape(): RegistrantReplyShape {
  const shape: Record<string, z.ZodType> = {};
  for (const name of REGISTRANT_FIELD_NAMES) {
    const { kind, requirement } = registrantFields[name];
    const type = replyType[kind]();
    shape[name] = requirement === "always" ? type : requirement === "onRegistration" ? type.nullable() : type.nullish();
  }
  return shape as RegistrantReplyShape;
}
