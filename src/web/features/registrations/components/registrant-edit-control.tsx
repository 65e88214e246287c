import { ageOn, todayIso } from "@common/dates";
import { fieldLabel, registrantFields, type FieldDefinition, type RegistrantFieldName } from "@common/registrant/fields";
import type { RegistrationEditInput } from "@common/schemas/registrations";
import { useWatch, type Control, type UseFormRegister } from "react-hook-form";
import { Checkbox } from "@web/components/ui/checkbox";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { useLanguage, useT } from "@web/lib/language";

const INPUT_TYPE: Partial<Record<FieldDefinition["kind"], string>> = { email: "email", phone: "tel" };
const numberOrNull = (value: unknown) => (value === "" || value === null ? null : Number(value));
const textOrNull = (value: unknown) => (value === "" ? null : value);

interface RegistrantEditControlProps {
  name: RegistrantFieldName;
  register: UseFormRegister<RegistrationEditInput>;
  control: Control<RegistrationEditInput>;
  error: string | undefined;
}

function AgeOf({ control }: { control: Control<RegistrationEditInput> }) {
  const t = useT();
  const dateOfBirth = useWatch({ control, name: "dateOfBirth" });
  const age = dateOfBirth ? ageOn(dateOfBirth, todayIso()) : null;
  return (
    <Field id="edit-age" label={t("registrant.age")}>
      <Input id="edit-age" value={age ?? ""} readOnly tabIndex={-1} className="bg-muted" />
    </Field>
  );
}

/** One registrant field on the staff edit form, its control chosen by the field's kind. */
export function RegistrantEditControl({ name, register, control, error }: RegistrantEditControlProps) {
  const { t, language } = useLanguage();
  const definition: FieldDefinition = registrantFields[name];
  const id = `edit-${name}`;
  const label = fieldLabel(name);
  switch (definition.kind) {
    case "yesNo":
      return (
        <div className="flex items-center gap-3 sm:col-span-2">
          <Checkbox id={id} {...register(name)} />
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
        </div>
      );
    case "measurement":
      return (
        <Field id={id} label={label} error={error}>
          <Input
            type="number"
            inputMode="numeric"
            step={1}
            min={definition.bounds?.min}
            max={definition.bounds?.max}
            {...fieldAria(id, error)}
            {...register(name, { setValueAs: numberOrNull })}
          />
        </Field>
      );
    case "choice":
      return (
        <Field id={id} label={label} error={error}>
          <NativeSelect {...fieldAria(id, error)} {...register(name, { setValueAs: textOrNull })}>
            <option value="">{t("registrant.values.unspecified")}</option>
            {(definition.options ?? []).map((option) => (
              <option key={option} value={option}>
                {definition.optionLabel?.(option, language) ?? option}
              </option>
            ))}
          </NativeSelect>
        </Field>
      );
    case "birthDate":
      return (
        <div className="grid grid-cols-[1fr_6rem] gap-3">
          <Field id={id} label={label} error={error}>
            <Input type="date" {...fieldAria(id, error)} {...register(name)} />
          </Field>
          <AgeOf control={control} />
        </div>
      );
    default:
      return (
        <Field id={id} label={label} error={error}>
          <Input
            type={INPUT_TYPE[definition.kind] ?? "text"}
            autoComplete={definition.autoComplete ?? "off"}
            {...fieldAria(id, error)}
            {...register(name)}
          />
        </Field>
      );
  }
}
