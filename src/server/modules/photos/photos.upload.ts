/**
 * Receiving one photo from a multipart request: the file streamed to a temporary file as it
 * arrives (a slow phone holds neither memory nor a processing slot; the folder is this process's,
 * photos.upload-dir.ts), at most PHOTO_MAX_BYTES and one file; then processed under a bound on
 * the sharp jobs running at once, so a burst of uploads costs a bounded amount of memory
 * (bench/photos.bench.ts).
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PHOTO_KINDS, PHOTO_MAX_BYTES, type PhotoKind } from "@common/photos";
import type { FastifyRequest } from "fastify";
import { t } from "@common/i18n";
import { AppError, errors } from "../../errors";
import { createSemaphore } from "../../lib/semaphore";
import { photoErrors } from "./photos.errors";
import { ImageRefused, processPhoto, type ProcessedPhoto } from "./photos.image";
import { uploadsDir } from "./photos.upload-dir";

/** What the multipart plugin is registered with (photos.routes.ts). */
export const MULTIPART_LIMITS = {
  files: 1,
  fileSize: PHOTO_MAX_BYTES,
  fields: 4,
  fieldSize: 200,
  parts: 5,
  headerPairs: 100,
};

// Each job decodes one image at a time (libvips uses the cores for it); more jobs at once only
// share the same cores and add their memory.
const jobs = createSemaphore(Math.max(1, Math.min(4, availableParallelism())));

export interface ReceivedUpload {
  file: string;
  kind: string | undefined;
}

function multipartError(error: unknown): Error {
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return photoErrors.tooLarge();
  if (code === "FST_FILES_LIMIT") return photoErrors.oneFile();
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return photoErrors.oneFile();
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return photoErrors.missingFile();
  if (error instanceof AppError) return error;
  // The file system's own failures (a full disk) are the server's; anything else is a body that
  // does not parse as multipart (busboy: "Unexpected end of form", a malformed part header).
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return error as Error;
  return errors.validation({ file: t("common.errors.unreadable") });
}

/** Reads the request's parts: the `file` into a temporary file, the `kind` field. */
async function receive(request: FastifyRequest): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw photoErrors.missingFile();
  const directory = await uploadsDir();
  let file: string | undefined;
  let kind: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "file" || file) {
          part.file.resume();
          throw photoErrors.oneFile();
        }
        file = path.join(directory, `${randomBytes(12).toString("hex")}.upload`);
        await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
        if (part.file.truncated) throw photoErrors.tooLarge();
      } else if (part.fieldname === "kind") {
        kind = String(part.value);
      }
    }
  } catch (error) {
    if (file) await rm(file, { force: true });
    throw multipartError(error);
  }
  if (!file) throw photoErrors.missingFile();
  return { file, kind };
}

export function parseKind(kind: string | undefined): PhotoKind {
  const found = PHOTO_KINDS.find((k) => k === kind);
  if (!found) throw photoErrors.kind();
  return found;
}

/**
 * The request's photo, received and processed; the temporary file is gone when this returns.
 * `check` runs once the parts are read (the kind is known), before any image work.
 */
export async function receivePhoto(
  request: FastifyRequest,
  check: (kind: string | undefined) => void = () => {},
): Promise<{ photo: ProcessedPhoto; kind: string | undefined }> {
  const { file, kind } = await receive(request);
  try {
    check(kind);
    const release = await jobs.acquire();
    try {
      return { photo: await processPhoto(file), kind };
    } catch (error) {
      if (error instanceof ImageRefused) {
        if (error.reason === "unsupported") throw photoErrors.unsupported();
        if (error.reason === "too_many_pixels") throw photoErrors.tooManyPixels();
        throw photoErrors.unreadable();
      }
      throw error;
    } finally {
      release();
    }
  } finally {
    await rm(file, { force: true });
  }
}
