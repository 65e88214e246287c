/**
 * One recipient's copy of a batch e-mail: placeholders filled with that registrant's data, the
 * body made safe, a text part, and the per-recipient read-tracking image.
 */
import { fillPlaceholders, type PlaceholderValues } from "@common/campaign-placeholders";
import { PRODUCT_NAME } from "@common/constants";
import { escapeHtml, headerSafe, type EmailContent } from "../../mail/layout";
import { htmlToText, plainTextToHtml, sanitizeCampaignHtml } from "./campaigns.content";

export interface CampaignEmailInput {
  subject: string;
  content: string;
  isHtml: boolean;
  values: PlaceholderValues;
  /** Absolute URL of this recipient's read-tracking image. */
  readUrl: string;
}

export function renderCampaignEmail(input: CampaignEmailInput): EmailContent {
  const subject = headerSafe(fillPlaceholders(input.subject, input.values));
  let body: string;
  let text: string;
  if (input.isHtml) {
    // Values are escaped into the template and the whole result is sanitised afterwards, so a
    // value can neither add markup nor turn an attribute (href="{evento}") into a script link.
    body = sanitizeCampaignHtml(fillPlaceholders(input.content, input.values, escapeHtml));
    text = htmlToText(body);
  } else {
    text = fillPlaceholders(input.content, input.values).replace(/\r\n?/g, "\n");
    body = plainTextToHtml(text);
  }
  const pixel = `<img src="${escapeHtml(input.readUrl)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head><body style="margin:0;background:#f4f4f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b"><div style="max-width:600px;margin:0 auto;padding:24px"><div style="font-size:20px;font-weight:700;color:#7c3aed;margin-bottom:16px">${PRODUCT_NAME}</div><div style="background:#ffffff;border-radius:12px;padding:24px">${body}</div>${pixel}</div></body></html>`;
  return { subject, text, html };
}
