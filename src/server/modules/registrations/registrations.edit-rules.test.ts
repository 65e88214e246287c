import { registrantTexts } from "@common/texts/registrant";
import { beforeAll, describe, expect, it } from "vitest";
import { createEvent, createRegistration, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

// The staff edit and the public form answer a wrong value with the same message (issue 14): both
// routes validate with the fields' one rule.
const t = useTestApp();
let member: Record<string, string>;

beforeAll(async () => {
  member = (await signedInAs(t.app, { role: "member" })).headers;
});

const m = registrantTexts.errors;
const thisYear = new Date().getFullYear();
const WRONG: Array<[string, unknown, string]> = [
  ["dateOfBirth", `${thisYear - 15}-01-01`, "Debes ser mayor de 16 años para registrarte."],
  ["dateOfBirth", `${thisYear + 1}-01-01`, m.invalidDate],
  ["fullName", "Ana\u0000Pérez", m.controlCharacters],
  ["phoneNumber", "11 5555 abcd", m.invalidPhone],
  ["email", "nope", m.invalidEmail],
  ["height", 250, m.between(160, 240)],
  ["instagramHandle", "dos palabras", m.invalidInstagram],
];

describe("a wrong value on the staff edit and on the public form", () => {
  it("gets the same 400 and the same message from both routes, and changes nothing", async () => {
    const event = await createEvent(t.db);
    const slot = event.timeslots[0]!;
    const registration = await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
    for (const [field, value, message] of WRONG) {
      const edit = await t.app.inject({
        method: "PATCH",
        url: `/api/registrations/${registration.id}`,
        headers: member,
        payload: { [field]: value },
      });
      const register = await t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/registrations`,
        payload: registrationBody(slot.id, { [field]: value }),
      });
      for (const res of [edit, register]) {
        expect(res.statusCode, `${field}=${String(value)}`).toBe(400);
        expect(res.json().error.fields[field], `${field}=${String(value)}`).toBe(message);
      }
    }
    const detail = (await t.app.inject({ url: `/api/registrations/${registration.id}`, headers: member })).json();
    expect(detail).toMatchObject({
      fullName: registration.fullName,
      dateOfBirth: registration.dateOfBirth,
      age: registration.age,
    });
  });
});
