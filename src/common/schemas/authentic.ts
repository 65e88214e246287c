/**
 * "¿Es real este casting?" (/authentic, issue 39): the check of a link, a registration code or a
 * message's code, and the report of a suspicious message. zod/mini, for the public entry's bundle.
 */
import * as z from "zod/mini";
import { t } from "../i18n";

/** The most a pasted message may hold: a long WhatsApp message fits, a book does not. */
export const AUTHENTIC_TEXT_MAX = 5000;

export const authenticCheckSchema = z.object({
  text: z
    .string({ error: () => t("public.authentic.check.required") })
    .check(
      z.trim(),
      z.minLength(1, { error: () => t("public.authentic.check.required") }),
      z.maxLength(AUTHENTIC_TEXT_MAX, { error: () => t("registrant.errors.tooLong", { max: AUTHENTIC_TEXT_MAX }) }),
    ),
});
export type AuthenticCheckInput = z.input<typeof authenticCheckSchema>;

export const authenticEvent = z.object({
  name: z.string(),
  /** YYYY-MM-DD, the event's calendar date. */
  date: z.string(),
  /** The event's official address on PUBLIC_URL: its /e/<slug>. */
  url: z.string(),
});
export type AuthenticEvent = z.infer<typeof authenticEvent>;

/** The same shape whatever was pasted: `event` only with "genuine", and never a person. */
export const authenticCheckResponse = z.object({
  verdict: z.enum(["genuine", "not_ours"]),
  event: z.optional(authenticEvent),
});
export type AuthenticCheckResponse = z.infer<typeof authenticCheckResponse>;

export const AUTHENTIC_REPORT_MIN = 10;

export const authenticReportSchema = z.object({
  message: z
    .string({ error: () => t("public.authentic.report.required") })
    .check(
      z.trim(),
      z.minLength(AUTHENTIC_REPORT_MIN, { error: () => t("public.authentic.report.required") }),
      z.maxLength(AUTHENTIC_TEXT_MAX, { error: () => t("registrant.errors.tooLong", { max: AUTHENTIC_TEXT_MAX }) }),
    ),
  contact: z.optional(
    z.string().check(z.trim(), z.maxLength(200, { error: () => t("registrant.errors.tooLong", { max: 200 }) })),
  ),
  /** Honeypot: invisible to people; a bot that fills it is answered 202, and nothing is sent. */
  website: z.optional(z.string().check(z.maxLength(500))),
  /**
   * The signed token the page hands out with the form (when it was shown): a report without a good
   * one, or sent within seconds of the page, is answered 202 and dropped.
   */
  formToken: z.optional(z.string().check(z.maxLength(200))),
});
export type AuthenticReportInput = z.input<typeof authenticReportSchema>;

export const authenticReportResponse = z.object({ received: z.literal(true) });

/** What the page is rendered with (src/server/modules/authentic/authentic.page.ts). */
export interface AuthenticPageState {
  /** The agency's upcoming open calls, soonest first. */
  events: AuthenticEvent[];
  /** The only addresses the agency writes from: MAIL_FROM's and the agency's contact address. */
  addresses: string[];
  /** The domains its mail comes from (MAIL_FROM's, DKIM_DOMAIN) and its pages' host. */
  domains: string[];
  /** PUBLIC_URL's host: where its pages are. */
  host: string;
  /** The report form's signed token (POST /api/public/authentic/report). */
  formToken: string;
}
