/**
 * The agency's identity in every e-mail (issue 32, ADR 019). A message is rendered with two markers,
 * AGENCY_NAME and AGENCY_CONTACT (the layout's header and signature, and any text that names the
 * agency), and the outbox insert itself replaces them with agency_settings' values, escaped in the
 * HTML part, and records the name as the From display name: the callers (dozens, most inside a
 * transaction, the public registration in one statement) never read the settings themselves.
 */
import { PRODUCT_NAME } from "@common/constants";
import { sql, type SQL } from "drizzle-orm";

export const AGENCY_NAME = "{{agency.name}}";
export const AGENCY_CONTACT = "{{agency.contact}}";

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
// The row is written at start (agency.defaults.ts); the fallbacks only cover a database never started.
const NAME = `coalesce((select name from agency_settings where id), ${literal(PRODUCT_NAME)})`;
const CONTACT = `coalesce((select contact_email from agency_settings where id), '')`;

const escapedHtml = (expression: string) =>
  [
    ["&", "&amp;"],
    ["<", "&lt;"],
    [">", "&gt;"],
    ['"', "&quot;"],
    ["'", "&#39;"],
  ].reduce((inner, [from, to]) => `replace(${inner}, ${literal(from!)}, ${literal(to!)})`, expression);

/** SQL text: `expression` (a text value) with both markers replaced, for the text part or the HTML part. */
export function agencyFilledSql(expression: string, part: "text" | "html"): string {
  const name = part === "html" ? escapedHtml(NAME) : NAME;
  const contact = part === "html" ? escapedHtml(CONTACT) : CONTACT;
  return `replace(replace(${expression}, ${literal(AGENCY_NAME)}, ${name}), ${literal(AGENCY_CONTACT)}, ${contact})`;
}

/** SQL text: the From display name, the agency's name now. */
export const AGENCY_FROM_NAME_SQL = NAME;

/** As agencyFilledSql, for a drizzle insert's value (`value` sent as a parameter). */
export function agencyFilled(value: string, part: "text" | "html"): SQL {
  const [before = "", after = ""] = agencyFilledSql("\u0000", part).split("\u0000");
  return sql`${sql.raw(before)}${value}::text${sql.raw(after)}`;
}
