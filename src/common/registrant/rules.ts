/**
 * The rule of each kind of registrant value (src/common/registrant/fields.ts composes the fields from
 * them): what is accepted, how it is cleaned, and the message when it is wrong. Written with
 * zod/mini, for the public form's bundle (fields.ts says why).
 */
import * as z from "zod/mini";
import { MIN_REGISTRATION_AGE } from "../constants";
import { t, type MessageId } from "../i18n";
import { isOneLineText } from "../text";
import { ageToday, normalizeEmail, normalizeInstagram, normalizePhone, PHONE_CHARACTERS } from "./normalize";

/** A rule's message, made when a value is checked: in the language of whoever checks it. */
export const ruleMessage = (id: MessageId, values?: Record<string, number>) => ({ error: () => t(id, values) });

const oneLine = z.refine<string>(isOneLineText, ruleMessage("registrant.errors.controlCharacters"));

export const textRule = (max: number) =>
  z
    .string(ruleMessage("registrant.errors.required"))
    .check(
      z.trim(),
      z.minLength(1, { ...ruleMessage("registrant.errors.required"), abort: true }),
      z.maxLength(max, ruleMessage("registrant.errors.tooLong", { max })),
      oneLine,
    );

export const emailRule = () =>
  z.pipe(
    z
      .string(ruleMessage("registrant.errors.required"))
      .check(z.overwrite(normalizeEmail), z.minLength(1, { ...ruleMessage("registrant.errors.required"), abort: true })),
    // The e-mail format admits no control character.
    z.email(ruleMessage("registrant.errors.invalidEmail")).check(z.maxLength(254, ruleMessage("registrant.errors.invalidEmail"))),
  );

export const phoneRule = () =>
  z.string(ruleMessage("registrant.errors.required")).check(
    z.trim(),
    z.minLength(1, { ...ruleMessage("registrant.errors.required"), abort: true }),
    // Letters are a mistake to point out, not something to strip silently.
    z.regex(PHONE_CHARACTERS, { ...ruleMessage("registrant.errors.invalidPhone"), abort: true }),
    z.overwrite(normalizePhone),
    z.regex(/^\d{6,15}$/, ruleMessage("registrant.errors.invalidPhone")),
  );

export const instagramRule = () =>
  z
    .string(ruleMessage("registrant.errors.required"))
    .check(
      z.overwrite(normalizeInstagram),
      z.minLength(1, { ...ruleMessage("registrant.errors.required"), abort: true }),
      z.regex(/^[A-Za-z0-9._]{1,30}$/, ruleMessage("registrant.errors.invalidInstagram")),
    );

/** A birth date: a real, past date, and old enough to register (docs/product.md §5: 16). */
export const birthDateRule = () =>
  z.string(ruleMessage("registrant.errors.required")).check(
    z.minLength(1, { ...ruleMessage("registrant.errors.required"), abort: true }),
    z.refine((value) => ageToday(value) !== null, { ...ruleMessage("registrant.errors.invalidDate"), abort: true }),
    z.refine((value) => (ageToday(value) ?? 0) >= MIN_REGISTRATION_AGE, ruleMessage("registrant.errors.underAge")),
  );

export const measurementRule = ({ min, max }: { min: number; max: number }) => {
  const message = ruleMessage("registrant.errors.between", { min, max });
  return z.number(message).check(z.int(message), z.gte(min, message), z.lte(max, message));
};
