/**
 * A registration's photos for staff (issue 17): a lazy-loaded thumbnail on its row, and a viewer
 * that shows the photos large, moved through with the arrow keys, the buttons or a swipe, closed
 * with Escape. The images come from GET /api/registrations/:id/photos/:kind (the session's cookie;
 * never a public URL).
 */
import { PHOTO_KINDS, registrationPhotoUrl, type RegistrationPhotoRef } from "@common/photos";
import type { RegistrationListItem } from "@common/schemas/registrations";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { useT } from "@web/lib/language";

/** A registration's photos in the kinds' order (face, profile, full). */
const inKindOrder = (photos: RegistrationPhotoRef[] | undefined) =>
  [...(photos ?? [])].sort((a, b) => PHOTO_KINDS.indexOf(a.kind) - PHOTO_KINDS.indexOf(b.kind));

/**
 * The row's thumbnail (the face photo, else the first there is), a button opening the viewer:
 * 56 px on the detailed row, 32 px on the compact one (`small`), which stays one line high.
 */
export function PhotoThumbnail({
  registration: r,
  small = false,
}: {
  registration: Pick<RegistrationListItem, "id" | "fullName" | "photos">;
  small?: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const photos = inKindOrder(r.photos);
  const [first] = photos;
  // No photos (an event without them): no placeholder, the row stays as it was.
  if (!first) return null;
  return (
    <>
      <button
        type="button"
        className={`${small ? "size-8" : "size-14"} shrink-0 overflow-hidden rounded-md border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
        onClick={() => setOpen(true)}
        aria-label={t("registrations.photos.open", { name: r.fullName })}
        data-testid="photo-thumbnail"
      >
        <img
          src={registrationPhotoUrl(r.id, first, "thumb")}
          alt=""
          loading="lazy"
          decoding="async"
          width={small ? 32 : 56}
          height={small ? 32 : 56}
          className="size-full object-cover"
        />
      </button>
      {open ? <PhotoViewer registrationId={r.id} name={r.fullName} photos={photos} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

const SWIPE_PX = 50;

export function PhotoViewer({
  registrationId,
  name,
  photos,
  onClose,
}: {
  registrationId: string;
  name: string;
  photos: RegistrationPhotoRef[];
  onClose: () => void;
}) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const photo = photos[index] ?? photos[0]!;
  const { kind } = photo;
  const go = (step: number) => setIndex((current) => (current + step + photos.length) % photos.length);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-w-3xl"
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") go(1);
          else if (event.key === "ArrowLeft") go(-1);
          else return;
          event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("registrations.photos.viewerTitle", { name })}</DialogTitle>
          <DialogDescription>{t("registrations.photos.viewerDescription")}</DialogDescription>
        </DialogHeader>
        <figure
          className="grid gap-2"
          // Touch events, not pointer events: a phone that starts panning cancels the pointer, never the touch.
          onTouchStart={(event) => {
            const touch = event.touches[0];
            touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
          }}
          onTouchEnd={(event) => {
            const start = touchStart.current;
            touchStart.current = null;
            const end = event.changedTouches[0];
            if (!start || !end) return;
            const dx = end.clientX - start.x;
            // Sideways, far enough, and more sideways than up or down (a scroll is not a swipe).
            if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(end.clientY - start.y)) go(dx < 0 ? 1 : -1);
          }}
        >
          <img
            key={photo.id}
            src={registrationPhotoUrl(registrationId, photo, "large")}
            alt={t(`public.photos.kinds.${kind}`)}
            className="mx-auto max-h-[65dvh] w-auto touch-pan-y select-none rounded-md object-contain"
            draggable={false}
          />
          <figcaption className="text-center text-sm text-muted-foreground" aria-live="polite">
            {t(`public.photos.kinds.${kind}`)} · {t("registrations.photos.position", { index: index + 1, total: photos.length })}
          </figcaption>
        </figure>
        {photos.length > 1 ? (
          <div className="flex justify-between gap-2">
            <Button variant="outline" onClick={() => go(-1)} aria-label={t("registrations.photos.previous")}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" onClick={() => go(1)} aria-label={t("registrations.photos.next")}>
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The fast review's photos (issue 23): every photo the registration holds, large, side by side. */
export function ReviewPhotos({ registration: r }: { registration: Pick<RegistrationListItem, "id" | "photos"> }) {
  const t = useT();
  const photos = inKindOrder(r.photos);
  if (photos.length === 0) return null;
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-3" data-testid="review-photos">
      {photos.map((photo) => (
        <figure key={photo.kind} className="grid gap-1">
          <img
            src={registrationPhotoUrl(r.id, photo, "large")}
            alt={t(`public.photos.kinds.${photo.kind}`)}
            decoding="async"
            className="max-h-[60dvh] w-full rounded-md bg-muted object-contain"
          />
          <figcaption className="text-center text-xs text-muted-foreground">{t(`public.photos.kinds.${photo.kind}`)}</figcaption>
        </figure>
      ))}
    </div>
  );
}
