/** An event's short address (issue 32): made from the name, unique, editable, and its refusals. */
import { t as translate } from "@common/i18n";
import type { ScoutingEvent } from "@common/schemas/events";
import { describe, expect, it } from "vitest";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { eventBody, updateBodyFrom } from "./events.test-support";

const t = useTestApp();

async function create(headers: Record<string, string>, overrides: Parameters<typeof eventBody>[0] = {}) {
  return t.app.inject({ method: "POST", url: "/api/events", headers, payload: eventBody(overrides) });
}

/** PUT of the event as it is, with `changes`. */
async function update(headers: Record<string, string>, event: ScoutingEvent, changes: Record<string, unknown> = {}) {
  return t.app.inject({
    method: "PUT",
    url: `/api/events/${event.id}`,
    headers,
    payload: { ...updateBodyFrom(event), ...changes },
  });
}

describe("an event's slug", () => {
  it("is made from the name with its accents folded, and a taken one gets a suffix", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const slugs: string[] = [];
    for (const eventName of ["Casting Córdoba 2027", "CASTING  córdoba 2027!", "Casting Córdoba 2027"]) {
      const res = await create(headers, { eventName });
      expect(res.statusCode).toBe(201);
      slugs.push(res.json<ScoutingEvent>().slug);
    }
    expect(slugs).toEqual(["casting-cordoba-2027", "casting-cordoba-2027-2", "casting-cordoba-2027-3"]);

    // Every reply carries it: the list, one event, an edit.
    const list = (await t.app.inject({ url: "/api/events", headers })).json<ScoutingEvent[]>();
    expect(list.filter((event) => event.eventName.includes("rdoba 2027")).map((event) => event.slug)).toEqual(slugs);
  });

  it("stays unique when events of the same name are created at once", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const replies = await Promise.all(Array.from({ length: 4 }, () => create(headers, { eventName: "Casting simultáneo" })));
    expect(replies.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    const slugs = replies.map((res) => res.json<ScoutingEvent>().slug).sort();
    expect(slugs).toEqual(["casting-simultaneo", "casting-simultaneo-2", "casting-simultaneo-3", "casting-simultaneo-4"]);
  });

  it("can be chosen at creation and changed by an admin; absent on an edit, it stays", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const created = (await create(headers, { eventName: "Casting de verano", slug: "  Verano-27 " })).json<ScoutingEvent>();
    expect(created.slug).toBe("verano-27");

    const renamed = await update(headers, created, { eventName: "Casting de verano (nuevo nombre)" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<ScoutingEvent>().slug).toBe("verano-27");

    const edited = await update(headers, created, { slug: "verano-mar-del-plata" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<ScoutingEvent>().slug).toBe("verano-mar-del-plata");
    const read = await t.app.inject({ url: `/api/events/${created.id}`, headers });
    expect(read.json<ScoutingEvent>().slug).toBe("verano-mar-del-plata");

    // Its own slug again is no conflict.
    const same = await update(headers, created, { slug: "verano-mar-del-plata" });
    expect(same.statusCode).toBe(200);
  });

  it("refuses another event's slug with 409 slug_taken, naming it, and saves nothing", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const first = (await create(headers, { eventName: "Casting Rosario" })).json<ScoutingEvent>();
    const second = (await create(headers, { eventName: "Casting Salta" })).json<ScoutingEvent>();

    const message = translate("events.errors.slugTaken", { slug: first.slug });
    const onEdit = await update(headers, second, { eventName: "Casting Salta (cambiado)", slug: first.slug });
    expect(onEdit.statusCode).toBe(409);
    expect(onEdit.json()).toEqual({ error: { code: "slug_taken", message, fields: { slug: message } } });
    expect(message).toContain(`/e/${first.slug}`);
    const unchanged = (await t.app.inject({ url: `/api/events/${second.id}`, headers })).json<ScoutingEvent>();
    expect(unchanged).toMatchObject({ eventName: "Casting Salta", slug: second.slug });

    const onCreate = await create(headers, { eventName: "Otro", slug: first.slug });
    expect(onCreate.statusCode).toBe(409);
    expect(onCreate.json()).toMatchObject({ error: { code: "slug_taken" } });
  });

  it("refuses a malformed slug with 400 and the rule in words", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const event = (await create(headers, { eventName: "Casting Mendoza" })).json<ScoutingEvent>();
    const cases: Array<[unknown, string]> = [
      ["córdoba 2027", translate("events.validation.slugInvalid")],
      ["-casting", translate("events.validation.slugInvalid")],
      ["casting--2027", translate("events.validation.slugInvalid")],
      ["casting/otro", translate("events.validation.slugInvalid")],
      ["", translate("events.validation.slugRequired")],
      ["a".repeat(61), translate("events.validation.tooLong", { max: 60 })],
      [42, translate("events.validation.slugRequired")],
    ];
    for (const [slug, message] of cases) {
      const res = await update(headers, event, { slug });
      expect(res.statusCode, String(slug)).toBe(400);
      expect(res.json(), String(slug)).toMatchObject({ error: { code: "validation_failed", fields: { slug: message } } });
    }
    const read = (await t.app.inject({ url: `/api/events/${event.id}`, headers })).json<ScoutingEvent>();
    expect(read.slug).toBe("casting-mendoza");
  });
});
