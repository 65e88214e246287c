import { WALK_INS_DAILY_CAP_MAX } from "@common/schemas/queue";
import type { UpdateEventBody, UpdateEventInput } from "@common/schemas/events";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Checkbox } from "@web/components/ui/checkbox";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { useT } from "@web/lib/language";

/** What the form holds when the event says nothing: off, no cap (issue 35). */
export const WALK_INS_OFF = { enabled: false, dailyCap: null } as const;

/**
 * «Registro en la puerta»: whether people who did not register may do so at the door on the day
 * (the walk-in poster's form), and how many a day at most. An empty cap means no cap.
 */
export function WalkInsFields({ form, id }: { form: UseFormReturn<UpdateEventInput, unknown, UpdateEventBody>; id: string }) {
  const t = useT();
  const enabled = useWatch({ control: form.control, name: "walkIns.enabled" });
  const error = form.formState.errors.walkIns?.dailyCap?.message;
  const enabledField = form.register("walkIns.enabled");
  // An empty cap is no cap (null), not 0.
  const capField = form.register("walkIns.dailyCap", {
    setValueAs: (value: unknown) => (value === "" || value === null || value === undefined ? null : Number(value)),
  });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium leading-none">{t("events.form.walkIns.title")}</legend>
      <div className="flex items-start gap-3 rounded-lg border bg-card p-3">
        <Checkbox
          id={`${id}-enabled`}
          className="mt-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-describedby={`${id}-enabled-hint`}
          {...enabledField}
        />
        <div className="grid gap-1">
          <label htmlFor={`${id}-enabled`} className="cursor-pointer text-sm font-medium">
            {t("events.form.walkIns.enabled")}
          </label>
          <p id={`${id}-enabled-hint`} className="text-sm text-muted-foreground">
            {t("events.form.walkIns.enabledHint")}
          </p>
        </div>
      </div>
      {enabled ? (
        <Field
          id={`${id}-cap`}
          label={t("events.form.walkIns.dailyCap")}
          hint={t("events.form.walkIns.dailyCapHint")}
          error={error}
          className="sm:max-w-xs"
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={WALK_INS_DAILY_CAP_MAX}
            {...fieldAria(`${id}-cap`, error, true)}
            {...capField}
          />
        </Field>
      ) : null}
    </fieldset>
  );
}
