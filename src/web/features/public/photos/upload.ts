/**
 * Image handling of the public form, loaded when a photo is chosen (a chunk of its own: the public
 * route's first load stays small). The photo is shrunk in the browser (longest side 2,000 px, the
 * orientation applied, re-encoded as JPEG: EXIF is not carried over), then sent with its progress,
 * and sent again by itself when the connection drops.
 */
import { PHOTO_LONGEST_SIDE, type PhotoKind } from "@common/photos";
import { currentLanguage } from "@common/i18n";

/** The photo as sent: shrunk when the browser can decode it, the original otherwise (the server decides). */
export async function shrinkImage(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, PHOTO_LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.88));
    // Already small and compressed better than this: keep it.
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "UploadRefused";
  }
}

export interface UploadCallbacks {
  onProgress: (percent: number) => void;
  /** The connection failed: the next attempt starts in `seconds`. */
  onRetrying: (seconds: number) => void;
  signal: AbortSignal;
}

type Attempt = { ok: true; photoId: string } | { ok: false; retry: boolean; error?: UploadRefused };

function sendOnce(url: string, kind: PhotoKind, blob: Blob, { onProgress, signal }: UploadCallbacks): Promise<Attempt> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader("accept-language", currentLanguage());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: { photoId?: string; error?: { code: string; message: string } } | undefined;
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = undefined;
      }
      if (xhr.status === 201 && body?.photoId) return resolve({ ok: true, photoId: body.photoId });
      // The server or a proxy on the way is busy or restarting: worth another try.
      const retry = xhr.status >= 500 || xhr.status === 429 || xhr.status === 0;
      const error = body?.error ? new UploadRefused(xhr.status, body.error.code, body.error.message) : undefined;
      resolve(error ? { ok: false, retry, error } : { ok: false, retry });
    };
    xhr.onerror = () => resolve({ ok: false, retry: true });
    xhr.ontimeout = () => resolve({ ok: false, retry: true });
    const abort = () => xhr.abort();
    signal.addEventListener("abort", abort, { once: true });
    xhr.onabort = () => resolve({ ok: false, retry: false });
    const form = new FormData();
    // The kind first: the server reads it before the file.
    form.append("kind", kind);
    form.append("file", blob, "photo.jpg");
    xhr.send(form);
  });
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    // Back online: try at once rather than at the end of the delay.
    window.addEventListener("online", done, { once: true });
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    }
  });

/** Attempts before giving up (the person can then try again): about two minutes of retrying. */
const MAX_ATTEMPTS = 8;

/** Uploads one photo, retrying with a growing delay (1, 2, 4 … 30 s) while the connection fails. */
export async function uploadPhoto(eventId: string, kind: PhotoKind, blob: Blob, callbacks: UploadCallbacks): Promise<string> {
  const url = `/api/public/events/${encodeURIComponent(eventId)}/photos`;
  for (let attempt = 1; ; attempt++) {
    const result = await sendOnce(url, kind, blob, callbacks);
    if (result.ok) {
      callbacks.onProgress(100);
      return result.photoId;
    }
    if (callbacks.signal.aborted) throw new DOMException("aborted", "AbortError");
    if (!result.retry || attempt >= MAX_ATTEMPTS) throw result.error ?? new UploadRefused(0, "network_error", "");
    const delay = Math.min(30_000, 1000 * 2 ** (attempt - 1));
    callbacks.onRetrying(Math.round(delay / 1000));
    await wait(delay, callbacks.signal);
    callbacks.onProgress(0);
  }
}
