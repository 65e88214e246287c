/**
 * Selections for a client, the client's side (issue 36): the reply holds photos under the link,
 * first name, age, height, measurements and city, and nothing else (every key walked against an
 * allow-list); a revoked or expired link answers 404 for its page and its photos; each opening and
 * each photo seen is audited with the link's client and address; favourites and notes reach staff,
 * a favourite raises `selection.favourited`. (A link's password: selections.password.test.ts.)
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, selectionShares, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { createUser, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { seventeen } from "../privacy/privacy.test-support";
import { registrant, selectionOf, shareOf } from "./selections.test-support";

const t = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
});

const page = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/public/shares/${token}`, headers });

/** Every key path of a JSON value: `members[].photos[].url`. */
function keyPaths(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => keyPaths(item, `${path}[]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const at = path ? `${path}.${key}` : key;
    return [at, ...keyPaths(inner, at)];
  });
}

const CLIENT_KEYS = new Set([
  "agency",
  "agency.name",
  "name",
  "clientName",
  "expiresAt",
  "members",
  "members[].id",
  "members[].firstName",
  "members[].age",
  "members[].height",
  "members[].bust",
  "members[].waist",
  "members[].hips",
  "members[].location",
  "members[].photos",
  "members[].photos[].id",
  "members[].photos[].kind",
  "members[].photos[].url",
  "members[].photos[].thumbUrl",
  "members[].favourite",
  "members[].note",
]);

describe("the selection as the client sees it", () => {
  it("holds only the allowed fields, with no surname, contacts, birth date, guardian, notes or scores", async () => {
    const adult = await registrant(t.app, { fullName: "Martina Apellidosecreto" });
    const minor = await registrant(t.app, {
      fullName: "Lola Escondida Tutelada",
      dateOfBirth: seventeen(),
      guardianName: "Marta Guardianoculta",
      guardianEmail: `tutora-${Date.now()}@example.com`,
    });
    await t.app.inject({
      method: "POST",
      url: "/api/public/guardian/decision",
      payload: { token: registrationToken(t.config, "guardian", minor.id), approve: true },
    });
    // Staff's own notes and scores on the person, which must not leave.
    await t.app.inject({
      method: "PUT",
      url: `/api/registrations/${adult.id}/my-score`,
      headers: admin,
      payload: { score: 5, note: "Notainternadelpanel" },
    });
    const selectionId = await selectionOf(t.app, admin, [adult.id, minor.id]);
    const { token } = await shareOf(t.app, admin, selectionId);

    const res = await page(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const reply = res.json();
    expect(reply.members).toHaveLength(2);
    expect(reply.members[0]).toMatchObject({
      firstName: "Martina",
      age: expect.any(Number),
      height: 176,
      bust: 84,
      waist: 61,
      hips: 90,
      location: "Rosario",
      favourite: false,
      note: null,
    });
    expect(reply.members[1].firstName).toBe("Lola");
    expect(reply.members[0].photos).toEqual([
      {
        id: expect.any(String),
        kind: "face",
        url: `/api/public/shares/${token}/photos/${reply.members[0].id}/${reply.members[0].photos[0].id}`,
        thumbUrl: `/api/public/shares/${token}/photos/${reply.members[0].id}/${reply.members[0].photos[0].id}?size=thumb`,
      },
    ]);

    const unexpected = keyPaths(reply).filter((path) => !CLIENT_KEYS.has(path));
    expect(unexpected).toEqual([]);
    for (const hidden of [
      "Apellidosecreto",
      "Escondida",
      "Tutelada",
      "Guardianoculta",
      adult.body.email as string,
      adult.body.phoneNumber as string,
      adult.body.instagramHandle as string,
      adult.body.dateOfBirth as string,
      minor.body.guardianEmail as string,
      adult.id,
      minor.id,
      adult.registrationCode,
      adult.eventId,
      "Notainternadelpanel",
    ])
      expect(res.body, hidden).not.toContain(hidden);
  });

  it("shows nobody who withdrew since, and answers 404 for an unknown token", async () => {
    const person = await registrant(t.app);
    const selectionId = await selectionOf(t.app, admin, [person.id]);
    const { token } = await shareOf(t.app, admin, selectionId);
    expect((await page(token)).json().members).toHaveLength(1);
    const withdrawn = await t.app.inject({
      method: "POST",
      url: "/api/public/registrations/manage/client-sharing",
      payload: { t: registrationToken(t.config, "manage", person.id), consent: false },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await page(token)).json().members).toEqual([]);
    expect((await page("x".repeat(43))).statusCode).toBe(404);
    expect((await page("short")).json().error.code).toBe("share_not_found");
  });
});

describe("a revoked or expired link", () => {
  it("answers 404 for its page, its photos and its picks", async () => {
    const person = await registrant(t.app);
    const selectionId = await selectionOf(t.app, admin, [person.id]);
    const revoked = await shareOf(t.app, admin, selectionId);
    const expired = await shareOf(t.app, admin, selectionId);
    const before = (await page(revoked.token)).json().members[0];
    const photoUrl = before.photos[0].url as string;
    expect((await t.app.inject({ url: photoUrl })).statusCode).toBe(200);

    expect((await t.app.inject({ method: "DELETE", url: `/api/shares/${revoked.id}`, headers: admin })).statusCode).toBe(204);
    await t.db
      .update(selectionShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(selectionShares.id, expired.id));

    for (const token of [revoked.token, expired.token]) {
      const gone = await page(token);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.code).toBe("share_not_found");
      for (const url of [photoUrl.replace(revoked.token, token), `${photoUrl.replace(revoked.token, token)}?size=thumb`])
        expect((await t.app.inject({ url })).statusCode, url).toBe(404);
      const pick = await t.app.inject({
        method: "PUT",
        url: `/api/public/shares/${token}/members/${before.id}`,
        payload: { favourite: true },
      });
      expect(pick.statusCode).toBe(404);
    }
  });
});

describe("the client's openings, photos and picks", () => {
  it("are audited with the link's client and address; favourites and notes reach staff and the webhook", async () => {
    const maker = await createUser(t.db, { role: "admin", status: "approved", emailVerified: true });
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({
        url: "http://127.0.0.1:9/picks",
        events: ["selection.favourited"],
        permissions: ["registrations.read"],
        secret: "whsec_cGlja3M=",
        userId: maker.id,
      })
      .returning();
    const [a, b] = [await registrant(t.app), await registrant(t.app)];
    const selectionId = await selectionOf(t.app, admin, [a.id, b.id]);
    const share = await shareOf(t.app, admin, selectionId, { clientName: "Marca Norte" });

    const view = await t.app.inject({ url: `/api/public/shares/${share.token}`, remoteAddress: "10.1.2.3" });
    const [first, second] = view.json().members;
    for (let i = 0; i < 2; i++) await t.app.inject({ url: first.photos[0].url, remoteAddress: "10.1.2.3" });
    await t.app.inject({ url: first.photos[0].thumbUrl, remoteAddress: "10.1.2.3" });
    await t.app.inject({ url: second.photos[0].thumbUrl, remoteAddress: "10.1.2.3" });

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.ip, "10.1.2.3")));
    const opened = rows.filter((row) => row.action === "selection.client_view");
    expect(opened).toEqual([
      expect.objectContaining({
        actorId: null,
        details: { selectionId, shareId: share.id, share: "Marca Norte" },
      }),
    ]);
    // A row per photo seen (once an hour): the large one and its thumbnail count once.
    const photos = rows.filter((row) => row.action === "selection.client_photo_view");
    expect(photos.map((row) => row.registrationId).sort()).toEqual([a.id, b.id].sort());
    expect(photos[0]).toMatchObject({ actorId: null, details: expect.objectContaining({ share: "Marca Norte", kind: "face" }) });

    const pick = (memberId: string, payload: object) =>
      t.app.inject({ method: "PUT", url: `/api/public/shares/${share.token}/members/${memberId}`, payload });
    expect((await pick(first.id, { favourite: true })).json()).toEqual({ memberId: first.id, favourite: true, note: null });
    expect((await pick(first.id, { note: "  Ideal para la campaña  " })).json()).toEqual({
      memberId: first.id,
      favourite: true,
      note: "Ideal para la campaña",
    });
    await pick(first.id, { favourite: true });
    await pick(second.id, { note: "Quizás" });
    expect((await pick(crypto.randomUUID(), { favourite: true })).statusCode).toBe(404);
    const tooLong = await pick(second.id, { note: "x".repeat(1001) });
    expect(tooLong.statusCode).toBe(400);

    const staff = (await t.app.inject({ url: `/api/selections/${selectionId}`, headers: admin })).json();
    const picks = staff.shares.find((s: { id: string }) => s.id === share.id).picks;
    expect(picks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ memberId: first.id, favourite: true, note: "Ideal para la campaña" }),
        expect.objectContaining({ memberId: second.id, favourite: false, note: "Quizás" }),
      ]),
    );
    expect(staff.shares.find((s: { id: string }) => s.id === share.id).lastOpenedAt).toEqual(expect.any(String));

    // One event: the favourite marked once (marking it again, or a note, raises none).
    const events = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(events).toEqual([
      expect.objectContaining({
        eventType: "selection.favourited",
        subjectId: a.id,
        data: { registrationId: a.id, eventId: a.eventId, selectionId, shareId: share.id, client: "Marca Norte" },
      }),
    ]);
  });
});
