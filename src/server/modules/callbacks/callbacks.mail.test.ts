/**
 * A callback invitation's e-mail over real SMTP (issue 36): one message per person, however often
 * they are invited, a minor's guardian copied on it (one message, both recipients, a Cc header),
 * and the reminder likewise.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { useOutboxWorkers } from "../../test/outbox";
import { seventeen } from "../privacy/privacy.test-support";
import { answerToken, callbackCalls, openCallWithCallback } from "./callbacks.test-support";

const t = useTestApp();
const { smtpServer, worker } = useOutboxWorkers(t);
let calls: ReturnType<typeof callbackCalls>;

beforeAll(async () => {
  calls = callbackCalls(t.app, (await signedInAs(t.app, { role: "admin" })).headers);
});

const headersOf = (raw: string) => raw.slice(0, raw.indexOf("\r\n\r\n"));

describe("the invitation's e-mail, sent", () => {
  it("reaches each person once, a minor's guardian copied on the same message; the reminder too", async () => {
    const smtp = await smtpServer();
    const { openCall, callback } = await openCallWithCallback(t.app);
    const slot = openCall.timeslots[0]!.id;
    const adult = await createRegistration(t.db, { eventId: openCall.id, timeslotId: slot });
    const minor = await createRegistration(t.db, {
      eventId: openCall.id,
      timeslotId: slot,
      dateOfBirth: seventeen(),
      guardianName: "Laura Tutora",
      guardianEmail: "laura.tutora@example.com",
      guardianStatus: "approved",
    });
    const ids = [adult.id, minor.id];
    // Sent three times, twice at once: one invitation each.
    await Promise.all([calls.invite(callback.id, ids), calls.invite(callback.id, ids)]);
    await calls.invite(callback.id, ids);
    const { worker: w } = worker(smtp.url);
    await w.drainOnce();

    expect(smtp.received).toHaveLength(2);
    const toAdult = smtp.received.filter((mail) => mail.to.includes(adult.email));
    const toMinor = smtp.received.filter((mail) => mail.to.includes(minor.email));
    expect(toAdult).toHaveLength(1);
    expect(toAdult[0]!.to).toEqual([adult.email]);
    expect(headersOf(toAdult[0]!.raw)).not.toMatch(/^Cc:/im);
    expect(toMinor).toHaveLength(1);
    expect(toMinor[0]!.to.sort()).toEqual([minor.email, "laura.tutora@example.com"].sort());
    expect(headersOf(toMinor[0]!.raw)).toMatch(/^Cc: laura\.tutora@example\.com$/im);
    expect(toMinor[0]!.subject).toBe(`Te invitamos al callback: ${callback.eventName}`);
    const link = `${t.config.publicUrl}/manage?c=${await answerToken(t.app, callback.id, minor.id)}`;
    expect(toMinor[0]!.text).toContain(link);
    expect(toMinor[0]!.text).toContain("Le enviamos una copia a Laura Tutora");

    expect((await calls.remind(callback.id)).json()).toEqual({ reminded: 2 });
    await w.drainOnce();
    const reminder = smtp.received.slice(2).find((mail) => mail.to.includes(minor.email));
    expect(smtp.received).toHaveLength(4);
    expect(reminder!.subject).toBe(`Recordatorio: elegí tu horario para el callback ${callback.eventName}`);
    expect(headersOf(reminder!.raw)).toMatch(/^Cc: laura\.tutora@example\.com$/im);
    expect(reminder!.text).toContain(link);
  });
});
