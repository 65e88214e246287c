import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelRegistrations, photos } from "../../db/schema";
import { createEvent, createRegistration, registrationBody, signedInAs } from "../../test/factories";
import { usePhotoApp } from "../photos/photos.test-support";
import { AHEAD, waitlistHelpers } from "./waitlist.test-support";

// Issue 19: the waiting list of an event that asks for photos, on both databases (file storage).
const { t, uploadThree } = usePhotoApp("disk");
const { join, entryAction, cancelByLink, entriesByEmail, tokenFrom } = waitlistHelpers(t);

describe("the waiting list of an event that requires photos", () => {
  it("asks for them on joining, keeps them with the entry, and hands them to the registration on acceptance", async () => {
    const event = await createEvent(t.db, { eventDate: AHEAD, photos: "required", timeslots: [{ capacity: 1 }] });
    const slot = event.timeslots[0]!;
    const holder = await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
    const email = "photos@line.test";

    const without = await join(event.id, registrationBody(slot.id, { email }));
    expect(without.statusCode).toBe(400);
    expect(without.json().error.fields).toHaveProperty("photos.face");

    const ids = await uploadThree(event.id);
    expect((await join(event.id, registrationBody(slot.id, { email, photos: ids }))).statusCode).toBe(201);
    const [entry] = await entriesByEmail([email]);
    const claimed = await t.db.select().from(photos).where(eq(photos.waitlistEntryId, entry!.id));
    expect(claimed.map((p) => p.id).sort()).toEqual(Object.values(ids).sort());
    expect(claimed.every((p) => p.registrationId === null)).toBe(true);

    await cancelByLink(holder.id);
    const accepted = await entryAction("accept", await tokenFrom(email, "waitlist_offer"));
    expect(accepted.statusCode).toBe(200);
    const [registration] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, email));
    const owned = await t.db.select().from(photos).where(eq(photos.registrationId, registration!.id));
    expect(owned.map((p) => [p.kind, p.id]).sort()).toEqual(Object.entries(ids).sort());
    expect(owned.every((p) => p.waitlistEntryId === null)).toBe(true);

    // Staff see them on the registration, as they see a registration's own.
    const { headers } = await signedInAs(t.app, { role: "member" });
    const detail = await t.app.inject({ url: `/api/registrations/${registration!.id}`, headers });
    expect(detail.json().photos.map((p: { kind: string }) => p.kind)).toEqual(["face", "profile", "full"]);
    const face = await t.app.inject({ url: `/api/registrations/${registration!.id}/photos/face`, headers });
    expect(face.statusCode).toBe(200);
    expect(face.headers["content-type"]).toMatch(/^image\//);
  });
});
