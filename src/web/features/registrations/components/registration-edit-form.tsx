import { useLanguage } from "@web/lib/language";
import { SLOT_ROOM_TEXT, slotRoom } from "@web/lib/slot-availability";
import { zodResolver } from "@hookform/resolvers/zod";
import { formatTimeRangeFor } from "@common/dates-language";
import { REGISTRANT_FIELD_NAMES, pickRegistrantValues, registrantFields } from "@common/registrant/fields";
import {
  registrationEditSchema,
  spotsForEdit,
  type RegistrationDetail,
  type RegistrationEdit,
  type RegistrationEditInput,
} from "@common/schemas/registrations";
import { useForm } from "react-hook-form";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { RegistrantEditControl } from "./registrant-edit-control";

interface RegistrationEditFormProps {
  registration: RegistrationDetail;
  saving: boolean;
  onSubmit: (values: RegistrationEdit) => void;
  onCancel: () => void;
  /** Field errors the server answered with (e.g. a slot that filled up meanwhile). */
  serverErrors?: Partial<Record<keyof RegistrationEdit, string>> | undefined;
}

/**
 * The form's starting values; a choice no longer offered (an old value) starts unset. A contact the
 * reply left out (null without contacts.see, issue 33) starts empty: such a caller cannot save
 * (registrations.edit), and an empty required field is refused rather than written.
 */
function defaults(r: RegistrationDetail): RegistrationEditInput {
  const values = pickRegistrantValues(r);
  for (const name of REGISTRANT_FIELD_NAMES) {
    const { options } = registrantFields[name] as { options?: readonly string[] };
    if (options && !options.includes(String(values[name]))) Object.assign(values, { [name]: null });
  }
  const { email, dateOfBirth, phoneNumber, ...rest } = values;
  return {
    ...rest,
    email: email ?? "",
    dateOfBirth: dateOfBirth ?? "",
    phoneNumber: phoneNumber ?? "",
    timeslotId: r.timeslotId,
  };
}

export function RegistrationEditForm({ registration, saving, onSubmit, onCancel, serverErrors }: RegistrationEditFormProps) {
  const { t, language } = useLanguage();
  const form = useForm<RegistrationEditInput, unknown, RegistrationEdit>({
    resolver: zodResolver(registrationEditSchema),
    defaultValues: defaults(registration),
  });
  const { register, formState, control } = form;
  const error = (name: keyof RegistrationEdit) => formState.errors[name]?.message ?? serverErrors?.[name];

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        {REGISTRANT_FIELD_NAMES.map((name) => (
          <RegistrantEditControl key={name} name={name} register={register} control={control} error={error(name)} />
        ))}
      </div>

      <fieldset className="grid gap-2" aria-describedby={error("timeslotId") ? "edit-timeslot-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">{t("registrations.edit.timeslot")}</legend>
        {registration.timeslots.map((slot) => {
          const spots = spotsForEdit(slot, registration.timeslotId);
          const room = slotRoom(spots);
          return (
            <label
              key={slot.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border bg-card p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:disabled]:cursor-not-allowed has-[:disabled]:border-dashed"
            >
              <input
                type="radio"
                value={slot.id}
                disabled={room === "full"}
                className="size-4 accent-primary"
                {...register("timeslotId")}
              />
              <span className="font-medium tabular-nums">{formatTimeRangeFor(language, slot.startTime, slot.endTime)}</span>
              {/* The same words and colours as the public form (issue 32); staff cannot add to a waiting list. */}
              <span className={cn("ml-auto text-sm", SLOT_ROOM_TEXT[room])} data-room={room}>
                {room === "full" ? t("registrations.edit.full") : t("registrations.edit.spots", { count: spots })}
              </span>
            </label>
          );
        })}
        {error("timeslotId") ? (
          <p id="edit-timeslot-error" role="alert" className="text-sm font-medium text-destructive">
            {error("timeslotId")}
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t("registrations.edit.cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t("registrations.edit.saving") : t("registrations.edit.save")}
        </Button>
      </div>
    </form>
  );
}
