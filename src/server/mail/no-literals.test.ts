/**
 * No e-mail text outside the catalogue (docs/i18n.md): every e-mail is built in a pseudo-language
 * whose every message is marked ⟦…⟧, and whatever is left once the marked texts and the data put
 * into the e-mail are taken away must be only punctuation, digits and the product's name. A literal
 * written in a sender (a word, a label) stays behind and fails the test.
 */
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { PRODUCT_NAME } from "@common/constants";
import { formatDateFor, formatLongDateFor, formatTimeRangeFor } from "@common/dates-language";
import { loadCatalogue, type NamespaceMessages } from "@common/i18n";
import { catalogue } from "@common/i18n/catalogue";
import {
  adminInvitationEmail,
  passwordResetEmail,
  profileApprovedEmail,
  signInUnlockEmail,
  signUpAttemptEmail,
  staffVerificationEmail,
} from "../modules/accounts/accounts.emails";
import { campaignRenderer } from "../modules/campaigns/campaigns.email";
import { confirmationEmail, verificationEmail } from "../modules/public/public.emails";
import { guardianRequestEmail } from "../modules/privacy/privacy.emails";
import { AGENCY_CONTACT, AGENCY_NAME } from "./agency-fill";
import type { EmailContent } from "./layout";

function marked(node: NamespaceMessages): NamespaceMessages {
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      typeof value === "string" ? `⟦${value}⟧` : marked(value as NamespaceMessages),
    ]),
  );
}
// This file's English is the pseudo-language (each test file has its own modules).
loadCatalogue("en", marked(catalogue["es-AR"]) as Record<string, NamespaceMessages>, compileMessage);
const PSEUDO = "en";

/** The data the e-mails are given: values of this test, never texts of the product. */
const DATA = {
  name: "Zoila Quispe",
  email: "zoila@example.com",
  url: "https://opencall.test/link/abc",
  eventName: "Gala Primavera",
  location: "Teatro Colón",
  code: "OC-7K2M9Q",
  date: "2026-03-05",
  details: "Traer zapatos negros",
};
const DATA_TEXTS = [
  DATA.name,
  DATA.email,
  DATA.url,
  DATA.eventName,
  DATA.location,
  DATA.code,
  DATA.details,
  formatDateFor(PSEUDO, DATA.date),
  formatLongDateFor(PSEUDO, DATA.date),
  formatTimeRangeFor(PSEUDO, "10:00", "11:00"),
  PRODUCT_NAME,
  // The agency's name and contact: filled in by the outbox insert (agency-fill.ts).
  AGENCY_NAME,
  AGENCY_CONTACT,
];

function leftovers(text: string): string {
  let rest = text.replace(/⟦[^⟧]*⟧/g, " ");
  for (const value of [...DATA_TEXTS].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(" ");
  return rest.replace(/[\s\d\p{P}\p{S}]+/gu, " ").trim();
}

function htmlText(html: string): string {
  return html
    .replace(/<(style|title)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

function expectOnlyCatalogueTexts(email: EmailContent) {
  expect(leftovers(email.subject), "subject").toBe("");
  expect(leftovers(email.text), "text part").toBe("");
  expect(leftovers(htmlText(email.html)), "HTML part").toBe("");
}

describe("e-mails", () => {
  const registration = {
    fullName: DATA.name,
    registrationCode: DATA.code,
    event: { eventName: DATA.eventName, eventDate: DATA.date, location: DATA.location, confirmationDetails: DATA.details },
    timeslot: { startTime: "10:00", endTime: "11:00" },
    verifyUrl: DATA.url,
  };
  const staff = { to: DATA.email, name: DATA.name, url: DATA.url, language: PSEUDO } as const;

  it("to registrants say only catalogue texts around their data", () => {
    expectOnlyCatalogueTexts(verificationEmail(PSEUDO, { ...registration, ttlHours: 48 }));
    expectOnlyCatalogueTexts(confirmationEmail(PSEUDO, registration));
    expectOnlyCatalogueTexts(
      guardianRequestEmail(PSEUDO, {
        guardianName: DATA.name,
        minorName: DATA.name,
        event: registration.event,
        timeslot: registration.timeslot,
        url: DATA.url,
      }),
    );
  });

  it("to staff say only catalogue texts around their data", () => {
    for (const build of [
      staffVerificationEmail,
      passwordResetEmail,
      profileApprovedEmail,
      signInUnlockEmail,
      signUpAttemptEmail,
    ]) {
      expectOnlyCatalogueTexts(build(staff));
    }
    expectOnlyCatalogueTexts(adminInvitationEmail({ to: DATA.email, url: DATA.url, invitedBy: DATA.name, language: PSEUDO }));
  });

  it("of a campaign add only catalogue texts around what the staff wrote", () => {
    const render = campaignRenderer({ subject: DATA.details, content: DATA.details, isHtml: false });
    const values = {
      nombre: DATA.name,
      email: DATA.email,
      evento: DATA.eventName,
      fecha: DATA.date,
      horario: "",
      lugar: "",
      codigo: DATA.code,
    };
    expectOnlyCatalogueTexts(render({ values, readUrl: DATA.url, language: PSEUDO }));
  });

  it("would catch a literal", () => {
    expect(leftovers("⟦Hola⟧ Zoila Quispe, gracias")).toBe("gracias");
  });
});
