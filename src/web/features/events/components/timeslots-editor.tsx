import { TIMESLOT_DEFAULT_CAPACITY, TIMESLOT_MIN_CAPACITY } from "@common/constants";
import type { UpdateEventInput } from "@common/schemas/events";
import { events as t } from "@common/texts/events";
import { Plus, Trash2, TriangleAlert } from "lucide-react";
import { useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";

interface TimeslotsEditorProps {
  form: UseFormReturn<UpdateEventInput>;
  idPrefix: string;
  /** Registrations held by each existing slot (edit form), by slot id. */
  registrationsBySlot: Record<string, number>;
}

/** 'Horarios Disponibles': one fieldset per slot; at least one slot always remains. */
export function TimeslotsEditor({ form, idPrefix, registrationsBySlot }: TimeslotsEditorProps) {
  const { control, register, formState } = form;
  // keyName: the slot's own `id` (its database id) must survive; RHF's row key goes elsewhere.
  const { fields, append, remove } = useFieldArray({ control, name: "timeslots", keyName: "key" });
  const slots = useWatch({ control, name: "timeslots" });
  const slotErrors = formState.errors.timeslots;

  return (
    <section className="grid gap-4" aria-labelledby={`${idPrefix}-slots-title`}>
      <h2 id={`${idPrefix}-slots-title`} className="text-lg font-semibold">
        {t.form.timeslots}
      </h2>
      {slotErrors?.message ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {slotErrors.message}
        </p>
      ) : null}
      <ol className="grid gap-4">
        {fields.map((field, index) => {
          const n = index + 1;
          const id = `${idPrefix}-slot-${index}`;
          const errors = slotErrors?.[index];
          const held = field.id ? (registrationsBySlot[field.id] ?? 0) : 0;
          const capacity = slots?.[index]?.capacity;
          const overbooked = held > 0 && typeof capacity === "number" && capacity >= TIMESLOT_MIN_CAPACITY && capacity < held;
          return (
            <li key={field.key}>
              <fieldset className="relative grid gap-4 rounded-lg border bg-background/50 p-4">
                {/* The legend stays the fieldset's first child: it names the group ('Horario n'). */}
                <legend className="float-left pr-12 text-sm font-semibold leading-9">{t.form.timeslot(n)}</legend>
                {fields.length > 1 ? (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    className="absolute top-3 right-3 text-destructive hover:text-destructive"
                    aria-label={t.form.removeTimeslot(n)}
                    title={t.form.removeTimeslot(n)}
                    onClick={() => remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
                <div className="clear-both grid gap-4 sm:grid-cols-3">
                  <Field id={`${id}-start`} label={t.form.startTime} error={errors?.startTime?.message}>
                    <Input type="time" {...fieldAria(`${id}-start`, errors?.startTime?.message)} {...register(`timeslots.${index}.startTime`)} />
                  </Field>
                  <Field id={`${id}-end`} label={t.form.endTime} error={errors?.endTime?.message}>
                    <Input type="time" {...fieldAria(`${id}-end`, errors?.endTime?.message)} {...register(`timeslots.${index}.endTime`)} />
                  </Field>
                  <Field
                    id={`${id}-capacity`}
                    label={t.form.capacity}
                    error={errors?.capacity?.message}
                    hint={held > 0 ? t.form.registrationsInSlot(held) : undefined}
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
                    {t.form.capacityBelowRegistrations(held)}
                  </p>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          variant="outline"
          onClick={() => append({ startTime: "", endTime: "", capacity: TIMESLOT_DEFAULT_CAPACITY })}
        >
          <Plus aria-hidden="true" />
          {t.form.addTimeslot}
        </Button>
      </div>
    </section>
  );
}
