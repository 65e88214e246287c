/**
 * What the selections' tests need (issue 36): registrants made through the public form (who agreed
 * to be shown to clients, or not), with a photo; a selection of them; a link for a client.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { App } from "../../app";
import { modelRegistrations } from "../../db/schema";
import { createEvent, registrationBody } from "../../test/factories";
import { photoUpload } from "../photos/photos.test-support";
import { uniqueTag } from "../privacy/privacy.test-support";

/** A 1600 × 2000 photo, a colour gradient: large enough that the client's copy is made smaller. */
export async function portrait(width = 1600, height = 2000): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      raw[at] = Math.round((x / width) * 200) + 30;
      raw[at + 1] = Math.round((y / height) * 200) + 30;
      raw[at + 2] = 140;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export interface Registrant {
  id: string;
  eventId: string;
  registrationCode: string;
  body: Record<string, unknown>;
}

/**
 * A person registered through the public form with a face photo; by default an adult who agreed to
 * be shown to clients (`consentClientSharing: false` for one who did not).
 */
export async function registrant(app: App, overrides: Record<string, unknown> = {}, photo?: Buffer): Promise<Registrant> {
  const event = await createEvent(app.ctx.db, { photos: "optional" });
  const upload = await app.inject({
    method: "POST",
    url: `/api/public/events/${event.id}/photos`,
    ...photoUpload("face", photo ?? (await portrait(400, 500))),
  });
  if (upload.statusCode !== 201) throw new Error(`photo upload failed: ${upload.body}`);
  const tag = uniqueTag();
  const body = registrationBody(event.timeslots[0]!.id, {
    fullName: `Martina Secreta${tag}`,
    email: `martina-${tag}@example.com`,
    instagramHandle: `@insta${tag}`,
    consentClientSharing: true,
    photos: { face: upload.json().photoId },
    ...overrides,
  });
  const res = await app.inject({ method: "POST", url: `/api/public/events/${event.id}/registrations`, payload: body });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  const registrationCode = res.json().registrationCode as string;
  const [row] = await app.ctx.db
    .select({ id: modelRegistrations.id })
    .from(modelRegistrations)
    .where(eq(modelRegistrations.registrationCode, registrationCode));
  return { id: row!.id, eventId: event.id, registrationCode, body };
}

/** A selection named `name` holding `registrationIds` in that order; its id. */
export async function selectionOf(
  app: App,
  headers: Record<string, string>,
  registrationIds: string[],
  name = "Marca X, verano",
) {
  const made = await app.inject({ method: "POST", url: "/api/selections", headers, payload: { name } });
  if (made.statusCode !== 201) throw new Error(`selection failed: ${made.body}`);
  const id = made.json().id as string;
  const members = await app.inject({
    method: "PUT",
    url: `/api/selections/${id}/members`,
    headers,
    payload: { registrationIds },
  });
  if (members.statusCode !== 200) throw new Error(`members failed: ${members.body}`);
  return id;
}

/** In `days` days (an instant with its offset). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A link for a client: its id, its URL and the token in it. */
export async function shareOf(
  app: App,
  headers: Record<string, string>,
  selectionId: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; url: string; token: string }> {
  const res = await app.inject({
    method: "POST",
    url: `/api/selections/${selectionId}/shares`,
    headers,
    payload: { clientName: "Marca X", expiresAt: inDays(7), ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`share failed: ${res.body}`);
  const { id, url } = res.json<{ id: string; url: string }>();
  return { id, url, token: url.split("/shared/")[1]! };
}
