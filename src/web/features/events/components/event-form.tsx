import { PHOTO_SETTINGS } from "@common/photos";
import { useT } from "@web/lib/language";
import { EVENT_STATUSES } from "@common/constants";
import { updateEventSchema, type UpdateEventBody, type UpdateEventInput } from "@common/schemas/events";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm, type Path, type UseFormReturn } from "react-hook-form";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input, NativeSelect, Textarea } from "@web/components/ui/input";
import { TimeslotsEditor } from "./timeslots-editor";

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
 * The create and edit forms of SPEC.md §2. Both validate with the API's own schema; the create
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
    defaultValues,
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
      <Field
        id={id("photos")}
        label={t("events.form.photos")}
        hint={t("events.form.photosHint")}
        error={errors.photos?.message}
        className="sm:max-w-md"
      >
        <NativeSelect {...fieldAria(id("photos"), errors.photos?.message, true)} {...register("photos")}>
          {PHOTO_SETTINGS.map((setting) => (
            <option key={setting} value={setting}>
              {t(`events.form.photosOptions.${setting}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
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
