/**
 * Every e-mail to a registrant (or a minor's guardian) says the agency never charges and where to
 * check that the message is the agency's (issue 39); those about a registration carry its code.
 * Staff e-mails do not need it.
 */
import type { MailKind } from "@common/schemas/mailbox";
import { describe, expect, it } from "vitest";
import { everyMailKind } from "../test/every-mail-kind";
import { testConfig } from "../test/harness";

const STAFF: MailKind[] = [
  "staff_verification",
  "password_reset",
  "profile_approved",
  "admin_invitation",
  "sign_in_unlock",
  "staff_sign_up_attempt",
  "authentic_report",
  "webhook_disabled",
];
const WITH_CODE: MailKind[] = [
  "registration_verification",
  "registration_confirmation",
  "registration_reminder",
  "registration_moved",
  "registration_cancelled",
];

describe("the trust lines of registrants' e-mails", () => {
  const emails = everyMailKind(testConfig({ publicUrl: "https://casting.agency.com" }));

  it("say in both parts that the agency never charges and where to check the message", () => {
    const registrants = emails.filter((email) => !STAFF.includes(email.kind));
    expect(registrants.length).toBe(emails.length - STAFF.length);
    for (const email of registrants) {
      for (const part of [email.text, email.html]) {
        expect(part, email.kind).toContain("nunca cobra: ni inscripción, ni casting, ni fotos.");
        expect(part, email.kind).toContain("Verificá en casting.agency.com/authentic que este mensaje es nuestro.");
      }
    }
  });

  it("carry the registration code in the e-mails about a registration", () => {
    for (const email of emails.filter((e) => WITH_CODE.includes(e.kind) || e.kind === "campaign")) {
      expect(email.text, email.kind).toMatch(/OC-7K2QF9|OCM-7K3F-9QXT/);
    }
  });

  it("speak English to an English reader", async () => {
    const { verificationEmail } = await import("../modules/public/public.emails");
    const email = verificationEmail("en", {
      fullName: "Ann",
      registrationCode: "OC-7K2QF9",
      event: { eventName: "Casting", eventDate: "2027-04-10", location: "CABA" },
      timeslot: null,
      verifyUrl: "https://casting.agency.com/verify/abc",
      ttlHours: 48,
    });
    expect(email.text).toContain("never charges: no registration, casting or photo fees.");
    expect(email.text).toContain("Check at casting.agency.com/authentic that this message is ours.");
  });
});
