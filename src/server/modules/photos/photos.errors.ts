/** The photos module's errors, declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, type PhotoKind } from "@common/photos";
import { AppError, errors } from "../../errors";

export const photoErrors = {
  unsupported: () => new AppError(400, "photo_unsupported", t("public.photos.errors.unsupported")),
  tooLarge: () =>
    new AppError(413, "photo_too_large", t("public.photos.errors.tooLarge", { maxMb: PHOTO_MAX_BYTES / 1024 / 1024 })),
  tooManyPixels: () =>
    new AppError(
      413,
      "photo_too_many_pixels",
      t("public.photos.errors.tooManyPixels", { megapixels: PHOTO_MAX_PIXELS / 1_000_000 }),
    ),
  unreadable: () => new AppError(400, "photo_unreadable", t("public.photos.errors.unreadable")),
  oneFile: () => new AppError(400, "photo_one_file", t("public.photos.errors.oneFile")),
  missingFile: () => errors.validation({ file: t("public.photos.errors.missingFile") }),
  kind: () => errors.validation({ kind: t("public.photos.errors.kind") }),
  notAccepted: () => new AppError(400, "photos_not_accepted", t("public.photos.errors.notAccepted")),
  /** A photo id of the registration's body that cannot be used (field `photos.<kind>`). */
  invalidId: (kind: PhotoKind, reason: "notFound" | "wrongKind" | "taken") =>
    errors.validation({ [`photos.${kind}`]: t(`public.photos.errors.${reason}`) }),
  required: (kind: PhotoKind) => errors.validation({ [`photos.${kind}`]: t("public.photos.required", { kind }) }),
  missing: () => errors.notFound(),
  taken: () => new AppError(409, "photo_unavailable", t("public.photos.errors.taken")),
  storageUnavailable: () => new AppError(503, "storage_unavailable", t("public.photos.errors.storageUnavailable")),
};
