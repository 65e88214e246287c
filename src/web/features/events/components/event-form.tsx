import { DEFAULT_PHOTO_SETTING, PHOTO_SETTINGS } from "@common/photos";
import { useT } from "@web/lib/language";
import { EVENT_STATUSES } from "@common/constants";
import { updateEventSchema, type UpdateEventBody, type UpdateEventInput } from "@common/schemas/events";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm, useWatch, type Path, type UseFormReturn } from "react-hook-form";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input, NativeSelect, Textarea } from "@web/components/ui/input";
import { SLUG_MAX_LENGTH } from "@common/slugs";
import { useEventLink } from "../hooks/use-event-link";
import { EventKindField } from "./event-kind-field";
import { TimeslotsEditor } from "./timeslots-editor";
import { WALK_INS_OFF, WalkInsFields } from "./walk-ins-fields";

export interface EventFormProps {
  mode: "create" | "edit";
  defaultValues: UpdateEventInput;
  /** Registrations held by each existing slot, by slot id (edit). */
  registrationsBySlot?: Record<string, number>;
  onSubmit: (values: UpdateEventBody) => void;
  onCancel: () => void;
  isPending: boolean;
  /** What went wrong with the last save, shown above the buttons. */
  errorMessage?: string | null;
  /** Field errors the server sent back ("timeslots.0.capacity" → message). */
  serverFieldErrors?: Record<string, string> | undefined;
}

/**
 * The create and edit forms of docs/product.md §2. Both validate with the API's own schema; the create
 * form carries status "active", which the create endpoint does not take (new events are active).
 */
export function EventForm({
  mode,
  defaultValues,
  registrationsBySlot = {},
  onSubmit,
  onCancel,
  isPending,
  errorMessage,
  serverFieldErrors,
}: EventFormProps) {
  const t = useT();
  const idPrefix = useId();
  const form = useForm<UpdateEventInput, unknown, UpdateEventBody>({
    resolver: zodResolver(updateEventSchema),
    // One photos choice is always checked (a radio group has no "nothing chosen" to send); walk-ins start off.
    defaultValues: {
      ...defaultValues,
      photos: defaultValues.photos ?? DEFAULT_PHOTO_SETTING,
      walkIns: defaultValues.walkIns ?? WALK_INS_OFF,
    },
  });
  const { handleSubmit, setError } = form;

  useEffect(() => {
    for (const [name, message] of Object.entries(serverFieldErrors ?? {})) {
      setError(name as Path<UpdateEventInput>, { type: "server", message });
    }
  }, [serverFieldErrors, setError]);

  const id = (name: string) => `${idPrefix}-${name}`;
  const busyLabel = mode === "create" ? t("events.form.creating") : t("events.form.saving");
  const submitLabel = mode === "create" ? t("events.form.create") : t("events.form.save");

  return (
    <form className="grid gap-8" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <EventDetailsFields form={form} mode={mode} id={id} />

      <TimeslotsEditor form={form} idPrefix={idPrefix} registrationsBySlot={registrationsBySlot} />

      {errorMessage ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage}</AlertDescription>
        </Alert>
      ) : null}

      <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isPending}>
          {t("events.form.cancel")}
        </Button>
        <Button type="submit" disabled={isPending} aria-busy={isPending || undefined}>
          {isPending ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

interface EventDetailsFieldsProps {
  form: UseFormReturn<UpdateEventInput, unknown, UpdateEventBody>;
  mode: EventFormProps["mode"];
  id: (name: string) => string;
}

/** The event's own fields; the status only on the edit form. */
function EventDetailsFields({ form, mode, id }: EventDetailsFieldsProps) {
  const t = useT();
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <div className="grid gap-5">
      <Field id={id("name")} label={t("events.form.eventName")} error={errors.eventName?.message}>
        <Input autoComplete="off" {...fieldAria(id("name"), errors.eventName?.message)} {...register("eventName")} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("date")} label={t("events.form.eventDate")} error={errors.eventDate?.message}>
          <Input type="date" {...fieldAria(id("date"), errors.eventDate?.message)} {...register("eventDate")} />
        </Field>
        <Field id={id("location")} label={t("events.form.location")} error={errors.location?.message}>
          <Input autoComplete="off" {...fieldAria(id("location"), errors.location?.message)} {...register("location")} />
        </Field>
      </div>
      <EventKindField form={form} id={id("kind")} fixed={mode === "edit"} />
      <Field id={id("description")} label={t("events.form.description")} error={errors.description?.message}>
        <Textarea rows={3} {...fieldAria(id("description"), errors.description?.message)} {...register("description")} />
      </Field>
      <Field
        id={id("confirmation")}
        label={t("events.form.confirmationDetails")}
        hint={t("events.form.confirmationDetailsHint")}
        error={errors.confirmationDetails?.message}
      >
        <Textarea
          rows={4}
          {...fieldAria(id("confirmation"), errors.confirmationDetails?.message, true)}
          {...register("confirmationDetails")}
        />
      </Field>
      <PhotosSetting form={form} id={id("photos")} />
      <WalkInsFields form={form} id={id("walkIns")} />
      {mode === "edit" ? <SlugField form={form} id={id("slug")} /> : null}
      {mode === "edit" ? (
        <Field id={id("status")} label={t("events.form.status")} error={errors.status?.message} className="sm:max-w-xs">
          <NativeSelect {...fieldAria(id("status"), errors.status?.message)} {...register("status")}>
            {EVENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`events.form.statusOptions.${status}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
    </div>
  );
}

/**
 * Whether the public form asks for photos: one choice per setting, each described under itself
 * (a hint under the whole control read as if it described 'No pedir fotos' once that was chosen).
 */
function PhotosSetting({ form, id }: { form: EventDetailsFieldsProps["form"]; id: string }) {
  const t = useT();
  const error = form.formState.errors.photos?.message;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium leading-none">{t("events.form.photos")}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {[...PHOTO_SETTINGS].reverse().map((setting) => (
          <label
            key={setting}
            htmlFor={`${id}-${setting}`}
            className="flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-3 has-checked:border-primary has-checked:bg-primary/5"
          >
            <input
              id={`${id}-${setting}`}
              type="radio"
              value={setting}
              className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              aria-describedby={`${id}-${setting}-hint`}
              {...form.register("photos")}
            />
            <span className="grid gap-1">
              <span className="text-sm font-medium">{t(`events.form.photosOptions.${setting}`)}</span>
              <span id={`${id}-${setting}-hint`} className="text-sm text-muted-foreground">
                {t(`events.form.photosOptionHints.${setting}`)}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The short address's slug (edit form): the page it opens shown under it, from what is typed. */
function SlugField({ form, id }: { form: EventDetailsFieldsProps["form"]; id: string }) {
  const t = useT();
  const error = form.formState.errors.slug?.message;
  const slug = useWatch({ control: form.control, name: "slug" });
  const address = useEventLink(slug?.trim().toLowerCase() || "…");
  return (
    <Field
      id={id}
      label={t("events.form.slug")}
      hint={t("events.form.slugHint", { address })}
      error={error}
      className="sm:max-w-xl"
    >
      <Input
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={SLUG_MAX_LENGTH + 10}
        {...fieldAria(id, error, true)}
        {...form.register("slug")}
      />
    </Field>
  );
}
