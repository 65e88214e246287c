/**
 * The one e-mail layout: every message has a plain-text and an HTML part, in its reader's language
 * (the layout's own words are `emails.layout.*`), headed and signed with the agency's name and
 * contact address (markers the outbox insert fills in: agency-fill.ts). Everything interpolated into
 * HTML is escaped here.
 */
import { translator, type Language } from "@common/i18n";
import { authenticSite } from "@common/public-paths";
import { AGENCY_CONTACT, AGENCY_NAME } from "./agency-fill";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface LayoutInput {
  /** The reader's language: the layout's words and the HTML's lang. */
  language: Language;
  subject: string;
  greeting?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Label/value pairs shown as a small table (event details, codes). */
  details?: Array<[string, string]>;
  /** An image attached inline (its `cid`), shown after the details: the check-in QR code. */
  image?: { cid: string; alt: string; size: number };
  footer?: string;
  /** A registrant's "manage my registration" link (issue 19): every e-mail to a registrant has it. */
  manageUrl?: string;
  /**
   * An e-mail to a registrant or a guardian (issue 39): a link on PUBLIC_URL it carries (its
   * /authentic is named), and it says the agency never charges and where to check the message.
   */
  trustFrom?: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Header values never carry CR or LF from user input (no header injection). */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, " ").trim();
}

/**
 * One bare address (local@domain) and nothing else: no display name, no list, no spaces, so that a
 * recipient from user input can never add a second recipient or a header.
 */
export function isSingleAddress(value: string): boolean {
  return /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/.test(value);
}

const paragraphHtml = (text: string) =>
  `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text).replace(/\n/g, "<br>")}</p>`;

export function renderLayout(input: LayoutInput): EmailContent {
  const { language } = input;
  const t = translator(language);
  const footer =
    input.footer ??
    `${t("emails.layout.signature", { agency: AGENCY_NAME })}\n${t("emails.layout.contact", { contact: AGENCY_CONTACT })}`;
  const subject = headerSafe(input.subject);
  const textParts: string[] = [];
  if (input.greeting) textParts.push(input.greeting);
  textParts.push(...input.paragraphs);
  if (input.details?.length) textParts.push(input.details.map(([k, v]) => `${k}: ${v}`).join("\n"));
  if (input.action) textParts.push(`${input.action.label}:\n${input.action.url}`);
  if (input.manageUrl) textParts.push(`${t("emails.layout.manage")}:\n${input.manageUrl}`);
  const trust = input.trustFrom
    ? [t("emails.layout.noFees", { agency: AGENCY_NAME }), t("emails.layout.verify", { site: authenticSite(input.trustFrom) })]
    : [];
  if (trust.length) textParts.push(trust.join("\n"));
  textParts.push(footer);

  const details = input.details?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${input.details
        .map(
          ([k, v]) =>
            `<tr><td style="padding:4px 12px 4px 0;color:#6b7280;vertical-align:top">${escapeHtml(k)}</td><td style="padding:4px 0;vertical-align:top">${escapeHtml(v).replace(/\n/g, "<br>")}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const image = input.image
    ? `<p style="margin:0 0 16px;text-align:center"><img src="cid:${escapeHtml(input.image.cid)}" alt="${escapeHtml(input.image.alt)}" width="${input.image.size}" height="${input.image.size}" style="display:inline-block;border:0"></p>`
    : "";
  const action = input.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#7c3aed;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(input.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escapeHtml(t("emails.layout.buttonFallback"))}<br><a href="${escapeHtml(input.action.url)}" style="color:#7c3aed;word-break:break-all">${escapeHtml(input.action.url)}</a></p>`
    : "";
  const manage = input.manageUrl
    ? `<p style="margin:0;font-size:13px"><a href="${escapeHtml(input.manageUrl)}" style="color:#7c3aed">${escapeHtml(t("emails.layout.manage"))}</a></p>`
    : "";
  const trustHtml = trust.length
    ? `<p style="margin:16px 0 0;font-size:13px;color:#3f3f46">${trust.map(escapeHtml).join("<br>")}</p>`
    : "";
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head><body style="margin:0;background:#f4f4f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b"><div style="max-width:560px;margin:0 auto;padding:24px"><div style="font-size:20px;font-weight:700;color:#7c3aed;margin-bottom:16px">${AGENCY_NAME}</div><div style="background:#ffffff;border-radius:12px;padding:24px">${input.greeting ? paragraphHtml(input.greeting) : ""}${input.paragraphs.map(paragraphHtml).join("")}${details}${image}${action}${manage}${trustHtml}</div><p style="font-size:12px;color:#71717a;margin-top:16px">${escapeHtml(footer).replace(/\n/g, "<br>")}</p></div></body></html>`;
  return { subject, text: textParts.join("\n\n"), html };
}
