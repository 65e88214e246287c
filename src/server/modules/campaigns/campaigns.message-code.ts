/**
 * The code each campaign message carries at its foot (issue 39): "OCM-7K3F-9QXT". Stored with its
 * recipient (email_campaign_recipients.message_code), so /authentic can answer that a forwarded
 * message is the agency's; a code nobody was sent checks as not ours. 31^8 ≈ 850 billion values,
 * guessed at the public rate limit, find nothing.
 */
import { randomInt } from "node:crypto";

/** The registration code's alphabet: no 0/O, 1/I/L. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function newMessageCode(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `OCM-${code.slice(0, 4)}-${code.slice(4)}`;
}
