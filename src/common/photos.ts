/**
 * Registrants' photos ("digitals", issue 17): the three kinds, the per-event setting, and the
 * limits the browser and the server share. Pure constants: no I/O, small (the public bundle reads it).
 */
export const PHOTO_KINDS = ["face", "profile", "full"] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

/** Per event: whether the public form asks for photos. New events: required. */
export const PHOTO_SETTINGS = ["off", "optional", "required"] as const;
export type PhotoSetting = (typeof PHOTO_SETTINGS)[number];
export const DEFAULT_PHOTO_SETTING: PhotoSetting = "required";

export const PHOTO_SIZES = ["thumb", "large"] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** The largest upload the server reads (a phone's original photo, before the browser shrinks it). */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** The browser shrinks a photo to this longest side before sending it; the server's large size too. */
export const PHOTO_LONGEST_SIDE = 2000;
export const PHOTO_THUMB_SIDE = 320;
/** Decompression bombs: an image of more pixels than this is refused before it is decoded. */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** What the file picker offers; the server decides by the content alone. */
export const PHOTO_ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;

/** One of a registration's photos as the staff's replies carry it: its kind and its id (its version). */
export interface RegistrationPhotoRef {
  kind: PhotoKind;
  id: string;
}

/**
 * Where staff read a registration's photo (member and above). The photo's id is in the query: a
 * replaced photo has a new id, so a new URL, and no browser shows the old one from its cache.
 */
export const registrationPhotoUrl = (registrationId: string, photo: RegistrationPhotoRef, size: PhotoSize) =>
  `/api/registrations/${encodeURIComponent(registrationId)}/photos/${photo.kind}?size=${size}&v=${encodeURIComponent(photo.id)}`;

/**
 * The face thumbnail on the check-in card (issue 35): readable by whoever checks people in at the
 * registration's event, a door pass included, whether or not it may see photos elsewhere.
 */
export const checkInFaceUrl = (registrationId: string, photoId: string) =>
  `/api/check-ins/${encodeURIComponent(registrationId)}/face?v=${encodeURIComponent(photoId)}`;
