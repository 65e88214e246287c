/**
 * The form's three photos (issue 17): each taken with the camera or chosen from the gallery (two
 * controls: a phone offers only its camera to an input that asks for capture), shown, shrunk and
 * uploaded as soon as it is chosen (../photos/upload.ts, loaded on the first choice), its progress
 * and its retries told. The form sends the ids the uploads answered.
 */
import { PHOTO_ACCEPTED_TYPES, PHOTO_KINDS, type PhotoKind, type PhotoSetting } from "@common/photos";
import { t as translate } from "@common/i18n";
import { useT } from "@web/lib/language";
import { clsx } from "clsx";
import { Camera, ImageUp, Loader2 } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { buttonClass } from "./public-ui";

export type PhotoState =
  | { status: "empty" }
  | { status: "uploading"; preview: string; percent: number; retryIn?: number }
  | { status: "done"; preview: string; photoId: string }
  | { status: "failed"; preview: string; message: string; file: File };

export type PhotoStates = Record<PhotoKind, PhotoState>;

export const emptyPhotos = (): PhotoStates => ({
  face: { status: "empty" },
  profile: { status: "empty" },
  full: { status: "empty" },
});

/** The ids of the photos already uploaded, by kind: what the registration sends. */
export const photoIds = (photos: PhotoStates) =>
  Object.fromEntries(
    PHOTO_KINDS.flatMap((kind) => {
      const state = photos[kind];
      return state.status === "done" ? [[kind, state.photoId]] : [];
    }),
  ) as Partial<Record<PhotoKind, string>>;

export const photoFieldId = (kind: PhotoKind) => `photo-${kind}`;

interface PhotoPickersProps {
  eventId: string;
  setting: PhotoSetting;
  photos: PhotoStates;
  errors: Partial<Record<PhotoKind, string>>;
  onChange: (kind: PhotoKind, state: PhotoState) => void;
}

export function PhotoPickers({ eventId, setting, photos, errors, onChange }: PhotoPickersProps) {
  const t = useT();
  const controllers = useRef<Partial<Record<PhotoKind, AbortController>>>({});
  useEffect(() => () => Object.values(controllers.current).forEach((c) => c?.abort()), []);

  async function choose(kind: PhotoKind, file: File) {
    controllers.current[kind]?.abort();
    const controller = new AbortController();
    controllers.current[kind] = controller;
    const preview = URL.createObjectURL(file);
    onChange(kind, { status: "uploading", preview, percent: 0 });
    try {
      const { shrinkImage, uploadPhoto } = await import("../photos/upload");
      const blob = await shrinkImage(file);
      const photoId = await uploadPhoto(eventId, kind, blob, {
        signal: controller.signal,
        onProgress: (percent) => onChange(kind, { status: "uploading", preview, percent }),
        onRetrying: (seconds) => onChange(kind, { status: "uploading", preview, percent: 0, retryIn: seconds }),
      });
      onChange(kind, { status: "done", preview, photoId });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof Error && error.message ? error.message : translate("public.photos.failed");
      onChange(kind, { status: "failed", preview, message, file });
    }
  }

  return (
    <section aria-labelledby="section-photos" className="grid gap-3">
      <h2 id="section-photos" className="text-lg font-semibold">
        {t("public.photos.sectionTitle")}
      </h2>
      <p className="text-sm text-muted-foreground">
        {setting === "required" ? t("public.photos.intro") : t("public.photos.introOptional")}
      </p>
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        {PHOTO_KINDS.map((kind) => (
          <PhotoPicker
            key={kind}
            kind={kind}
            state={photos[kind]}
            error={errors[kind]}
            onFile={(file) => void choose(kind, file)}
            onRemove={() => {
              controllers.current[kind]?.abort();
              onChange(kind, { status: "empty" });
            }}
          />
        ))}
      </div>
    </section>
  );
}

function PhotoPicker({
  kind,
  state,
  error,
  onFile,
  onRemove,
}: {
  kind: PhotoKind;
  state: PhotoState;
  error: string | undefined;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const id = photoFieldId(kind);
  const label = t(`public.photos.kinds.${kind}`);
  const statusId = `${id}-status`;
  return (
    <div className="grid content-start gap-2">
      {/* Two lines on a phone, so a label that wraps does not push its picture below the others. */}
      <span className="min-h-10 text-sm font-medium sm:min-h-0" id={`${id}-label`}>
        {label}
      </span>
      <div
        className={clsx(
          "grid aspect-[3/4] place-items-center overflow-hidden rounded-md border bg-muted/40",
          error ? "border-destructive" : "border-input",
        )}
      >
        {state.status === "empty" ? (
          <Camera className="size-10 text-muted-foreground" aria-hidden="true" />
        ) : (
          <img src={state.preview} alt={t("public.photos.preview", { kind: label })} className="size-full object-cover" />
        )}
      </div>
      {/* Two ways to a photo: the camera at once (capture), or the gallery (a photo taken before). */}
      <div className="grid gap-1.5">
        <PhotoSource
          id={id}
          icon={<Camera aria-hidden="true" />}
          text={t("public.photos.camera")}
          label={t("public.photos.cameraLabel", { kind: label })}
          capture
          invalid={Boolean(error)}
          describedBy={statusId}
          onFile={onFile}
        />
        <PhotoSource
          id={`${id}-gallery`}
          icon={<ImageUp aria-hidden="true" />}
          text={t("public.photos.gallery")}
          label={t("public.photos.galleryLabel", { kind: label })}
          invalid={Boolean(error)}
          describedBy={statusId}
          onFile={onFile}
        />
      </div>
      <p id={statusId} className="min-h-5 text-sm" aria-live="polite">
        <PhotoStatus state={state} error={error} />
      </p>
      {state.status === "failed" ? (
        <button type="button" className={clsx(buttonClass.ghost, "px-2 text-sm")} onClick={() => onFile(state.file)}>
          {t("public.photos.retry")}
        </button>
      ) : null}
      {state.status !== "empty" ? (
        <button type="button" className={clsx(buttonClass.ghost, "px-2 text-sm")} onClick={onRemove}>
          {t("public.photos.remove")}
        </button>
      ) : null}
    </div>
  );
}

const sourceClass =
  "inline-flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-md border border-input bg-card px-2 text-sm font-medium shadow-sm transition-colors hover:bg-accent hover:text-accent-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring [&_svg]:size-4 [&_svg]:shrink-0";

/**
 * One way to a photo: a file input inside its label, shown as a button (the input itself is
 * visually hidden but focusable, so Tab reaches it and Enter or Space opens it). `capture` asks a
 * phone for its camera at once; without it the phone offers its gallery and files.
 */
function PhotoSource({
  id,
  icon,
  text,
  label,
  capture = false,
  invalid,
  describedBy,
  onFile,
}: {
  id: string;
  icon: ReactNode;
  text: string;
  label: string;
  capture?: boolean;
  invalid: boolean;
  describedBy: string;
  onFile: (file: File) => void;
}) {
  return (
    <label htmlFor={id} className={sourceClass}>
      {icon}
      <span>{text}</span>
      <input
        id={id}
        name={id}
        type="file"
        accept={`image/*,${PHOTO_ACCEPTED_TYPES.join(",")}`}
        capture={capture ? "environment" : undefined}
        className="sr-only"
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
    </label>
  );
}

function PhotoStatus({ state, error }: { state: PhotoState; error: string | undefined }) {
  const t = useT();
  if (state.status === "uploading") {
    return (
      <span className="inline-flex items-center gap-2 text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {state.retryIn !== undefined
          ? t("public.photos.retrying", { seconds: state.retryIn })
          : t("public.photos.uploading", { percent: state.percent })}
        {state.retryIn === undefined ? <progress className="sr-only" max={100} value={state.percent} aria-hidden="true" /> : null}
      </span>
    );
  }
  if (state.status === "failed") return <span className="text-destructive">{state.message}</span>;
  if (error) return <span className="text-destructive">{error}</span>;
  if (state.status === "done") return <span className="text-success">{t("public.photos.uploaded")}</span>;
  return null;
}
