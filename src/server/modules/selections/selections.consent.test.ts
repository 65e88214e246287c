/**
 * The consent to be shown to clients (issue 36): optional on the public form, stored with its time;
 * given or withdrawn from the manage page; a withdrawal takes the person out of every selection at
 * once, shared ones included; a minor's counts once the guardian approved it, and a minor whose
 * guardian has decided cannot give it later; an erased person vanishes from every selection.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { modelRegistrations, selectionMembers } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { seventeen } from "../privacy/privacy.test-support";
import { registrant, selectionOf, shareOf } from "./selections.test-support";

const t = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
});

const stored = async (id: string) => (await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, id)))[0]!;
const manage = (id: string) =>
  t.app.inject({ url: `/api/public/registrations/manage?t=${registrationToken(t.config, "manage", id)}` });
const setSharing = (id: string, consent: boolean) =>
  t.app.inject({
    method: "POST",
    url: "/api/public/registrations/manage/client-sharing",
    payload: { t: registrationToken(t.config, "manage", id), consent },
  });
const membersOf = async (selectionId: string) =>
  (await t.app.inject({ url: `/api/selections/${selectionId}`, headers: admin }))
    .json()
    .members.map((m: { registrationId: string }) => m.registrationId);

describe("the consent to be shown to clients", () => {
  it("is stored with the registration and its time, only when given", async () => {
    const given = await registrant(t.app);
    const notGiven = await registrant(t.app, { consentClientSharing: undefined });
    expect(await stored(given.id)).toMatchObject({ consentClientSharing: true, consentClientSharingAt: expect.any(Date) });
    expect(await stored(notGiven.id)).toMatchObject({ consentClientSharing: false, consentClientSharingAt: null });
    expect((await manage(notGiven.id)).json().clientSharing).toEqual({ consent: false, awaitingGuardian: false, canGive: true });

    // Given later from the manage page: the person may be added now.
    const selectionId = await selectionOf(t.app, admin, []);
    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/selections/${selectionId}/members`,
      headers: admin,
      payload: { registrationIds: [notGiven.id] },
    });
    expect(refused.json().error.code).toBe("consent_required");
    const res = await setSharing(notGiven.id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clientSharing).toEqual({ consent: true, awaitingGuardian: false, canGive: false });
    expect((await stored(notGiven.id)).consentClientSharingAt).toBeInstanceOf(Date);
    const added = await t.app.inject({
      method: "PUT",
      url: `/api/selections/${selectionId}/members`,
      headers: admin,
      payload: { registrationIds: [notGiven.id] },
    });
    expect(added.statusCode, added.body).toBe(200);
  });

  it("withdrawn, takes the person out of every selection at once, a shared one included", async () => {
    const leaving = await registrant(t.app);
    const staying = await registrant(t.app);
    const shared = await selectionOf(t.app, admin, [leaving.id, staying.id]);
    const other = await selectionOf(t.app, admin, [staying.id, leaving.id], "Estudio Sur");
    const { token } = await shareOf(t.app, admin, shared);
    expect((await t.app.inject({ url: `/api/public/shares/${token}` })).json().members).toHaveLength(2);

    const res = await setSharing(leaving.id, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clientSharing).toEqual({ consent: false, awaitingGuardian: false, canGive: true });
    expect(await membersOf(shared)).toEqual([staying.id]);
    expect(await membersOf(other)).toEqual([staying.id]);
    const client = (await t.app.inject({ url: `/api/public/shares/${token}` })).json();
    expect(client.members).toHaveLength(1);
    expect(await t.db.select().from(selectionMembers).where(eq(selectionMembers.registrationId, leaving.id))).toEqual([]);
    expect(await stored(leaving.id)).toMatchObject({ consentClientSharing: false });
    // Withdrawing again changes nothing.
    expect((await setSharing(leaving.id, false)).statusCode).toBe(200);
  });

  it("of a minor counts once the guardian approves; after the guardian's decision it cannot be given again", async () => {
    const minor = await registrant(t.app, {
      dateOfBirth: seventeen(),
      guardianName: "Ana Tutora",
      guardianEmail: `tutora-${Date.now()}@example.com`,
    });
    expect((await manage(minor.id)).json().clientSharing).toEqual({ consent: true, awaitingGuardian: true, canGive: false });
    const guardianView = await t.app.inject({
      url: `/api/public/guardian?t=${registrationToken(t.config, "guardian", minor.id)}`,
    });
    expect(guardianView.json().registration.consentClientSharing).toBe(true);
    await t.app.inject({
      method: "POST",
      url: "/api/public/guardian/decision",
      payload: { token: registrationToken(t.config, "guardian", minor.id), approve: true },
    });
    expect((await manage(minor.id)).json().clientSharing).toEqual({ consent: true, awaitingGuardian: false, canGive: false });

    expect((await setSharing(minor.id, false)).statusCode).toBe(200);
    const again = await setSharing(minor.id, true);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("guardian_already_decided");
    expect(await stored(minor.id)).toMatchObject({ consentClientSharing: false });
  });
});

describe("an erased person", () => {
  it("vanishes from every selection, by staff or by their own link", async () => {
    const [byStaff, bySelf, kept] = [await registrant(t.app), await registrant(t.app), await registrant(t.app)];
    const selectionId = await selectionOf(t.app, admin, [byStaff.id, bySelf.id, kept.id]);
    const { token } = await shareOf(t.app, admin, selectionId);
    expect(
      (await t.app.inject({ method: "POST", url: `/api/registrations/${byStaff.id}/erase`, headers: admin })).statusCode,
    ).toBe(204);
    const erased = await t.app.inject({
      method: "POST",
      url: "/api/public/registrations/manage/erase",
      payload: { t: registrationToken(t.config, "manage", bySelf.id) },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await membersOf(selectionId)).toEqual([kept.id]);
    const client = await t.app.inject({ url: `/api/public/shares/${token}` });
    expect(client.json().members).toHaveLength(1);
    expect(client.body).not.toContain(byStaff.body.fullName as string);
  });
});
