/**
 * The separate consent to use the photos for scouting (issue 18, ADR 016): asked when the event
 * requires photos or the person sends some, and the server refuses a registration (or a place in a
 * line) without it, storing nothing: no row, no photo claimed, no e-mail, no spot taken. Where no
 * photo is asked or sent it is not needed, and a "no" is kept as given.
 */
import { t as translate } from "@common/i18n";
import { PHOTO_KINDS } from "@common/photos";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventTimeslots, modelRegistrations, photos, waitlistEntries } from "../../db/schema";
import { createEvent, createRegistration, outboxFor, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { phoneJpeg, photoUpload } from "../photos/photos.test-support";
import { AHEAD } from "../waitlist/waitlist.test-support";

const t = useTestApp();
let member: Record<string, string>;

beforeAll(async () => {
  member = (await signedInAs(t.app, { role: "member" })).headers;
});

const unique = () => Math.random().toString(36).slice(2, 10);

/** Uploads one photo of each of `kinds` for `eventId`; their ids by kind. */
async function upload(eventId: string, kinds: readonly string[] = ["face"]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const kind of kinds) {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${eventId}/photos`,
      ...photoUpload(kind, await phoneJpeg()),
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[kind] = res.json().photoId as string;
  }
  return ids;
}

const register = (eventId: string, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/api/public/events/${eventId}/registrations`, payload: body });

/** The refusal the API documents (docs/api.md): 400 consent_required, the photo consent its one field. */
function expectPhotoConsentRefusal(res: Awaited<ReturnType<typeof register>>) {
  const message = translate("privacy.consent.errors.photoScouting");
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ error: { code: "consent_required", message, fields: { consentPhotoScouting: message } } });
}

/** Nothing of a refused attempt by `email`: no registration, no e-mail, the photos unclaimed, the slot's count as before. */
async function expectNothingStored(email: string, photoIds: string[], slotId: string, registeredBefore: number) {
  expect(await t.db.$count(modelRegistrations, eq(modelRegistrations.email, email))).toBe(0);
  expect(await t.db.$count(waitlistEntries, eq(waitlistEntries.email, email))).toBe(0);
  expect(await outboxFor(t.db, email)).toEqual([]);
  for (const id of photoIds) {
    const [row] = await t.db.select().from(photos).where(eq(photos.id, id));
    expect(row, id).toMatchObject({ registrationId: null, waitlistEntryId: null });
  }
  expect(await registeredCount(slotId)).toBe(registeredBefore);
}

async function registeredCount(slotId: string) {
  const [slot] = await t.db.select().from(eventTimeslots).where(eq(eventTimeslots.id, slotId));
  return slot!.registeredCount;
}

/** What staff see of the registration of `email` (its detail's privacy block), and its row. */
async function registrationOf(email: string) {
  const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, email));
  expect(row, email).toBeDefined();
  const detail = await t.app.inject({ url: `/api/registrations/${row!.id}`, headers: member });
  expect(detail.statusCode).toBe(200);
  return { row: row!, privacy: detail.json().privacy as { consentPhotoScouting: boolean; consentDataProcessing: boolean } };
}

describe("a registration that sends photos", () => {
  it("without the photo consent (refused or left out) is refused, and nothing is stored", async () => {
    const event = await createEvent(t.db, { photos: "optional" });
    const slotId = event.timeslots[0]!.id;
    const ids = await upload(event.id);
    const email = `sin-fotos-${unique()}@example.com`;

    const refused = await register(event.id, registrationBody(slotId, { email, photos: ids, consentPhotoScouting: false }));
    expectPhotoConsentRefusal(refused);
    // Left out altogether (the key absent from the JSON), as a client that never asked would send it.
    const omitted = await register(event.id, registrationBody(slotId, { email, photos: ids, consentPhotoScouting: undefined }));
    expectPhotoConsentRefusal(omitted);
    await expectNothingStored(email, Object.values(ids), slotId, 0);

    // The same photos, with the consent: accepted, the photos claimed by it and the choice on record.
    const accepted = await register(event.id, registrationBody(slotId, { email, photos: ids, consentPhotoScouting: true }));
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { row, privacy } = await registrationOf(email);
    expect(row.consentPhotoScouting).toBe(true);
    expect(privacy).toMatchObject({ consentPhotoScouting: true, consentDataProcessing: true });
    const [photo] = await t.db.select().from(photos).where(eq(photos.id, ids.face!));
    expect(photo!.registrationId).toBe(row.id);
    expect(await registeredCount(slotId)).toBe(1);
  });
});

describe("a registration for an event that requires photos", () => {
  it("without the photo consent is refused, and nothing is stored; with it, accepted", async () => {
    const event = await createEvent(t.db, { photos: "required" });
    const slotId = event.timeslots[0]!.id;
    const ids = await upload(event.id, PHOTO_KINDS);
    const email = `requeridas-${unique()}@example.com`;

    const refused = await register(event.id, registrationBody(slotId, { email, photos: ids, consentPhotoScouting: false }));
    expectPhotoConsentRefusal(refused);
    await expectNothingStored(email, Object.values(ids), slotId, 0);

    const accepted = await register(event.id, registrationBody(slotId, { email, photos: ids }));
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { row } = await registrationOf(email);
    expect(row.consentPhotoScouting).toBe(true);
    const claimed = await t.db.select().from(photos).where(eq(photos.registrationId, row.id));
    expect(claimed.map((p) => p.id).sort()).toEqual(Object.values(ids).sort());
  });
});

describe("a registration that sends no photos where none are required", () => {
  it.each(["optional", "off"] as const)(
    "on a photos-%s event needs no photo consent, and a 'no' is kept as given",
    async (setting) => {
      const event = await createEvent(t.db, { photos: setting });
      const email = `sin-consentir-${unique()}@example.com`;
      const res = await register(event.id, registrationBody(event.timeslots[0]!.id, { email, consentPhotoScouting: false }));
      expect(res.statusCode, res.body).toBe(201);
      const { row, privacy } = await registrationOf(email);
      expect(row.consentPhotoScouting).toBe(false);
      expect(privacy.consentPhotoScouting).toBe(false);
    },
  );
});

describe("joining a waiting list with photos", () => {
  it("without the photo consent is refused, and nothing is stored", async () => {
    const event = await createEvent(t.db, { photos: "optional", eventDate: AHEAD, timeslots: [{ capacity: 1 }] });
    const slotId = event.timeslots[0]!.id;
    await createRegistration(t.db, { eventId: event.id, timeslotId: slotId });
    const ids = await upload(event.id);
    const email = `fila-${unique()}@example.com`;
    const join = (consentPhotoScouting: boolean) =>
      t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/waitlist`,
        payload: registrationBody(slotId, { email, photos: ids, consentPhotoScouting }),
      });

    expectPhotoConsentRefusal(await join(false));
    await expectNothingStored(email, Object.values(ids), slotId, 1);

    expect((await join(true)).statusCode).toBe(201);
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
    expect(entry!.consent).toMatchObject({ consentPhotoScouting: true });
    const [photo] = await t.db.select().from(photos).where(eq(photos.id, ids.face!));
    expect(photo!.waitlistEntryId).toBe(entry!.id);
  });
});
