import type { Capability } from "@common/permissions";
import { Checkbox } from "@web/components/ui/checkbox";
import { useT } from "@web/lib/language";
import { capabilityLabel } from "./capability-label";

/**
 * «Permisos»: one checkbox per capability offered, named by the group's legend; its hint and error
 * describe the group (ids `${id}-hint`, `${id}-error`, as Field's).
 */
export function PermissionsFieldset({
  id,
  offered,
  chosen,
  onChange,
  error,
}: {
  id: string;
  offered: readonly Capability[];
  chosen: ReadonlySet<Capability>;
  onChange: (chosen: ReadonlySet<Capability>) => void;
  error: string | undefined;
}) {
  const t = useT();
  const toggle = (capability: Capability, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(capability);
    else next.delete(capability);
    onChange(next);
  };
  return (
    <fieldset
      id={id}
      className="grid gap-3"
      aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
    >
      <legend className="mb-1 text-sm font-medium">{t("integrations.tokens.permissions")}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t("integrations.tokens.permissionsHint")}
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {offered.map((capability) => (
          <li key={capability}>
            <label className="flex min-h-6 cursor-pointer items-start gap-2 text-sm">
              <Checkbox
                className="mt-0.5"
                name="permissions"
                value={capability}
                checked={chosen.has(capability)}
                onChange={(e) => toggle(capability, e.target.checked)}
              />
              <span>{capabilityLabel(t, capability)}</span>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
