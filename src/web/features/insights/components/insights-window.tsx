import { insightsQuerySchema, type InsightsQuery } from "@common/schemas/insights";
import { useSearchParams } from "react-router";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { useT } from "@web/lib/language";

/**
 * The dates the figures keep to (issue 38's `?from&to`, Buenos Aires days, both included), kept in
 * the address so a reload or a shared link shows the same window. A window that ends before it
 * starts is not asked for: the error says so and the figures stay as they were.
 */
export function useInsightsWindow() {
  const [params, setParams] = useSearchParams();
  // A date the route takes (its own schema's rule); anything else in the address counts as none.
  const read = (name: "from" | "to") => {
    const value = params.get(name) ?? "";
    return insightsQuerySchema.shape[name].safeParse(value).success ? value : "";
  };
  const from = read("from");
  const to = read("to");
  const backwards = from !== "" && to !== "" && from > to;
  const query: InsightsQuery = backwards ? {} : { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const update = (values: Partial<Record<"from" | "to", string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(values)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return { from, to, backwards, query, update };
}

/** The two dates, with what they keep to (`hint`) said once for both. */
export function InsightsWindow({ state, hint }: { state: ReturnType<typeof useInsightsWindow>; hint: string }) {
  const t = useT();
  const { from, to, backwards, update } = state;
  const error = backwards ? t("insights.window.backwards") : undefined;
  return (
    <fieldset className="flex flex-wrap items-end gap-3" aria-describedby="insights-window-hint">
      <legend className="mb-1 text-sm font-medium">{t("insights.window.legend")}</legend>
      <p id="insights-window-hint" className="w-full text-sm text-muted-foreground">
        {hint}
      </p>
      <Field id="insights-from" label={t("insights.window.from")} className="w-40">
        <Input
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => update({ from: e.target.value })}
          {...fieldAria("insights-from", undefined)}
        />
      </Field>
      <Field id="insights-to" label={t("insights.window.to")} error={error} className="w-40">
        <Input
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => update({ to: e.target.value })}
          {...fieldAria("insights-to", error)}
        />
      </Field>
      {from || to ? (
        <Button type="button" variant="outline" size="sm" onClick={() => update({ from: "", to: "" })}>
          {t("insights.window.clear")}
        </Button>
      ) : null}
    </fieldset>
  );
}
