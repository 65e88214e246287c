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
  type RegistrantReplyValues,
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

type ReplyShape<V extends Record<RegistrantFieldName, unknown>> = {
  [N in Exclude<RegistrantFieldName, UnrequiredFieldName>]: z.ZodType<V[N]>;
} & { [N in UnrequiredFieldName]: z.ZodOptional<z.ZodType<V[N]>> };

export type RegistrantReplyShape = ReplyShape<RegistrantValues>;

function replyShape(hiding: boolean): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of REGISTRANT_FIELD_NAMES) {
    const { kind, requirement, hiddenWithout } = registrantFields[name];
    const type = replyType[kind]();
    const hidden = hiding && hiddenWithout !== undefined;
    shape[name] =
      requirement === "always"
        ? hidden
          ? type.nullable()
          : type
        : requirement === "onRegistration"
          ? type.nullable()
          : type.nullish();
  }
  return shape;
}

/** The registrant's values as the person's own replies carry them (the public sheet): all of them. */
export function registrantReplyShape(): RegistrantReplyShape {
  return replyShape(false) as RegistrantReplyShape;
}

/**
 * The registrant's values in the staff's replies: a field hidden without a capability (issue 33,
 * `hiddenWithout`) is null for a caller who does not hold it, whatever its requirement.
 */
export function staffRegistrantReplyShape(): ReplyShape<RegistrantReplyValues> {
  return replyShape(true) as ReplyShape<RegistrantReplyValues>;
}
