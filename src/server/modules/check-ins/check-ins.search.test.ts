import { beforeAll, describe, expect, it } from "vitest";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

// The door's search follows the registrations list's rule (@common/registration-search; the list's
// side: registrations.list.test.ts).

const t = useTestApp();
let headers: Record<string, string>;

beforeAll(async () => {
  ({ headers } = await signedInAs(t.app, { role: "member" }));
});

describe("GET /api/check-ins/search", () => {
  it("finds a registration by its code however typed, or by a part of the name or of the e-mail, in any case", async () => {
    const event = await createEvent(t.db, {});
    const slot = event.timeslots[0]!.id;
    const found = await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: slot,
      fullName: "Bruna Códigos",
      email: "bruna.cod@example.com",
      registrationCode: "OC-4FJKMQ",
    });
    await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: slot,
      fullName: "Otra Persona",
      registrationCode: "OC-4FJKMR",
    });
    const ids = async (q: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/check-ins/search?eventId=${event.id}&q=${encodeURIComponent(q)}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((item: { id: string }) => item.id);
    };
    for (const q of ["OC-4FJKMQ", "oc4fjkmq", "4FJKMQ", "oc 4fjkmq", "bruna", "CÓDIGOS", "cod@example"]) {
      expect(await ids(q), q).toEqual([found.id]);
    }
  });
});
