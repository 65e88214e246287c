import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L: a code read aloud at a casting desk or typed from a phone cannot be misread. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const LENGTH = 6;

/** A human-friendly registration code such as OC-7K3F9Q (31^6 ≈ 887 million values). */
export function newRegistrationCode(): string {
  let code = "";
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `OC-${code}`;
}

export const REGISTRATION_CODE_PATTERN = /^OC-[2-9A-HJKMNP-Z]{6}$/;
