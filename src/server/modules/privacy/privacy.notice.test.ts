/**
 * The privacy notice's versions (issue 18): the migrations publish versions 1 and 2 (issue 36's
 * consent to be shown to clients); the superadmin publishes version 3; the public form then shows it
 * and new registrations store it; version 1 is kept and still readable (a person may read what they
 * agreed to); a registration citing a version never published is refused.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelRegistrations } from "../../db/schema";
import { createEvent, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();

/** How long the public side may keep showing the previous version (public.service.ts's TTL). */
const NOTICE_TTL_MS = 1000;

const register = (eventId: string, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/api/public/events/${eventId}/registrations`, payload: body });

describe("publishing a new version of the privacy notice", () => {
  it("is the superadmin's alone", async () => {
    for (const role of ["member", "admin"] as const) {
      const headers = (await signedInAs(t.app, { role })).headers;
      const res = await t.app.inject({
        method: "POST",
        url: "/api/privacy/notices",
        headers,
        payload: { textEs: "Otro aviso", textEn: "Another notice" },
      });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ url: "/api/public/privacy-notice" })).json().version).toBe(2);
  });

  it("shows version 3 on the form, stores it with new registrations, keeps version 1, refuses version 4", async () => {
    const event = await createEvent(t.db);
    const slot = event.timeslots[0]!.id;
    expect((await t.app.inject({ url: `/api/public/events/${event.id}` })).json().privacyNoticeVersion).toBe(2);
    const version1 = (await t.app.inject({ url: "/api/public/privacy-notice?version=1" })).json();

    const superadmin = (await signedInAs(t.app, { role: "superadmin" })).headers;
    const published = await t.app.inject({
      method: "POST",
      url: "/api/privacy/notices",
      headers: superadmin,
      payload: { textEs: "Aviso nuevo: guardamos tus datos 6 meses.", textEn: "New notice: we keep your data 6 months." },
    });
    expect(published.statusCode).toBe(201);
    expect(published.json()).toMatchObject({ version: 3, textEs: "Aviso nuevo: guardamos tus datos 6 meses." });
    await new Promise((resolve) => setTimeout(resolve, NOTICE_TTL_MS + 100));

    expect((await t.app.inject({ url: `/api/public/events/${event.id}` })).json().privacyNoticeVersion).toBe(3);
    expect((await t.app.inject({ url: "/api/public/privacy-notice" })).json()).toMatchObject({
      version: 3,
      textEn: "New notice: we keep your data 6 months.",
    });

    const current = await register(event.id, registrationBody(slot, { privacyNoticeVersion: 3 }));
    expect(current.statusCode).toBe(201);
    // A form opened before the publication: the person agreed to the text they read, and that is recorded.
    const earlier = await register(event.id, registrationBody(slot, { privacyNoticeVersion: 1 }));
    expect(earlier.statusCode).toBe(201);
    const stored = async (code: string) =>
      (await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.registrationCode, code)))[0]!;
    expect((await stored(current.json().registrationCode)).privacyNoticeVersion).toBe(3);
    expect((await stored(earlier.json().registrationCode)).privacyNoticeVersion).toBe(1);

    const future = await register(event.id, registrationBody(slot, { privacyNoticeVersion: 4 }));
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toMatchObject({ code: "consent_required", fields: { privacyNoticeVersion: expect.any(String) } });

    // Version 1 is kept: in the superadmin's list, and for anyone who asks for it by number.
    const list = await t.app.inject({ url: "/api/privacy/notices", headers: superadmin });
    expect(list.json().items.map((n: { version: number }) => n.version)).toEqual([3, 2, 1]);
    expect(list.json().items[2]).toMatchObject({ textEs: version1.textEs, textEn: version1.textEn });
    const old = await t.app.inject({ url: "/api/public/privacy-notice?version=1" });
    expect(old.json()).toEqual(version1);
    const never = await t.app.inject({ url: "/api/public/privacy-notice?version=9" });
    expect(never.statusCode).toBe(404);
    expect(never.json().error.code).toBe("not_found");
    expect((await t.app.inject({ url: "/api/public/privacy-notice?version=zero" })).statusCode).toBe(400);
  });
});
