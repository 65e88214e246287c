import { useLanguage, useT } from "@web/lib/language";
import { todayIso } from "@common/dates";
import { hasMessage, type MessageId } from "@common/i18n";
import { fieldLabel, registrantFields, type FieldDefinition, type RegistrantFieldName } from "@common/registrant/fields";
import { ageToday } from "@common/registrant/normalize";
import { usePageState } from "../page-state";
import { NumberStepper } from "./number-stepper";
import { controlAria, controlClass, FormField } from "./public-ui";

const INPUT_TYPE: Partial<Record<FieldDefinition["kind"], { type: string; inputMode?: "email" | "tel" }>> = {
  email: { type: "email", inputMode: "email" },
  phone: { type: "tel", inputMode: "tel" },
};

interface RegistrantControlProps {
  name: RegistrantFieldName;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

function Select({
  name,
  value,
  error,
  onChange,
  options,
  hint,
}: RegistrantControlProps & { options: Array<[string, string]>; hint: string | undefined }) {
  const t = useT();
  return (
    <select
      {...controlAria(name, error, Boolean(hint))}
      name={name}
      className={`${controlClass} h-12`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{t("registrant.values.choose")}</option>
      {options.map(([option, text]) => (
        <option key={option} value={option}>
          {text}
        </option>
      ))}
    </select>
  );
}

/**
 * A birth date, and the age it gives under it. Its message (under 16, said as soon as the date is
 * entered: issue 32) is in the live region with the age, so a screen reader hears it then too.
 */
function BirthDate({ name, value, error, onChange }: RegistrantControlProps) {
  const t = useT();
  const age = value ? ageToday(value) : null;
  // The server's date when it made the page; computed here only without one (`npm run dev`).
  const today = usePageState()?.today ?? todayIso();
  return (
    <div className="grid content-start gap-2">
      <FormField id={name} label={fieldLabel(name)}>
        <input
          {...controlAria(name, error)}
          name={name}
          type="date"
          autoComplete={registrantFields[name].autoComplete}
          max={today}
          className={`${controlClass} h-12`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </FormField>
      <div className="grid gap-2" aria-live="polite">
        {error ? (
          <p id={`${name}-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {age !== null ? `${t("registrant.age")}: ${t("registrant.ageValue", { age })}` : null}
        </p>
      </div>
    </div>
  );
}

/** One registrant field on the public form, its control chosen by the field's kind. */
export function RegistrantControl(props: RegistrantControlProps) {
  const { t, language } = useLanguage();
  const { name, value, error, onChange } = props;
  const definition: FieldDefinition = registrantFields[name];
  const label = fieldLabel(name);
  // A field's hint is its catalogue's `registrant.hints.<name>`, when the catalogue has one.
  const hintId = `registrant.hints.${name}`;
  const hint = hasMessage(language, hintId) ? t(hintId as MessageId) : undefined;

  switch (definition.kind) {
    case "measurement": {
      if (!definition.bounds) throw new Error(`${name}: a measurement needs its bounds`);
      const { min, max } = definition.bounds;
      return (
        <FormField id={name} label={label} error={error}>
          <NumberStepper id={name} label={label} value={value} min={min} max={max} error={error} onChange={onChange} />
        </FormField>
      );
    }
    case "choice":
      return (
        <FormField id={name} label={label} error={error} hint={hint}>
          <Select
            {...props}
            hint={hint}
            options={(definition.options ?? []).map((option) => [option, definition.optionLabel?.(option, language) ?? option])}
          />
        </FormField>
      );
    case "yesNo":
      return (
        <FormField id={name} label={label} error={error} hint={hint} className="sm:col-span-2">
          <div className="sm:max-w-xs">
            <Select
              {...props}
              hint={hint}
              options={[
                ["yes", t("registrant.values.yes")],
                ["no", t("registrant.values.no")],
              ]}
            />
          </div>
        </FormField>
      );
    case "birthDate":
      return <BirthDate {...props} />;
    default: {
      const input = INPUT_TYPE[definition.kind];
      return (
        <FormField id={name} label={label} error={error} hint={hint}>
          <input
            {...controlAria(name, error, Boolean(hint))}
            name={name}
            type={input?.type ?? "text"}
            inputMode={input?.inputMode}
            autoComplete={definition.autoComplete}
            className={`${controlClass} h-12`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </FormField>
      );
    }
  }
}
