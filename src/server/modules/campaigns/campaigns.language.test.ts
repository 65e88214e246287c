/**
 * A campaign's subject and message are the staff's own; what the product adds around them (the
 * signature, why the e-mail came, the {fecha} placeholder's date, the page's language) goes out in
 * each recipient's language, whatever the language of the staff member who sent it.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema";
import { createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { eventWithRegistrations } from "./campaigns.test-support";
import { manageUrl } from "../../lib/registration-links";

const t = useTestApp();

describe("a campaign's e-mails", () => {
  it("speak each recipient's language around the staff's text", async () => {
    const { event, registrations } = await eventWithRegistrations(t.db, 1, ["Carla Gómez"]);
    const english = await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: event.timeslots[0]!.id,
      fullName: "Jane Doe",
      language: "en",
    });
    const spanish = registrations[0]!;
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/campaigns",
      headers: { ...headers, "accept-language": "en" },
      payload: {
        eventId: event.id,
        registrationIds: [spanish.id, english.id],
        subject: "Casting {fecha}",
        content: "Hola {nombre}, te esperamos el {fecha}.",
        isHtml: false,
      },
    });
    expect(res.statusCode).toBe(202);
    // The reply is the sender's: the request's language.
    expect(res.json().message).toBe(
      "2 e-mails stay in the mailbox, no SMTP: nothing is sent to anyone until an SMTP server is configured (SMTP_URL).",
    );
    await t.app.ctx.campaignMessages.idle();

    const mailTo = async (email: string) => {
      const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email));
      return mail!;
    };
    const toSpanish = await mailTo(spanish.email);
    expect(toSpanish.subject).toBe("Casting 05/03/26");
    // Issue 39: the agency's promise, the message's own code and where to check it.
    const codeOf = (text: string) => /OCM-\w{4}-\w{4}/.exec(text)?.[0];
    expect(toSpanish.textBody).toBe(
      "Hola Carla Gómez, te esperamos el 05/03/26.\n\n— El equipo de OpenCall\nContacto: contacto@agency.test\nRecibís este correo porque te registraste en Casting Otoño & Co." +
        "\nOpenCall nunca cobra: ni inscripción, ni casting, ni fotos." +
        `\nCódigo de este mensaje: ${codeOf(toSpanish.textBody)}` +
        "\nVerificá en localhost:3000/authentic que este mensaje es nuestro." +
        `\nGestionar mi inscripción: ${manageUrl(t.config, spanish.id)}`,
    );
    expect(toSpanish.htmlBody).toContain('<html lang="es-AR">');
    expect(toSpanish.htmlBody).toContain(
      "— El equipo de OpenCall<br>Contacto: contacto@agency.test<br>Recibís este correo porque te registraste en Casting Otoño &amp; Co.",
    );

    const toEnglish = await mailTo(english.email);
    expect(toEnglish.subject).toBe("Casting Mar 5, 2026");
    expect(toEnglish.textBody).toBe(
      "Hola Jane Doe, te esperamos el Mar 5, 2026.\n\n— The OpenCall team\nContact: contacto@agency.test\nYou are receiving this email because you registered for Casting Otoño & Co." +
        "\nOpenCall never charges: no registration, casting or photo fees." +
        `\nThis message's code: ${codeOf(toEnglish.textBody)}` +
        "\nCheck at localhost:3000/authentic that this message is ours." +
        `\nManage my registration: ${manageUrl(t.config, english.id)}`,
    );
    expect(toEnglish.htmlBody).toContain('<html lang="en">');
    expect(toEnglish.htmlBody).toContain(
      "— The OpenCall team<br>Contact: contacto@agency.test<br>You are receiving this email because you registered for Casting Otoño &amp; Co.",
    );
    expect(toEnglish.htmlBody).not.toMatch(/El equipo|Recibís/);
  });
});
