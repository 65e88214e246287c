/**
 * The agency in the e-mails (issue 32), read off a real SMTP server: every message's From name is
 * the agency's, its header and signature name it and its contact address (escaped in the HTML part),
 * and the guardian's request says who asks, for what, when and where.
 */
import { todayIso } from "@common/dates";
import { formatLongDateFor } from "@common/dates-language";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { createEvent, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { useOutboxWorkers } from "../../test/outbox";

const t = useTestApp();
const { smtpServer, worker } = useOutboxWorkers(t);

const AGENCY = "Sur & Co Modelos";
const CONTACT = "casting@surco.test";

describe("the e-mails of an agency that saved its identity", () => {
  it("come from the agency, are signed with its name and contact address, and the guardian's says who, what, when and where", async () => {
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/settings/agency",
      headers: (await signedInAs(t.app, { role: "superadmin" })).headers,
      payload: { name: AGENCY, contactEmail: CONTACT },
    });
    expect(saved.statusCode).toBe(200);

    const event = await createEvent(t.db, { eventName: "Casting Primavera", location: "Av. Santa Fe 3200, CABA" });
    const body = registrationBody(event.timeslots[0]!.id, {
      fullName: "Lola Minor",
      dateOfBirth: `${Number(todayIso().slice(0, 4)) - 17}-01-01`,
      guardianName: "Marta Madre",
      guardianEmail: "marta@example.com",
    });
    const res = await t.app.inject({ method: "POST", url: `/api/public/events/${event.id}/registrations`, payload: body });
    expect(res.statusCode).toBe(201);

    const smtp = await smtpServer();
    await worker(smtp.url).worker.drainOnce();
    const guardian = smtp.received.find((m) => m.to.includes("marta@example.com"));
    const own = smtp.received.find((m) => m.to.includes(String(body.email)));
    if (!guardian || !own) throw new Error("the guardian's or the registrant's e-mail was not delivered");

    for (const mail of [guardian, own]) {
      const parsed = await simpleParser(mail.raw);
      expect(parsed.from?.value[0]).toEqual({ name: AGENCY, address: "no-reply@agency.test" });
      expect(mail.text).toContain(`— El equipo de ${AGENCY}\nContacto: ${CONTACT}`);
      expect(mail.html).toContain(`— El equipo de Sur &amp; Co Modelos<br>Contacto: ${CONTACT}`);
      expect(mail.html).not.toContain("{{agency");
      expect(mail.html).not.toContain("OpenCall");
    }
    expect(own.text).toContain(`Recibimos tu registro para Casting Primavera en ${AGENCY}.`);

    // Who, what, when (the date and the slot, 24-hour) and where.
    expect(guardian.text).toContain(`Lola Minor se inscribió al casting Casting Primavera de ${AGENCY}`);
    expect(guardian.text).toContain(`¿Tenés dudas? Escribile a ${AGENCY} a ${CONTACT}.`);
    expect(guardian.text).toContain(
      [
        `Agencia: ${AGENCY}`,
        "Evento: Casting Primavera",
        "Inscripción de: Lola Minor",
        `Fecha: ${formatLongDateFor("es-AR", event.eventDate)}`,
        "Horario: 10:00 - 11:00",
        "Lugar: Av. Santa Fe 3200, CABA",
      ].join("\n"),
    );
    expect(guardian.html).toContain("de Sur &amp; Co Modelos");
  });
});
