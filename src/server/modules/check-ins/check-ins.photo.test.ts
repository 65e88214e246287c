/**
 * The face photo on the door's card (issue 20): the preview and the check-in carry a URL staff can
 * open, of the registration's own face photo; none when there is no photo.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { CheckInResponse } from "@common/schemas/check-ins";
import { modelRegistrations, photos } from "../../db/schema";
import { createEvent, registrationBody, signedInAs } from "../../test/factories";
import { usePhotoApp } from "../photos/photos.test-support";

const { t, uploadThree, register, storedFile } = usePhotoApp("disk");

describe("the photo on the check-in card", () => {
  it("previews a person with the URL of their face photo's thumbnail, which staff can open", async () => {
    const event = await createEvent(t.db, { photos: "required" });
    const ids = await uploadThree(event.id);
    expect((await register(event.id, registrationBody(event.timeslots[0]!.id, { photos: ids }))).statusCode).toBe(201);
    const [face] = await t.db.select().from(photos).where(eq(photos.id, ids.face));
    const registrationId = face!.registrationId!;
    const { headers } = await signedInAs(t.app, { role: "member" });

    const preview = await t.app.inject({ method: "POST", url: "/api/check-ins/preview", headers, payload: { registrationId } });
    expect(preview.statusCode).toBe(200);
    const { photoUrl } = preview.json<CheckInResponse>().registration;
    expect(photoUrl).toEqual(expect.any(String));

    const image = await t.app.inject({ url: photoUrl!, headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toMatch(/^image\//);
    // This person's face photo, as its thumbnail (not their profile or full-length photo).
    expect(image.rawPayload.equals((await storedFile(face!.thumbKey))!)).toBe(true);
    expect((await sharp(image.rawPayload).metadata()).height!).toBeLessThanOrEqual(face!.height);
    // Not for anyone else.
    expect((await t.app.inject({ url: photoUrl! })).statusCode).toBe(401);

    // The check-in's own reply carries it too.
    const checkIn = await t.app.inject({ method: "POST", url: "/api/check-ins", headers, payload: { registrationId } });
    expect(checkIn.json<CheckInResponse>()).toMatchObject({ checkedIn: true, registration: { photoUrl } });
  });

  it("has no photo URL for a registration without photos", async () => {
    const event = await createEvent(t.db, { photos: "optional" });
    expect((await register(event.id, registrationBody(event.timeslots[0]!.id))).statusCode).toBe(201);
    const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.eventId, event.id));
    const { headers } = await signedInAs(t.app, { role: "member" });
    const preview = await t.app.inject({
      method: "POST",
      url: "/api/check-ins/preview",
      headers,
      payload: { registrationId: row!.id },
    });
    expect(preview.json<CheckInResponse>().registration.photoUrl).toBeNull();
  });
});
