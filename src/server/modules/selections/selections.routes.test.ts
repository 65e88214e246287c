/**
 * Selections for a client, the staff's side (issue 36): an admin names a selection and orders its
 * people; only people who agreed to be shown to clients go in (a minor once the guardian approved
 * it), the others refused with 409 consent_required naming each; a link for a client is answered
 * once, stored hashed (its password too), expires within 30 days, and is revoked at once; making and
 * revoking it are audited.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, selectionShares } from "../../db/schema";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { registrationToken } from "../../lib/registration-links";
import { seventeen } from "../privacy/privacy.test-support";
import { inDays, registrant, selectionOf, shareOf } from "./selections.test-support";

const t = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
});

const get = (id: string) => t.app.inject({ url: `/api/selections/${id}`, headers: admin });
const putMembers = (id: string, registrationIds: string[]) =>
  t.app.inject({ method: "PUT", url: `/api/selections/${id}/members`, headers: admin, payload: { registrationIds } });

describe("a selection", () => {
  it("is made, renamed, listed and deleted; its people keep the order given", async () => {
    const [a, b, c] = [await registrant(t.app), await registrant(t.app), await registrant(t.app)];
    const made = await t.app.inject({ method: "POST", url: "/api/selections", headers: admin, payload: { name: "  Marca X  " } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: "Marca X", memberCount: 0, activeShareCount: 0 });
    const id = made.json().id as string;

    const put = await putMembers(id, [c.id, a.id, b.id, a.id]);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().members.map((m: { registrationId: string }) => m.registrationId)).toEqual([c.id, a.id, b.id]);
    const firstIds = put.json().members.map((m: { id: string }) => m.id);
    // Reordered: the same members (their ids, and so a client's picks, stay), in the new order.
    const reordered = await putMembers(id, [b.id, c.id]);
    expect(reordered.json().members.map((m: { registrationId: string }) => m.registrationId)).toEqual([b.id, c.id]);
    expect(reordered.json().members.map((m: { id: string }) => m.id)).toEqual([firstIds[2], firstIds[0]]);
    expect(reordered.json().members[0]).toMatchObject({
      position: 0,
      registrationCode: b.registrationCode,
      fullName: b.body.fullName,
      location: "Rosario",
      photos: [{ kind: "face", id: expect.any(String) }],
    });

    const renamed = await t.app.inject({
      method: "PATCH",
      url: `/api/selections/${id}`,
      headers: admin,
      payload: { name: "Marca X, verano" },
    });
    expect(renamed.json()).toMatchObject({ name: "Marca X, verano", memberCount: 2 });
    const list = await t.app.inject({ url: "/api/selections", headers: admin });
    expect(list.json().items[0]).toMatchObject({ id, name: "Marca X, verano", memberCount: 2 });

    const invalid = await t.app.inject({ method: "POST", url: "/api/selections", headers: admin, payload: { name: " " } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toHaveProperty("name");
    expect((await putMembers(id, ["not-an-id"])).statusCode).toBe(400);
    const unknown = await putMembers(id, [crypto.randomUUID()]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty("registrationIds");

    expect((await t.app.inject({ method: "DELETE", url: `/api/selections/${id}`, headers: admin })).statusCode).toBe(204);
    expect((await get(id)).json().error.code).toBe("selection_not_found");
  });

  it("refuses, with 409 consent_required naming each, people who did not agree to be shown to clients, and changes nothing", async () => {
    const agreed = await registrant(t.app);
    const refused = await registrant(t.app, { consentClientSharing: false });
    const minor = await registrant(t.app, {
      dateOfBirth: seventeen(),
      guardianName: "Ana Tutora",
      guardianEmail: `tutora-${Date.now()}@example.com`,
    });
    const id = await selectionOf(t.app, admin, [agreed.id]);

    const res = await putMembers(id, [agreed.id, refused.id, minor.id]);
    expect(res.statusCode).toBe(409);
    const error = res.json().error;
    expect(error.code).toBe("consent_required");
    expect(Object.keys(error.fields)).toEqual([refused.id, minor.id]);
    expect(error.message).toContain(refused.body.fullName as string);
    expect(error.message).toContain(minor.registrationCode);
    expect(error.fields[minor.id]).toContain("madre, padre o tutor");
    expect((await get(id)).json().members.map((m: { registrationId: string }) => m.registrationId)).toEqual([agreed.id]);

    // The guardian approves (after the minor's consent): the minor may be shown now.
    const decided = await t.app.inject({
      method: "POST",
      url: "/api/public/guardian/decision",
      payload: { token: registrationToken(t.config, "guardian", minor.id), approve: true },
    });
    expect(decided.json().outcome).toBe("approved");
    expect((await putMembers(id, [minor.id, agreed.id])).statusCode).toBe(200);
  });
});

describe("a link for a client", () => {
  it("is answered once, stored hashed with its password, expires within 30 days; revoking it is audited and final", async () => {
    const person = await registrant(t.app);
    const id = await selectionOf(t.app, admin, [person.id]);
    const share = await shareOf(t.app, admin, id, {
      clientName: "Estudio Sur",
      password: "verano-2031",
      clientEmail: "foto@sur.test",
    });
    expect(share.url).toMatch(new RegExp(`^${t.config.publicUrl}/shared/[A-Za-z0-9_-]{43}$`));
    const [stored] = await t.db.select().from(selectionShares).where(eq(selectionShares.id, share.id));
    expect(JSON.stringify(stored)).not.toContain(share.token);
    expect(JSON.stringify(stored)).not.toContain("verano-2031");
    expect(stored).toMatchObject({ clientName: "Estudio Sur", clientEmail: "foto@sur.test", revokedAt: null });

    const detail = (await get(id)).json();
    expect(detail.shares).toEqual([
      expect.objectContaining({ id: share.id, clientName: "Estudio Sur", hasPassword: true, state: "active", picks: [] }),
    ]);
    expect(JSON.stringify(detail)).not.toContain(share.token);

    const ask = (payload: object) =>
      t.app.inject({ method: "POST", url: `/api/selections/${id}/shares`, headers: admin, payload });
    const tooFar = await ask({ clientName: "Marca X", expiresAt: inDays(31) });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().error.fields).toHaveProperty("expiresAt");
    expect((await ask({ clientName: "Marca X", expiresAt: inDays(-1) })).json().error.fields).toHaveProperty("expiresAt");
    expect((await ask({ clientName: "", expiresAt: inDays(3) })).json().error.fields).toHaveProperty("clientName");
    expect((await ask({ clientName: "Marca X", expiresAt: inDays(3), password: "123" })).json().error.fields).toHaveProperty(
      "password",
    );

    const revoke = () => t.app.inject({ method: "DELETE", url: `/api/shares/${share.id}`, headers: admin });
    expect((await revoke()).statusCode).toBe(204);
    expect((await revoke()).statusCode).toBe(204);
    expect((await get(id)).json().shares[0]).toMatchObject({ state: "revoked", revokedAt: expect.any(String) });
    expect((await t.app.inject({ method: "DELETE", url: `/api/shares/${crypto.randomUUID()}`, headers: admin })).statusCode).toBe(
      404,
    );

    const audited = await t.db
      .select({ action: auditLog.action, details: auditLog.details, actorRole: auditLog.actorRole })
      .from(auditLog)
      .where(and(eq(auditLog.action, "selection.share")));
    expect(audited).toContainEqual({
      action: "selection.share",
      actorRole: "admin",
      details: expect.objectContaining({ selectionId: id, shareId: share.id, share: "Estudio Sur", password: true }),
    });
    // Revoked twice: recorded once.
    const revokes = await t.db.select().from(auditLog).where(eq(auditLog.action, "selection.share_revoke"));
    expect(revokes.filter((row) => row.details.shareId === share.id)).toHaveLength(1);
  });
});
