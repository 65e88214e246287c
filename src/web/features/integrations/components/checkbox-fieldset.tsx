import type { ReactNode } from "react";
import { Checkbox } from "@web/components/ui/checkbox";

export interface CheckboxOption<Value extends string> {
  value: Value;
  label: string;
  /** A second line under the label (a webhook event's type as a receiver reads it), describing the box. */
  detail?: string;
}

/**
 * A group of checkboxes named by its legend («Permisos», «Eventos»): its hint and error describe
 * the group (ids `${id}-hint`, `${id}-error`, as Field's), so each box is read with them.
 */
export function CheckboxFieldset<Value extends string>({
  id,
  legend,
  hint,
  options,
  chosen,
  onChange,
  error,
}: {
  id: string;
  legend: ReactNode;
  hint: ReactNode;
  options: readonly CheckboxOption<Value>[];
  chosen: ReadonlySet<Value>;
  onChange: (chosen: ReadonlySet<Value>) => void;
  error: string | undefined;
}) {
  const toggle = (value: Value, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    onChange(next);
  };
  return (
    <fieldset
      id={id}
      className="grid gap-3"
      aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const detailId = option.detail ? `${id}-${option.value.replace(/\W/g, "-")}-detail` : undefined;
          return (
            <li key={option.value}>
              <label className="flex min-h-6 cursor-pointer items-start gap-2 text-sm">
                <Checkbox
                  className="mt-0.5"
                  name={id}
                  value={option.value}
                  checked={chosen.has(option.value)}
                  aria-describedby={detailId}
                  onChange={(e) => toggle(option.value, e.target.checked)}
                />
                <span>{option.label}</span>
              </label>
              {option.detail ? (
                <span id={detailId} className="block pl-6 font-mono text-xs text-muted-foreground">
                  {option.detail}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
