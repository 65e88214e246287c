/**
 * One recipient's copy of a batch e-mail: placeholders filled with that registrant's data, the
 * body made safe, a text part, and the per-recipient read-tracking image. The staff wrote the subject
 * and the message; what the product adds around them (the signature, why the e-mail came) is in the
 * recipient's language.
 */
import { fillPlaceholders, type PlaceholderValues } from "@common/campaign-placeholders";
import { translator, type Language } from "@common/i18n";
import { AGENCY_CONTACT, AGENCY_NAME } from "../../mail/agency-fill";
import { escapeHtml, headerSafe, type EmailContent } from "../../mail/layout";
import { htmlToText, plainTextToHtml, sanitizeCampaignHtml } from "./campaigns.content";

export interface CampaignContent {
  subject: string;
  content: string;
  isHtml: boolean;
}

export interface CampaignRecipientValues {
  values: PlaceholderValues;
  /** Absolute URL of this recipient's read-tracking image. */
  readUrl: string;
  /** The language the registrant used (model_registrations.language). */
  language: Language;
  /** The registrant's "manage my registration" link (issue 19). */
  manageUrl?: string;
  /** This message's code and where to check it (issue 39): "casting.agency.com/authentic". */
  authentic?: { messageCode: string; site: string };
}

/**
 * One campaign's renderer: what does not depend on the recipient is done once. The text part of an
 * HTML message is converted once, placeholders and all, and filled per recipient (the conversion
 * costs about as much as the sanitiser on a large message).
 */
export function campaignRenderer({
  subject,
  content,
  isHtml,
}: CampaignContent): (recipient: CampaignRecipientValues) => EmailContent {
  const textTemplate = isHtml ? htmlToText(sanitizeCampaignHtml(content)) : undefined;
  return ({ values, readUrl, language, manageUrl, authentic }) => {
    const filledSubject = headerSafe(fillPlaceholders(subject, values));
    let body: string;
    let text: string;
    if (textTemplate !== undefined) {
      // Values are escaped into the template and the whole result is sanitised afterwards, so a
      // value can neither add markup nor turn an attribute (href="{evento}") into a script link.
      body = sanitizeCampaignHtml(fillPlaceholders(content, values, escapeHtml));
      text = fillPlaceholders(textTemplate, values);
    } else {
      text = fillPlaceholders(content, values).replace(/\r\n?/g, "\n");
      body = plainTextToHtml(text);
    }
    const t = translator(language);
    const footer = [
      t("campaigns.email.signature", { agency: AGENCY_NAME }),
      t("emails.layout.contact", { contact: AGENCY_CONTACT }),
      t("campaigns.email.reason", { event: values.evento }),
      // The agency's promise and how to check this message is its own (issue 39).
      ...(authentic
        ? [
            t("emails.layout.noFees", { agency: AGENCY_NAME }),
            t("campaigns.email.messageCode", { code: authentic.messageCode }),
            t("emails.layout.verify", { site: authentic.site }),
          ]
        : []),
    ];
    const manage = manageUrl ? t("emails.layout.manage") : undefined;
    text = `${text}\n\n${footer.join("\n")}${manage ? `\n${manage}: ${manageUrl}` : ""}`;
    const manageHtml = manage ? `<br><a href="${escapeHtml(manageUrl!)}" style="color:#7c3aed">${escapeHtml(manage)}</a>` : "";
    const footerHtml = `<p style="font-size:12px;color:#71717a;margin-top:16px">${footer.map(escapeHtml).join("<br>")}${manageHtml}</p>`;
    const pixel = `<img src="${escapeHtml(readUrl)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
    const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(filledSubject)}</title></head><body style="margin:0;background:#f4f4f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b"><div style="max-width:600px;margin:0 auto;padding:24px"><div style="font-size:20px;font-weight:700;color:#7c3aed;margin-bottom:16px">${AGENCY_NAME}</div><div style="background:#ffffff;border-radius:12px;padding:24px">${body}</div>${footerHtml}${pixel}</div></body></html>`;
    return { subject: filledSubject, text, html };
  };
}
