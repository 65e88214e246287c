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

const thisYear = new Date().getFullYear();
const WRONG: Array<[string, unknown, string]> = [
  ["dateOfBirth", `${thisYear - 15}-01-01`, "Tenés que tener al menos 16 años para registrarte."],
  ["dateOfBirth", `${thisYear + 1}-01-01`, "Ingresá una fecha de nacimiento válida."],
  ["fullName", "Ana\u0000Pérez", "Este campo tiene caracteres que no se pueden guardar."],
  ["phoneNumber", "11 5555 abcd", "Ingresá un número de teléfono válido (solo números)."],
  ["email", "nope", "Ingresá un correo electrónico válido."],
  ["height", 250, "Ingresá un número entero entre 160 y 240."],
  ["instagramHandle", "dos palabras", "Ingresá un usuario de Instagram válido."],
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
