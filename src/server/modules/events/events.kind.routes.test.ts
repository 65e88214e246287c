/**
 * An event's kind (issue 36): an open call, or a callback of one, fixed at creation; and a callback
 * is never public: every public route answers as if it did not exist.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ScoutingEvent } from "@common/schemas/events";
import { createEvent, createRegistration, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { phoneJpeg, photoUpload } from "../photos/photos.test-support";
import { newRegistrationCode } from "../public/registration-code.generator";
import { eventBody, updateBodyFrom } from "./events.test-support";

const t = useTestApp();
let headers: Record<string, string>;

beforeAll(async () => {
  headers = (await signedInAs(t.app, { role: "admin" })).headers;
});

const create = (payload: object) => t.app.inject({ method: "POST", url: "/api/events", headers, payload });

describe("POST and PUT /api/events: kind and callbackOf", () => {
  it("makes an open call by default, and a callback of an open call when asked", async () => {
    const open = await create(eventBody());
    expect(open.json()).toMatchObject({ kind: "open", callbackOf: null });
    const callback = await create(eventBody({ eventName: "Callback de otoño", kind: "callback", callbackOf: open.json().id }));
    expect(callback.statusCode, callback.body).toBe(201);
    const made = callback.json<ScoutingEvent>();
    expect(made).toMatchObject({ kind: "callback", callbackOf: open.json().id, status: "active" });
    const listed = (await t.app.inject({ url: "/api/events", headers })).json<ScoutingEvent[]>();
    expect(listed.find((event) => event.id === made.id)).toMatchObject({ kind: "callback", callbackOf: open.json().id });
  });

  it.each([
    ["a callback without its open call", { kind: "callback" }, "callbackOf"],
    ["an open call naming one", { kind: "open", callbackOf: "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f" }, "callbackOf"],
    ["an open call that does not exist", { kind: "callback", callbackOf: "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f" }, "callbackOf"],
    ["an unknown kind", { kind: "casting" }, "kind"],
  ])("refuses %s (400, the field named), creating nothing", async (_label, override, field) => {
    const before = (await t.app.inject({ url: "/api/events", headers })).json<unknown[]>().length;
    const res = await create({ ...eventBody(), ...override });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect((await t.app.inject({ url: "/api/events", headers })).json<unknown[]>()).toHaveLength(before);
  });

  it("refuses a callback of a callback", async () => {
    const open = (await create(eventBody())).json<ScoutingEvent>();
    const callback = (await create(eventBody({ kind: "callback", callbackOf: open.id }))).json<ScoutingEvent>();
    const res = await create(eventBody({ kind: "callback", callbackOf: callback.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.callbackOf).toBe("El evento elegido no existe o no es un casting abierto.");
  });

  it("keeps the kind on an edit that leaves it out or repeats it, and refuses one that changes it", async () => {
    const open = (await create(eventBody())).json<ScoutingEvent>();
    const other = (await create(eventBody())).json<ScoutingEvent>();
    const callback = (await create(eventBody({ kind: "callback", callbackOf: open.id }))).json<ScoutingEvent>();
    const put = (event: ScoutingEvent, overrides: object) =>
      t.app.inject({
        method: "PUT",
        url: `/api/events/${event.id}`,
        headers,
        payload: { ...updateBodyFrom(event), ...overrides },
      });
    expect((await put(callback, { eventName: "Callback renombrado" })).json()).toMatchObject({
      eventName: "Callback renombrado",
      kind: "callback",
      callbackOf: open.id,
    });
    expect((await put(callback, { kind: "callback", callbackOf: open.id })).statusCode).toBe(200);
    for (const change of [
      { kind: "open", callbackOf: null },
      { kind: "callback", callbackOf: other.id },
    ]) {
      const res = await put(callback, change);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(["kind"]);
    }
    expect((await put(open, { kind: "callback", callbackOf: other.id })).statusCode).toBe(400);
  });
});

describe("a callback on the public side", () => {
  it("is not found by any public route, while its open call is", async () => {
    const open = await createEvent(t.db, { photos: "optional" });
    const callback = await createEvent(t.db, { kind: "callback", callbackOf: open.id, photos: "optional" });
    const slot = callback.timeslots[0]!.id;
    const photo = photoUpload("face", await phoneJpeg());
    const routes = (event: typeof open, timeslotId: string) => [
      t.app.inject({ url: `/api/public/events/${event.id}` }),
      t.app.inject({ url: `/api/public/events/by-slug/${event.slug}` }),
      t.app.inject({ url: `/og/events/${event.id}.png` }),
      t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/registrations`,
        payload: registrationBody(timeslotId),
      }),
      t.app.inject({ method: "POST", url: `/api/public/events/${event.id}/waitlist`, payload: registrationBody(timeslotId) }),
      t.app.inject({ method: "POST", url: `/api/public/events/${event.id}/photos`, ...photo }),
    ];
    for (const res of await Promise.all(routes(callback, slot))) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe("event_not_found");
    }
    const opened = await Promise.all(routes(open, open.timeslots[0]!.id));
    expect(opened.map((res) => res.statusCode)).toEqual([200, 200, 200, 201, 409, 201]);
    // Staff still see it.
    expect((await t.app.inject({ url: `/api/events/${callback.id}`, headers })).statusCode).toBe(200);
  });

  it("is no one's link on /authentic, and a code of its registrations answers its open call", async () => {
    const open = await createEvent(t.db, { eventName: "Casting de invierno", eventDate: "2031-06-01" });
    const callback = await createEvent(t.db, { eventName: "Callback secreto", kind: "callback", callbackOf: open.id });
    const check = async (text: string) =>
      (await t.app.inject({ method: "POST", url: "/api/public/authentic", payload: { text } })).json();
    expect(await check(`${t.config.publicUrl}/e/${callback.slug}`)).toEqual({ verdict: "not_ours" });
    expect(await check(`${t.config.publicUrl}/events/${callback.id}/register`)).toEqual({ verdict: "not_ours" });
    const person = await createRegistration(t.db, {
      eventId: callback.id,
      timeslotId: callback.timeslots[0]!.id,
      registrationCode: newRegistrationCode(),
    });
    expect(await check(`Mi código es ${person.registrationCode}`)).toEqual({
      verdict: "genuine",
      event: { name: "Casting de invierno", date: "2031-06-01", url: `${t.config.publicUrl}/e/${open.slug}` },
    });
    expect(JSON.stringify(await check(`${t.config.publicUrl}/e/${open.slug}`))).toContain("Casting de invierno");
  });
});
