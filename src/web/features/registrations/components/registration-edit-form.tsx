import { zodResolver } from "@hookform/resolvers/zod";
import { EYE_COLORS, LOW_AVAILABILITY_THRESHOLD, MEASUREMENT_BOUNDS } from "@common/constants";
import { ageOn, formatTimeRange, todayIso } from "@common/dates";
import {
  registrationEditSchema,
  spotsForEdit,
  type RegistrationDetail,
  type RegistrationEdit,
  type RegistrationEditInput,
} from "@common/schemas/registrations";
import { registrations as t } from "@common/texts/registrations";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";

const f = t.edit.fields;
const toNumberOrNull = (value: unknown) => (value === "" || value === null ? null : Number(value));
const toNumber = (value: unknown) => (value === "" ? Number.NaN : Number(value));

interface RegistrationEditFormProps {
  registration: RegistrationDetail;
  saving: boolean;
  onSubmit: (values: RegistrationEdit) => void;
  onCancel: () => void;
  /** Field errors the server answered with (e.g. a slot that filled up meanwhile). */
  serverErrors?: Partial<Record<keyof RegistrationEdit, string>> | undefined;
}

function defaults(r: RegistrationDetail): RegistrationEditInput {
  return {
    fullName: r.fullName,
    dateOfBirth: r.dateOfBirth,
    location: r.location,
    email: r.email,
    phoneNumber: r.phoneNumber,
    height: r.height,
    bust: r.bust,
    waist: r.waist,
    hips: r.hips,
    eyeColor: (EYE_COLORS as readonly string[]).includes(r.eyeColor ?? "") ? (r.eyeColor as RegistrationEditInput["eyeColor"]) : null,
    instagramHandle: r.instagramHandle,
    internationalWork: r.internationalWork,
    timeslotId: r.timeslotId,
  };
}

export function RegistrationEditForm({ registration, saving, onSubmit, onCancel, serverErrors }: RegistrationEditFormProps) {
  const form = useForm<RegistrationEditInput, unknown, RegistrationEdit>({
    resolver: zodResolver(registrationEditSchema),
    defaultValues: defaults(registration),
  });
  const { register, formState, control } = form;
  const error = (name: keyof RegistrationEdit) => formState.errors[name]?.message ?? serverErrors?.[name];
  const dateOfBirth = useWatch({ control, name: "dateOfBirth" });
  const age = dateOfBirth ? ageOn(dateOfBirth, todayIso()) : null;

  const text = (name: "fullName" | "location" | "email" | "phoneNumber" | "instagramHandle", type = "text", autoComplete = "off") => (
    <Field id={`edit-${name}`} label={f[name]} error={error(name)}>
      <Input type={type} autoComplete={autoComplete} {...fieldAria(`edit-${name}`, error(name))} {...register(name)} />
    </Field>
  );
  const number = (name: "height" | "bust" | "waist" | "hips", required: boolean) => (
    <Field id={`edit-${name}`} label={f[name]} error={error(name)}>
      <Input
        type="number"
        inputMode="numeric"
        step={1}
        min={MEASUREMENT_BOUNDS[name].min}
        max={MEASUREMENT_BOUNDS[name].max}
        required={required}
        {...fieldAria(`edit-${name}`, error(name))}
        {...register(name, { setValueAs: required ? toNumber : toNumberOrNull })}
      />
    </Field>
  );

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        {text("fullName", "text", "name")}
        <div className="grid grid-cols-[1fr_6rem] gap-3">
          <Field id="edit-dateOfBirth" label={f.dateOfBirth} error={error("dateOfBirth")}>
            <Input type="date" {...fieldAria("edit-dateOfBirth", error("dateOfBirth"))} {...register("dateOfBirth")} />
          </Field>
          <Field id="edit-age" label={f.age}>
            <Input id="edit-age" value={age ?? ""} readOnly tabIndex={-1} className="bg-muted" />
          </Field>
        </div>
        {text("location")}
        {text("email", "email")}
        {text("phoneNumber", "tel")}
        {number("height", true)}
        {number("bust", false)}
        {number("waist", false)}
        {number("hips", false)}
        <Field id="edit-eyeColor" label={f.eyeColor} error={error("eyeColor")}>
          <NativeSelect {...fieldAria("edit-eyeColor", error("eyeColor"))} {...register("eyeColor", { setValueAs: (v) => (v === "" ? null : v) })}>
            <option value="">{f.eyeColorNone}</option>
            {EYE_COLORS.map((color) => (
              <option key={color} value={color}>
                {color}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {text("instagramHandle")}
      </div>

      <fieldset className="grid gap-2" aria-describedby={error("timeslotId") ? "edit-timeslot-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">{f.timeslot}</legend>
        {registration.timeslots.map((slot) => {
          const spots = spotsForEdit(slot, registration.timeslotId);
          return (
            <label
              key={slot.id}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-lg border bg-card p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
              )}
            >
              <input type="radio" value={slot.id} disabled={spots <= 0} className="size-4 accent-primary" {...register("timeslotId")} />
              <span className="font-medium">{formatTimeRange(slot.startTime, slot.endTime)}</span>
              <span className={cn("ml-auto text-sm", spots <= LOW_AVAILABILITY_THRESHOLD ? "font-medium text-destructive" : "text-muted-foreground")}>
                {t.edit.spots(spots)}
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

      <div className="flex items-center gap-3">
        <Checkbox id="edit-internationalWork" {...register("internationalWork")} />
        <label htmlFor="edit-internationalWork" className="text-sm font-medium">
          {f.internationalWork}
        </label>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t.edit.cancel}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t.edit.saving : t.edit.save}
        </Button>
      </div>
    </form>
  );
}
