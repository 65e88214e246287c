/**
 * Photos (issue 17): the public upload (before the registration, rate-limited like the form), and
 * the staff's reading (member and above, private, never a public URL), replacing and removing; and
 * the door's card's face thumbnail (issue 35), for whoever checks people in at the person's event.
 */
import multipart from "@fastify/multipart";
import { PHOTO_KINDS, PHOTO_SIZES, type PhotoSize } from "@common/photos";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { requireEventScope } from "../../http/access";
import { createPhotosService, type PhotosService } from "./photos.service";
import { MULTIPART_LIMITS, parseKind, receivePhoto } from "./photos.upload";
import { uploadsDir } from "./photos.upload-dir";
import { auditContext, recordAudit, recordAuditOncePerHour } from "../audit/audit.record";

const photoCreated = z.object({ photoId: z.uuid() });
const multipartBody = {
  description: "multipart/form-data: `kind` (face | profile | full) and `file` (one JPEG, PNG, WebP or AVIF image)",
};

export async function photosRoutes(app: ZodApp, { db, config, storage }: AppContext): Promise<void> {
  const service = createPhotosService({ db, storage });
  // At start: what a process that died mid-upload left in the temporary folder goes.
  await uploadsDir();
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  app.post(
    "/api/public/events/:eventId/photos",
    {
      config: {
        access: "public",
        // Three photos per registration, and a retry or two each: several times the form's limit.
        rateLimit: { max: config.publicRegistrationRateLimit * 5, timeWindow: "1 minute" },
      },
      schema: {
        tags: ["public"],
        summary: "Upload one photo for a registration to come; answers its id",
        description: multipartBody.description,
        params: z.object({ eventId: z.string().max(64) }),
        response: { 201: photoCreated },
      },
    },
    async (request, reply) => {
      const { eventId } = request.params;
      // Before the body is read: an unknown event, or one without photos, costs no upload.
      await service.checkEventTakesPhotos(eventId);
      const { photo, kind } = await receivePhoto(request, (kind) => void parseKind(kind));
      const result = await service.upload(eventId, parseKind(kind), photo, request.log);
      return reply.status(201).send(result);
    },
  );

  staffRoutes(app, service, db);
  checkInFaceRoute(app, service);
}

/** Whether an If-None-Match header names this ETag (a list, weak forms, or `*`). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

/** A photo's file, answered privately and cached by its id. */
async function sendPhoto(
  request: FastifyRequest,
  reply: FastifyReply,
  service: PhotosService,
  photo: Awaited<ReturnType<PhotosService["find"]>>,
  size: PhotoSize,
) {
  // A photo never changes under its id (a replacement has a new one): the id is its ETag.
  const etag = `"${photo.id}"`;
  reply.header("cache-control", "private, max-age=86400").header("etag", etag);
  if (etagMatches(request.headers["if-none-match"], etag)) return reply.status(304).send();
  const object = await service.open(photo, size);
  return reply
    .header("content-type", "image/jpeg")
    .header("content-length", object.size)
    .header("content-disposition", `inline; filename="${photo.kind}.jpg"`)
    .send(object.body);
}

/**
 * The face on the door's card (issue 35): identity, nothing else. Whoever checks people in may see
 * the face photo's thumbnail of a registration at an event it may check in (a door pass: its own),
 * holding `photos.see` or not; every other photo and size stays behind `photos.see`. Not audited,
 * as a list's thumbnails are not: the card's preview or check-in that showed it is.
 */
function checkInFaceRoute(app: ZodApp, service: PhotosService): void {
  app.get(
    "/api/check-ins/:registrationId/face",
    {
      config: { access: "checkins.perform" },
      schema: {
        tags: ["check-in"],
        summary: "The face photo's thumbnail (JPEG) of a registration, for the check-in card",
        params: z.object({ registrationId: z.uuid() }),
        // The photo's id (checkInFaceUrl): a replaced photo has a new URL.
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { registrationId } = request.params;
      requireEventScope(request, await service.eventOf(registrationId));
      return sendPhoto(request, reply, service, await service.find(registrationId, "face"), "thumb");
    },
  );
}

const registrationPhotoParams = z.object({ id: z.uuid(), kind: z.enum(PHOTO_KINDS) });

/** Staff: a registration's photos, read, replaced and removed (member and above). */
function staffRoutes(app: ZodApp, service: PhotosService, db: AppContext["db"]): void {
  app.get(
    "/api/registrations/:id/photos/:kind",
    {
      config: { access: "photos.see" },
      schema: {
        tags: ["registrations"],
        summary: "A registration's photo (JPEG), large or thumbnail",
        params: registrationPhotoParams,
        querystring: z.object({
          size: z.enum(PHOTO_SIZES).default("large"),
          // The photo's id, put in the URL by the web (registrationPhotoUrl) so that a replaced photo
          // has a new URL; the server answers the current photo whatever it says.
          v: z.string().max(64).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { id, kind } = request.params;
      const { size } = request.query;
      const photo = await service.find(id, kind);
      // A person's photos seen large (the viewer, the fast review, the sheet) are recorded once per
      // staff member and hour; a list's thumbnails are not (the list itself is not a view of one person).
      if (size === "large") {
        const audit = auditContext(request);
        const entry = { action: "registration.photo_view", registrationId: id } as const;
        if (audit.actor) await recordAuditOncePerHour(db, { ...audit, actor: audit.actor, ...entry });
        else await recordAudit(db, { ...audit, ...entry });
      }
      return sendPhoto(request, reply, service, photo, size);
    },
  );

  app.put(
    "/api/registrations/:id/photos/:kind",
    {
      config: { access: "registrations.edit" },
      schema: {
        tags: ["registrations"],
        summary: "Replace (or add) a registration's photo of this kind",
        description: "multipart/form-data: `file` (one JPEG, PNG, WebP or AVIF image)",
        params: registrationPhotoParams,
        response: { 201: photoCreated },
      },
    },
    async (request, reply) => {
      const { photo } = await receivePhoto(request);
      const result = await service.replace(request.params.id, request.params.kind, photo, request.log, auditContext(request));
      return reply.status(201).send(result);
    },
  );

  app.delete(
    "/api/registrations/:id/photos/:kind",
    {
      config: { access: "registrations.edit" },
      schema: { tags: ["registrations"], summary: "Remove a registration's photo of this kind", params: registrationPhotoParams },
    },
    async (request, reply) => {
      await service.remove(request.params.id, request.params.kind, auditContext(request));
      return reply.status(204).send();
    },
  );
}
