/**
 * The audit trail (issue 18): every action of AUDIT_ACTIONS, walked through the API (retention by
 * its job), writes its row (actor, action, target, address) with no personal data. An action added
 * to the list without being walked here fails the test; a repeated check-in scan writes nothing new.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiTokens, auditLog, modelRegistrations, waitlistEntries, webhookEndpoints } from "../../db/schema";
import { createEvent, createRegistration, createUser, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { pngOf, photoUpload } from "../photos/photos.test-support";
import { runRetention } from "../privacy/privacy.retention";
import { registrantWithPhoto, waitInLine } from "../privacy/privacy.test-support";
import { AUDIT_ACTIONS, type AuditAction } from "./audit.record";
import { castingDayAndAfterCalls, type Call, type Target } from "./audit.walk.test-support";

const t = useTestApp();
let admin: Record<string, string>;
let superadmin: Record<string, string>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
  superadmin = (await signedInAs(t.app, { role: "superadmin" })).headers;
});

async function rowsOf(action: AuditAction, target: Target = {}) {
  const conditions = [eq(auditLog.action, action)];
  if (target.registrationId) conditions.push(eq(auditLog.registrationId, target.registrationId));
  if (target.userId) conditions.push(eq(auditLog.userId, target.userId));
  if (target.eventId) conditions.push(eq(auditLog.eventId, target.eventId));
  return t.db
    .select()
    .from(auditLog)
    .where(and(...conditions));
}

/** Every staff action, in an order that keeps each one's target alive until its turn. */
async function staffCalls(): Promise<{
  calls: Array<[AuditAction, Call, Target]>;
  needles: string[];
  client: { token: string; shareId: string; registrationId: string };
}> {
  const person = await registrantWithPhoto(t.app);
  const [row] = await t.db
    .select()
    .from(modelRegistrations)
    .where(eq(modelRegistrations.registrationCode, person.registrationCode));
  const id = row!.id;
  const eventId = person.event.id;
  const other = await createRegistration(t.db, { eventId, timeslotId: person.event.timeslots[0]!.id });
  const pending = await createUser(t.db, { status: "pending", emailVerified: true });
  const promoted = await createUser(t.db, { status: "approved", emailVerified: true, email: `p-${Date.now()}@agency.test` });
  const leaving = await createUser(t.db, { status: "approved", emailVerified: true });
  const tag = await t.app.inject({ method: "POST", url: "/api/tags", headers: admin, payload: { name: `Alta ${Date.now()}` } });
  const photo = photoUpload("face", await pngOf(400, 500), "new.png", "image/png");
  const tokenMaker = await createUser(t.db, { role: "admin", status: "approved", emailVerified: true });
  const [revoked] = await t.db
    .insert(apiTokens)
    .values({ name: "Viejo", tokenHash: `walk-${Date.now()}`, permissions: ["events.read"], userId: tokenMaker.id })
    .returning();
  const [hook] = await t.db
    .insert(webhookEndpoints)
    .values({
      url: "http://127.0.0.1:9/walk",
      events: ["checkin.created"],
      permissions: [],
      secret: "whsec_d2Fsaw==",
      userId: tokenMaker.id,
    })
    .returning();
  const later = await castingDayAndAfterCalls(t, admin, { eventId, otherId: other.id, makerId: tokenMaker.id });
  // The person waiting in another event's line too, to be taken off it.
  const line = await waitInLine(t.app, person.body);
  const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, line.event.id));
  const calls: Array<[AuditAction, Call, Target]> = [
    ["registration.view", { url: `/api/registrations/${id}` }, { registrationId: id, eventId }],
    ["registration.photo_view", { url: `/api/registrations/${id}/photos/face?size=large` }, { registrationId: id }],
    ["registration.related_view", { url: `/api/registrations/${id}/related` }, { registrationId: id }],
    [
      "registration.check_in_preview",
      { method: "POST", url: "/api/check-ins/preview", payload: { registrationId: id } },
      { registrationId: id, eventId },
    ],
    ["registrations.check_in_search", { url: `/api/check-ins/search?eventId=${eventId}&q=Zoe` }, { eventId }],
    ["event.waitlist_view", { url: `/api/events/${eventId}/waitlist` }, { eventId }],
    [
      "event.waitlist_remove",
      { method: "DELETE", url: `/api/events/${line.event.id}/waitlist/${entry!.id}` },
      { eventId: line.event.id },
    ],
    [
      "registration.edit",
      { method: "PATCH", url: `/api/registrations/${id}`, payload: { location: "Córdoba" } },
      { registrationId: id },
    ],
    [
      "registration.photo_replace",
      { method: "PUT", url: `/api/registrations/${id}/photos/face`, multipart: photo },
      { registrationId: id },
    ],
    ["registration.photo_remove", { method: "DELETE", url: `/api/registrations/${id}/photos/face` }, { registrationId: id }],
    [
      "registration.stage_change",
      { method: "POST", url: `/api/registrations/${id}/stage`, payload: { stage: "shortlisted" } },
      { registrationId: id, eventId },
    ],
    [
      "registration.tags_change",
      { method: "PUT", url: `/api/registrations/${id}/tags`, payload: { tagIds: [tag.json().id] } },
      { registrationId: id },
    ],
    [
      "registration.panel_score",
      { method: "PUT", url: `/api/registrations/${id}/my-score`, payload: { score: 4, note: "Muy buena pasarela" } },
      { registrationId: id },
    ],
    [
      "registration.check_in",
      { method: "POST", url: "/api/check-ins", payload: { registrationId: other.id } },
      { registrationId: other.id },
    ],
    // The person is 17 and their guardian has not decided: only an admin's override lets them in.
    [
      "registration.check_in_override",
      { method: "POST", url: "/api/check-ins", payload: { registrationId: id, overrideReason: "Vino con su madre" } },
      { registrationId: id, eventId },
    ],
    [
      "registration.keep",
      { method: "PUT", url: `/api/registrations/${id}/keep`, payload: { keep: true } },
      { registrationId: id },
    ],
    ["registrations.export_csv", { url: `/api/registrations/export.csv?eventId=${eventId}&q=zoe` }, {}],
    [
      "campaign.send",
      {
        method: "POST",
        url: "/api/campaigns",
        payload: { eventId, registrationIds: [id], subject: "Hola", content: "Te esperamos.", isHtml: false },
      },
      {},
    ],
    ["registration.export", { url: `/api/registrations/${id}/export` }, { registrationId: id }],
    ["token.create", { method: "POST", url: "/api/tokens", payload: { name: "Planilla", permissions: ["events.read"] } }, {}],
    ["token.revoke", { method: "DELETE", url: `/api/tokens/${revoked!.id}` }, {}],
    [
      "webhook.create",
      { method: "POST", url: "/api/webhooks", payload: { url: "http://127.0.0.1:9/new", events: ["stage.changed"] } },
      {},
    ],
    ["webhook.update", { method: "PATCH", url: `/api/webhooks/${hook!.id}`, payload: { enabled: false } }, {}],
    ["webhook.rotate_secret", { method: "POST", url: `/api/webhooks/${hook!.id}/rotate-secret` }, {}],
    ["webhook.delete", { method: "DELETE", url: `/api/webhooks/${hook!.id}` }, {}],
    ["user.approve", { method: "POST", url: `/api/users/${pending.id}/approve`, payload: {} }, { userId: pending.id }],
    [
      "user.role_change",
      { method: "POST", url: "/api/users/admins", payload: { email: promoted.email }, superadmin: true },
      { userId: promoted.id },
    ],
    ["user.delete", { method: "DELETE", url: `/api/users/${leaving.id}`, superadmin: true }, { userId: leaving.id }],
    [
      "privacy.settings_change",
      {
        method: "PUT",
        url: "/api/privacy/settings",
        payload: { retentionMonths: 12, outboxRetentionDays: 90 },
        superadmin: true,
      },
      {},
    ],
    [
      "privacy.notice_publish",
      { method: "POST", url: "/api/privacy/notices", payload: { textEs: "Aviso", textEn: "Notice" }, superadmin: true },
      {},
    ],
    [
      "agency.settings_change",
      {
        method: "PUT",
        url: "/api/settings/agency",
        payload: { name: "Agencia", contactEmail: "hola@agency.test" },
        superadmin: true,
      },
      {},
    ],
    ...later.calls,
    ["registration.delete", { method: "DELETE", url: `/api/registrations/${other.id}` }, { registrationId: other.id, eventId }],
    ["registration.erase", { method: "POST", url: `/api/registrations/${id}/erase` }, { registrationId: id, eventId }],
  ];
  return { calls, needles: person.needles, client: later.client };
}

describe("the audited actions", () => {
  it("each writes its row, with the actor, the target and the address, and no personal data; all are walked", async () => {
    const { calls, needles, client } = await staffCalls();
    const walked = new Set<AuditAction>();
    for (const [action, call, target] of calls) {
      const headers = call.superadmin ? superadmin : admin;
      const res = await t.app.inject({
        method: call.method ?? "GET",
        url: call.url,
        headers: { ...headers, ...call.multipart?.headers },
        ...(call.payload ? { payload: call.payload } : {}),
        ...(call.multipart ? { payload: call.multipart.payload } : {}),
      });
      expect(res.statusCode, `${action}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      const rows = await rowsOf(action, target);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]!.actorRole, action).toBe(call.superadmin ? "superadmin" : "admin");
      expect(rows[0]!.ip, action).toBeTruthy();
      walked.add(action);
    }

    // A client through a selection's link (issue 36): no actor, their address, the link's client.
    const view = await t.app.inject({ url: `/api/public/shares/${client.token}` });
    expect(view.statusCode, view.body).toBe(200);
    expect((await t.app.inject({ url: view.json().members[0].photos[0].url })).statusCode).toBe(200);
    for (const action of ["selection.client_view", "selection.client_photo_view"] as const) {
      const rows = (await rowsOf(action)).filter((row) => row.details.shareId === client.shareId);
      expect(rows, action).toEqual([
        expect.objectContaining({ actorId: null, details: expect.objectContaining({ share: "Marca X" }) }),
      ]);
      expect(rows[0]!.ip, action).toBeTruthy();
      walked.add(action);
    }
    expect((await rowsOf("selection.client_photo_view", { registrationId: client.registrationId })).length).toBe(1);

    // Retention, the system's own: no actor, no address.
    const old = await createEvent(t.db, { eventDate: "2020-01-10" });
    const due = await createRegistration(t.db, { eventId: old.id, timeslotId: old.timeslots[0]!.id });
    await runRetention(t.db, t.config, new Date());
    expect(await rowsOf("retention.erase", { registrationId: due.id, eventId: old.id })).toEqual([
      expect.objectContaining({ actorId: null, actorRole: null, ip: null }),
    ]);
    walked.add("retention.erase");

    expect([...walked].sort()).toEqual([...AUDIT_ACTIONS].sort());
    const all = JSON.stringify(await t.db.select().from(auditLog));
    for (const needle of needles) expect(all).not.toContain(needle);
    expect(all.toLowerCase()).not.toContain("zoe"); // the searches' text is not kept
    expect(all).not.toContain("Muy buena pasarela"); // nor a panel note
  });

  it("a check-in is recorded once, however often the code is scanned", async () => {
    const event = await createEvent(t.db);
    const registration = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
    for (let scan = 0; scan < 3; scan++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/check-ins",
        headers: admin,
        payload: { registrationId: registration.id },
      });
      expect(res.json()).toMatchObject({ checkedIn: scan === 0, alreadyCheckedIn: scan > 0 });
    }
    expect(await rowsOf("registration.check_in", { registrationId: registration.id })).toHaveLength(1);
  });
});
