/**
 * The registrant's fields composed into request shapes: as the public form asks for them, and as
 * staff edit them (docs/product.md §5: bust, waist, hips, eye colour and Instagram become optional). Both
 * take each field's one rule, so a value and its message are the same on every screen and in the
 * server's answers.
 */
import * as z from "zod/mini";
import {
  REGISTRANT_FIELD_NAMES,
  registrantFields,
  type FieldDefinition,
  type RegistrantFieldName,
  type RegistrantFields,
  type Requirement,
  type StoredValue,
  type UnrequiredFieldName,
} from "./fields";

export type FormContext = "registration" | "edit";

export function isRequired(definition: Pick<FieldDefinition, "requirement">, context: FormContext): boolean {
  return definition.requirement === "always" || (definition.requirement === "onRegistration" && context === "registration");
}

/** Blank (nothing typed, only spaces) or missing is "not given". */
const blankToNull = (value: unknown): unknown =>
  value === undefined || (typeof value === "string" && value.trim() === "") ? null : value;

/** A field that may be left out: not given is null, anything given must pass the field's rule. */
function optionalValue<T>(rule: z.ZodMiniType<T>) {
  return z.nullable(z.pipe(z.transform(blankToNull), z.nullable(rule)));
}

type Required<R extends Requirement, C extends FormContext> = R extends "always"
  ? true
  : R extends "onRegistration"
    ? C extends "registration"
      ? true
      : false
    : false;
type ValueIn<N extends RegistrantFieldName, C extends FormContext> =
  RegistrantFields[N] extends FieldDefinition<infer K, infer R>
    ? Required<R, C> extends true
      ? StoredValue<K>
      : StoredValue<K> | null
    : never;
type InputIn<N extends RegistrantFieldName, C extends FormContext> =
  RegistrantFields[N] extends FieldDefinition<infer K, infer R>
    ? Required<R, C> extends true
      ? StoredValue<K>
      : StoredValue<K> | null | undefined
    : never;

/** A schema whose key may be left out (absent means null): zod's object types read `optin`. */
type LeftOutAllowed<Out, In> = z.core.$ZodType<Out, In, z.core.$ZodTypeInternals<Out, In> & { optin: "optional" }>;

/** The typed shape of `registrantShape(context)`. */
export type RegistrantShape<C extends FormContext> = {
  [N in RegistrantFieldName]: N extends UnrequiredFieldName
    ? LeftOutAllowed<ValueIn<N, C>, InputIn<N, C>>
    : z.ZodMiniType<ValueIn<N, C>, InputIn<N, C>>;
};

/** Each field's rule, required or optional as `context` asks. */
export function registrantShape<C extends FormContext>(context: C): RegistrantShape<C> {
  const shape = {} as Record<RegistrantFieldName, z.ZodMiniType>;
  for (const name of REGISTRANT_FIELD_NAMES) {
    const definition: FieldDefinition = registrantFields[name];
    shape[name] = isRequired(definition, context) ? definition.rule : optionalValue(definition.rule);
  }
  return shape as unknown as RegistrantShape<C>;
}

/** First message per field, from a failed parse. */
export function fieldErrors<F extends string>(error: z.core.$ZodError): Partial<Record<F, string>> {
  const fields: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "") as F;
    if (name && !fields[name]) fields[name] = issue.message;
  }
  return fields;
}
