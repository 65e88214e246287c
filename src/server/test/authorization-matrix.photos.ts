/** The authorisation matrix's rows of the photo routes (issue 17). */
import { eq } from "drizzle-orm";
import type { App } from "../app";
import { photos } from "../db/schema";
import { multipart, phoneJpeg, photoUpload } from "../modules/photos/photos.test-support";
import type { MatrixRow } from "./authorization-matrix";
import { freshRegistration } from "./authorization-matrix.fixtures";
import { createEvent } from "./factories";

/** A registration holding a face photo (uploaded through the API, then claimed). */
async function registrationWithPhoto(app: App) {
  const { event, registration } = await freshRegistration(app);
  const photoId = await uploadedPhoto(app, event.id);
  await app.ctx.db.update(photos).set({ registrationId: registration.id }).where(eq(photos.id, photoId));
  return registration;
}

async function uploadedPhoto(app: App, eventId: string): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: `/api/public/events/${eventId}/photos`,
    ...photoUpload("face", await phoneJpeg()),
  });
  if (res.statusCode !== 201) throw new Error(`photo upload failed: ${res.body}`);
  return res.json().photoId;
}

export function photoRows(): MatrixRow[] {
  return [
    {
      method: "POST",
      route: "/api/public/events/:eventId/photos",
      ok: 201,
      prepare: async (app) => {
        const event = await createEvent(app.ctx.db, { photos: "required" });
        const { payload, headers } = photoUpload("face", await phoneJpeg());
        return { url: `/api/public/events/${event.id}/photos`, body: payload, headers };
      },
    },
    {
      method: "GET",
      route: "/api/registrations/:id/photos/:kind",
      ok: 200,
      prepare: async (app) => ({ url: `/api/registrations/${(await registrationWithPhoto(app)).id}/photos/face?size=thumb` }),
    },
    {
      // The check-in card's face (issue 35): whoever checks people in, photos.see or not.
      method: "GET",
      route: "/api/check-ins/:registrationId/face",
      ok: 200,
      prepare: async (app) => ({ url: `/api/check-ins/${(await registrationWithPhoto(app)).id}/face` }),
    },
    {
      method: "PUT",
      route: "/api/registrations/:id/photos/:kind",
      ok: 201,
      prepare: async (app) => {
        const { payload, headers } = multipart([
          { name: "file", value: await phoneJpeg(), filename: "a.jpg", contentType: "image/jpeg" },
        ]);
        return { url: `/api/registrations/${(await registrationWithPhoto(app)).id}/photos/face`, body: payload, headers };
      },
    },
    {
      method: "DELETE",
      route: "/api/registrations/:id/photos/:kind",
      ok: 204,
      prepare: async (app) => ({ url: `/api/registrations/${(await registrationWithPhoto(app)).id}/photos/face` }),
    },
  ];
}
