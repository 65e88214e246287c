/**
 * The edit screen's photos (issue 17): each kind shown, replaced (PUT, multipart) or removed
 * (DELETE). The server re-encodes what is sent; the registration is read again afterwards, and a
 * new photo's new id makes its thumbnail's URL new (registrationPhotoUrl).
 */
import {
  PHOTO_ACCEPTED_TYPES,
  PHOTO_KINDS,
  registrationPhotoUrl,
  type PhotoKind,
  type RegistrationPhotoRef,
} from "@common/photos";
import { currentLanguage, t as translate } from "@common/i18n";
import { isApiErrorBody } from "@common/errors";
import { useQueryClient } from "@tanstack/react-query";
import { ImageOff } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button, buttonVariants } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { useT } from "@web/lib/language";

async function send(url: string, init: RequestInit): Promise<void> {
  const response = await fetch(url, {
    ...init,
    credentials: "same-origin",
    headers: { accept: "application/json", "accept-language": currentLanguage() },
  });
  if (response.ok) return;
  const body: unknown = await response.json().catch(() => undefined);
  throw new Error(isApiErrorBody(body) ? body.error.message : translate("registrations.photos.failed"));
}

export function RegistrationPhotosEditor({ registrationId, photos }: { registrationId: string; photos: RegistrationPhotoRef[] }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<PhotoKind | null>(null);
  const base = `/api/registrations/${encodeURIComponent(registrationId)}/photos`;

  async function run(kind: PhotoKind, action: () => Promise<void>, done: string) {
    setBusy(kind);
    try {
      await action();
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: ["registrations"] });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t("registrations.photos.failed"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="photos-editor-title" className="grid gap-3">
      <h2 id="photos-editor-title" className="text-base font-semibold">
        {t("registrations.photos.editTitle")}
      </h2>
      <div className="grid grid-cols-3 gap-3">
        {PHOTO_KINDS.map((kind) => {
          const photo = photos.find((p) => p.kind === kind);
          return (
            <PhotoSlot
              key={kind}
              kind={kind}
              src={photo ? registrationPhotoUrl(registrationId, photo, "thumb") : undefined}
              busy={busy}
              onReplace={(file) => {
                const form = new FormData();
                form.append("file", file);
                void run(kind, () => send(`${base}/${kind}`, { method: "PUT", body: form }), t("registrations.photos.saved"));
              }}
              onRemove={() =>
                void run(kind, () => send(`${base}/${kind}`, { method: "DELETE" }), t("registrations.photos.removed"))
              }
            />
          );
        })}
      </div>
    </section>
  );
}

function PhotoSlot({
  kind,
  src,
  busy,
  onReplace,
  onRemove,
}: {
  kind: PhotoKind;
  /** The photo's thumbnail; none when the registration has no photo of this kind. */
  src: string | undefined;
  busy: PhotoKind | null;
  onReplace: (file: File) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const label = t(`public.photos.kinds.${kind}`);
  const inputId = `photo-edit-${kind}`;
  const present = src !== undefined;
  const disabled = busy !== null;
  return (
    <div className="grid content-start gap-2">
      <figure className="grid gap-1">
        <div className="grid aspect-[3/4] place-items-center overflow-hidden rounded-md border bg-muted">
          {present ? (
            <img src={src} alt={label} className="size-full object-cover" />
          ) : (
            <ImageOff className="size-6 text-muted-foreground" aria-hidden="true" />
          )}
        </div>
        <figcaption className="text-center text-xs text-muted-foreground">{label}</figcaption>
      </figure>
      {/* The file input is the control (focused, named in full); its label is what is seen and clicked, drawn as a button. */}
      <input
        id={inputId}
        type="file"
        accept={`image/*,${PHOTO_ACCEPTED_TYPES.join(",")}`}
        className="peer sr-only"
        aria-label={present ? t("registrations.photos.replace", { kind: label }) : t("registrations.photos.add", { kind: label })}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onReplace(file);
        }}
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "w-full cursor-pointer px-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
        )}
      >
        {busy === kind
          ? t("registrations.photos.uploading")
          : present
            ? t("registrations.photos.replaceShort")
            : t("registrations.photos.addShort")}
      </label>
      {present ? (
        <Button
          variant="outline"
          size="sm"
          className="w-full px-2 text-destructive hover:text-destructive"
          aria-label={t("registrations.photos.remove", { kind: label })}
          disabled={disabled}
          onClick={() => {
            if (window.confirm(t("registrations.photos.removeConfirm", { kind: label }))) onRemove();
          }}
        >
          {t("registrations.photos.removeShort")}
        </Button>
      ) : null}
    </div>
  );
}
