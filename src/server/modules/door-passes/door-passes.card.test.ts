/**
 * The check-in card under a door pass (issue 35): the face photo for identity, nothing else
 * personal. No guardian's contact, e-mail or phone; the face thumbnail of a person of the pass's
 * event, through the door's own route; every other photo, size or event refused.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CheckInResponse } from "@common/schemas/check-ins";
import { modelRegistrations } from "../../db/schema";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { registrantWithPhoto } from "../privacy/privacy.test-support";
import { makePass, signInWithPass } from "./door-passes.test-support";

const t = useTestApp();

async function registered() {
  const person = await registrantWithPhoto(t.app);
  const [row] = await t.db
    .select()
    .from(modelRegistrations)
    .where(eq(modelRegistrations.registrationCode, person.registrationCode));
  return { ...person, row: row! };
}

describe("the check-in card under a door pass", () => {
  it("shows the face thumbnail and hides every contact; other photos and other events' faces are refused", async () => {
    const admin = await signedInAs(t.app, { role: "admin" });
    const member = await signedInAs(t.app, { role: "member" });
    const person = await registered();
    const pass = await makePass(t.app, admin.headers, person.event.id);
    const { headers } = await signInWithPass(t.app, pass.secret);

    const preview = await t.app.inject({
      method: "POST",
      url: "/api/check-ins/preview",
      headers,
      payload: { registrationId: person.row.id },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const card = preview.json<CheckInResponse>();
    // A 17-year-old whose guardian has not decided: stopped, and whom to call is not the volunteer's to see.
    expect(card.stop).toMatchObject({ code: "guardian_pending", overridable: false });
    expect(card.registration).toMatchObject({ guardian: null, fullName: person.row.fullName, photoUrl: expect.any(String) });
    for (const needle of [person.row.email, person.row.phoneNumber, person.row.guardianEmail!, person.row.guardianName!])
      expect(preview.body).not.toContain(needle);

    const face = await t.app.inject({ url: card.registration.photoUrl!, headers });
    expect(face.statusCode).toBe(200);
    expect(face.headers["content-type"]).toBe("image/jpeg");
    const thumb = await t.app.inject({
      url: `/api/registrations/${person.row.id}/photos/face?size=thumb`,
      headers: admin.headers,
    });
    expect(face.rawPayload.equals(thumb.rawPayload)).toBe(true);
    // Staff who check in open the same card's URL.
    expect((await t.app.inject({ url: card.registration.photoUrl!, headers: member.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: card.registration.photoUrl! })).statusCode).toBe(401);

    // Every other way to a photo stays behind photos.see.
    for (const size of ["thumb", "large"])
      for (const kind of ["face", "profile", "full"]) {
        const url = `/api/registrations/${person.row.id}/photos/${kind}?size=${size}`;
        expect((await t.app.inject({ url, headers })).statusCode, url).toBe(403);
      }
    // Another event's person's face: refused before anything of them is read.
    const stranger = await registered();
    expect((await t.app.inject({ url: `/api/check-ins/${stranger.row.id}/face`, headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/check-ins/${stranger.row.id}/face`, headers: member.headers })).statusCode).toBe(200);
  });
});
