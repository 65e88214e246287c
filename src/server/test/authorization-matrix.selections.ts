/**
 * Selections for a client's rows of the authorisation matrix (issue 36): the staff's routes need
 * selections.manage (the statuses come from the table); the client's are public, the link its key.
 */
import { eq } from "drizzle-orm";
import type { App } from "../app";
import { modelRegistrations, photos, selectionMembers, selectionShares, selections } from "../db/schema";
import { newSecretToken } from "../lib/tokens";
import { phoneJpeg, photoUpload } from "../modules/photos/photos.test-support";
import type { MatrixRow } from "./authorization-matrix";
import { freshRegistration } from "./authorization-matrix.fixtures";

/** A registration that agreed to be shown to clients, with a face photo; the photo's id. */
async function sharingRegistration(app: App) {
  const { event, registration } = await freshRegistration(app);
  await app.ctx.db
    .update(modelRegistrations)
    .set({ consentClientSharing: true, consentClientSharingAt: new Date() })
    .where(eq(modelRegistrations.id, registration.id));
  const upload = await app.inject({
    method: "POST",
    url: `/api/public/events/${event.id}/photos`,
    ...photoUpload("face", await phoneJpeg()),
  });
  if (upload.statusCode !== 201) throw new Error(`photo upload failed: ${upload.body}`);
  const photoId = upload.json().photoId as string;
  await app.ctx.db.update(photos).set({ registrationId: registration.id }).where(eq(photos.id, photoId));
  return { registration, photoId };
}

/** A selection of one such person, shared through a link (no password): its ids and the link's token. */
async function sharedSelection(app: App) {
  const { registration, photoId } = await sharingRegistration(app);
  const db = app.ctx.db;
  const [selection] = await db.insert(selections).values({ name: "Marca X, verano" }).returning();
  const [member] = await db
    .insert(selectionMembers)
    .values({ selectionId: selection!.id, registrationId: registration.id, position: 0 })
    .returning();
  const { token, hash } = newSecretToken();
  const [share] = await db
    .insert(selectionShares)
    .values({ selectionId: selection!.id, clientName: "Marca X", tokenHash: hash, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning();
  return { selectionId: selection!.id, memberId: member!.id, shareId: share!.id, token, registration, photoId };
}

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

export function selectionRows(): MatrixRow[] {
  return [
    { method: "GET", route: "/api/selections", ok: 200, prepare: async () => ({ url: "/api/selections" }) },
    {
      method: "POST",
      route: "/api/selections",
      ok: 201,
      prepare: async () => ({ url: "/api/selections", body: { name: "Marca X" } }),
    },
    {
      method: "GET",
      route: "/api/selections/:id",
      ok: 200,
      prepare: async (app) => ({ url: `/api/selections/${(await sharedSelection(app)).selectionId}` }),
    },
    {
      method: "PATCH",
      route: "/api/selections/:id",
      ok: 200,
      prepare: async (app) => ({ url: `/api/selections/${(await sharedSelection(app)).selectionId}`, body: { name: "Otra" } }),
    },
    {
      method: "DELETE",
      route: "/api/selections/:id",
      ok: 204,
      prepare: async (app) => ({ url: `/api/selections/${(await sharedSelection(app)).selectionId}` }),
    },
    {
      method: "PUT",
      route: "/api/selections/:id/members",
      ok: 200,
      prepare: async (app) => {
        const shared = await sharedSelection(app);
        const another = await sharingRegistration(app);
        return {
          url: `/api/selections/${shared.selectionId}/members`,
          body: { registrationIds: [another.registration.id, shared.registration.id] },
        };
      },
    },
    {
      method: "POST",
      route: "/api/selections/:id/shares",
      ok: 201,
      prepare: async (app) => ({
        url: `/api/selections/${(await sharedSelection(app)).selectionId}/shares`,
        body: { clientName: "Estudio Sur", expiresAt: inAWeek() },
      }),
    },
    {
      method: "DELETE",
      route: "/api/shares/:id",
      ok: 204,
      prepare: async (app) => ({ url: `/api/shares/${(await sharedSelection(app)).shareId}` }),
    },
    // The client's side: anyone with the link.
    {
      method: "GET",
      route: "/api/public/shares/:token",
      ok: 200,
      prepare: async (app) => ({ url: `/api/public/shares/${(await sharedSelection(app)).token}` }),
    },
    {
      method: "POST",
      route: "/api/public/shares/:token/unlock",
      ok: 204,
      prepare: async (app) => ({
        url: `/api/public/shares/${(await sharedSelection(app)).token}/unlock`,
        body: { password: "" },
      }),
    },
    {
      method: "GET",
      route: "/api/public/shares/:token/photos/:memberId/:photoId",
      ok: 200,
      prepare: async (app) => {
        const shared = await sharedSelection(app);
        return { url: `/api/public/shares/${shared.token}/photos/${shared.memberId}/${shared.photoId}?size=thumb` };
      },
    },
    {
      method: "PUT",
      route: "/api/public/shares/:token/members/:memberId",
      ok: 200,
      prepare: async (app) => {
        const shared = await sharedSelection(app);
        return { url: `/api/public/shares/${shared.token}/members/${shared.memberId}`, body: { favourite: true } };
      },
    },
  ];
}
