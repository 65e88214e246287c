import { useT } from "@web/lib/language";
import { TIMESLOT_DEFAULT_CAPACITY, TIMESLOT_MIN_CAPACITY } from "@common/constants";
import type { UpdateEventInput } from "@common/schemas/events";
import { Ban, Plus, Trash2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Checkbox } from "@web/components/ui/checkbox";
import { Input } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";

interface TimeslotsEditorProps {
  form: UseFormReturn<UpdateEventInput>;
  idPrefix: string;
  /** Registrations held by each existing slot (edit form), by slot id. */
  registrationsBySlot: Record<string, number>;
}

/** 'Horarios Disponibles': one fieldset per slot; at least one slot always remains. */
export function TimeslotsEditor({ form, idPrefix, registrationsBySlot }: TimeslotsEditorProps) {
  const t = useT();
  const { control, formState } = form;
  // keyName: the slot's own `id` (its database id) must survive; RHF's row key goes elsewhere.
  const { fields, append, remove } = useFieldArray({ control, name: "timeslots", keyName: "key" });
  const slotErrors = formState.errors.timeslots;

  return (
    <section className="grid gap-4" aria-labelledby={`${idPrefix}-slots-title`}>
      <h2 id={`${idPrefix}-slots-title`} className="text-lg font-semibold">
        {t("events.form.timeslots")}
      </h2>
      {slotErrors?.message ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {slotErrors.message}
        </p>
      ) : null}
      <ol className="grid gap-4">
        {fields.map((field, index) => (
          <li key={field.key}>
            <TimeslotFieldset
              form={form}
              index={index}
              idPrefix={idPrefix}
              held={field.id ? (registrationsBySlot[field.id] ?? 0) : 0}
              onRemove={fields.length > 1 ? () => remove(index) : undefined}
            />
          </li>
        ))}
      </ol>
      <OverbookingConfirmation form={form} idPrefix={idPrefix} registrationsBySlot={registrationsBySlot} />
      <div>
        <Button variant="outline" onClick={() => append({ startTime: "", endTime: "", capacity: TIMESLOT_DEFAULT_CAPACITY })}>
          <Plus aria-hidden="true" />
          {t("events.form.addTimeslot")}
        </Button>
      </div>
    </section>
  );
}

interface TimeslotFieldsetProps {
  form: UseFormReturn<UpdateEventInput>;
  index: number;
  idPrefix: string;
  /** Registrations the slot already holds (0 for a new slot). */
  held: number;
  /** Omitted when the slot is the last one, which cannot be removed. */
  onRemove: (() => void) | undefined;
}

/** One slot ('Horario n'): start, end and capacity, with a warning when capacity falls below the registrations held. */
function TimeslotFieldset({ form, index, idPrefix, held, onRemove }: TimeslotFieldsetProps) {
  const t = useT();
  const { control, register, formState } = form;
  const n = index + 1;
  const id = `${idPrefix}-slot-${index}`;
  const errors = formState.errors.timeslots?.[index];
  const capacity = useWatch({ control, name: `timeslots.${index}.capacity` });
  const overbooked = held > 0 && typeof capacity === "number" && capacity >= TIMESLOT_MIN_CAPACITY && capacity < held;
  return (
    <fieldset className="relative grid gap-4 rounded-lg border bg-background/50 p-4">
      {/* The legend stays the fieldset's first child: it names the group ('Horario n'). */}
      <legend className="float-left pr-12 text-sm font-semibold leading-9">{t("events.form.timeslot", { n })}</legend>
      {onRemove ? <RemoveTimeslotButton n={n} id={id} held={held} onRemove={onRemove} /> : null}
      <div className="clear-both grid gap-4 sm:grid-cols-3">
        <Field id={`${id}-start`} label={t("events.form.startTime")} error={errors?.startTime?.message}>
          <Input
            type="time"
            {...fieldAria(`${id}-start`, errors?.startTime?.message)}
            {...register(`timeslots.${index}.startTime`)}
          />
        </Field>
        <Field id={`${id}-end`} label={t("events.form.endTime")} error={errors?.endTime?.message}>
          <Input type="time" {...fieldAria(`${id}-end`, errors?.endTime?.message)} {...register(`timeslots.${index}.endTime`)} />
        </Field>
        <Field
          id={`${id}-capacity`}
          label={t("events.form.capacity")}
          error={errors?.capacity?.message}
          hint={held > 0 ? t("events.form.registrationsInSlot", { count: held }) : undefined}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={TIMESLOT_MIN_CAPACITY}
            step={1}
            {...fieldAria(`${id}-capacity`, errors?.capacity?.message, held > 0)}
            {...register(`timeslots.${index}.capacity`, { valueAsNumber: true })}
          />
        </Field>
      </div>
      {overbooked ? (
        <p
          className="flex items-start gap-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm text-foreground"
          role="status"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning-foreground" aria-hidden="true" />
          {t("events.form.capacityBelowRegistrations", { count: held })}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A slot's remove button. A slot holding registrations cannot be removed (the server refuses it too,
 * 409 `timeslot_in_use`): its button stays focusable, refuses, and says why where it is.
 */
function RemoveTimeslotButton({ n, id, held, onRemove }: { n: number; id: string; held: number; onRemove: () => void }) {
  const t = useT();
  const [refused, setRefused] = useState(false);
  const locked = held > 0;
  const reason = t("events.form.timeslotLocked", { count: held });
  return (
    <>
      <Button
        variant="ghost"
        size="icon-sm"
        className={cn(
          "absolute top-3 right-3",
          locked ? "cursor-not-allowed text-muted-foreground opacity-60" : "text-destructive hover:text-destructive",
        )}
        aria-label={t("events.form.removeTimeslot", { n })}
        title={locked ? reason : t("events.form.removeTimeslot", { n })}
        // Focusable and announced with its reason, unlike a disabled button.
        aria-disabled={locked || undefined}
        aria-describedby={locked ? `${id}-locked` : undefined}
        onClick={locked ? () => setRefused(true) : onRemove}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      {locked && refused ? (
        <p
          id={`${id}-locked`}
          role="alert"
          className="clear-both flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive"
        >
          <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {reason}
        </p>
      ) : locked ? (
        <span id={`${id}-locked`} className="sr-only">
          {reason}
        </span>
      ) : null}
    </>
  );
}

/**
 * Shown while a slot's capacity is below the registrations it holds: the server saves that only
 * when the person confirms it (`confirmCapacityBelowRegistrations`).
 */
function OverbookingConfirmation({
  form,
  idPrefix,
  registrationsBySlot,
}: Omit<TimeslotsEditorProps, "form"> & { form: UseFormReturn<UpdateEventInput> }) {
  const t = useT();
  const slots = useWatch({ control: form.control, name: "timeslots" });
  const overbooked = slots.some(
    (slot) => slot.id !== undefined && typeof slot.capacity === "number" && slot.capacity < (registrationsBySlot[slot.id] ?? 0),
  );
  if (!overbooked) return null;
  const id = `${idPrefix}-confirm-overbooking`;
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} {...form.register("confirmCapacityBelowRegistrations")} />
      <label htmlFor={id} className="text-sm font-medium">
        {t("events.form.confirmCapacityBelowRegistrations")}
      </label>
    </div>
  );
}
