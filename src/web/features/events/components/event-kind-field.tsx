import type { UpdateEventBody, UpdateEventInput } from "@common/schemas/events";
import { useQuery } from "@tanstack/react-query";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Field, fieldAria } from "@web/components/ui/field";
import { NativeSelect } from "@web/components/ui/input";
import { useT } from "@web/lib/language";
import { eventQueryOptions } from "../api/get-event";
import { eventsQueryOptions } from "../api/get-events";

const OPEN = "open";

/**
 * An open call, or "Callback de …" one of the open calls (issue 36): one choice sets `kind` and
 * `callbackOf`. Fixed once the event exists: the edit form shows it, unchangeable.
 */
export function EventKindField({
  form,
  id,
  fixed,
}: {
  form: UseFormReturn<UpdateEventInput, unknown, UpdateEventBody>;
  id: string;
  fixed: boolean;
}) {
  const t = useT();
  const [kind, callbackOf] = useWatch({ control: form.control, name: ["kind", "callbackOf"] });
  // Creating: every open call may be chosen. Editing: only the one it is a callback of is named.
  const events = useQuery({ ...eventsQueryOptions(), enabled: !fixed });
  const own = useQuery({ ...eventQueryOptions(callbackOf ?? ""), enabled: fixed && Boolean(callbackOf) });
  const openCalls = fixed ? (own.data ? [own.data] : []) : (events.data ?? []).filter((event) => event.kind === "open");
  const value = kind === "callback" && callbackOf ? callbackOf : OPEN;
  const errors = form.formState.errors;
  const error = errors.callbackOf?.message ?? errors.kind?.message;
  const choose = (choice: string) => {
    form.setValue("kind", choice === OPEN ? "open" : "callback");
    form.setValue("callbackOf", choice === OPEN ? null : choice, { shouldValidate: form.formState.isSubmitted });
  };
  return (
    <Field id={id} label={t("events.form.kind")} hint={t("events.form.kindHint")} error={error} className="sm:max-w-xl">
      <NativeSelect {...fieldAria(id, error, true)} value={value} disabled={fixed} onChange={(e) => choose(e.target.value)}>
        <option value={OPEN}>{t("events.form.kindOpen")}</option>
        {openCalls.map((event) => (
          <option key={event.id} value={event.id}>
            {t("events.form.kindCallback", { name: event.eventName })}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
