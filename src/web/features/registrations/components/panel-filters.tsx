import { REGISTRATION_STAGES, type RegistrationStage } from "@common/constants";
import { STAGE_MESSAGE } from "@common/schemas/panel";
import { CircleDashed } from "lucide-react";
import { useId, type ReactNode } from "react";
import { NativeSelect } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { useTags } from "@web/features/panel";
import { cn } from "@web/lib/cn";
import { useT } from "@web/lib/language";
import { FilterToggle } from "./filter-toggle";
import type { RegistrationsFiltersProps } from "./registrations-filters";

function LabelledSelect({
  label,
  value,
  onChange,
  children,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </NativeSelect>
    </div>
  );
}

/** The panel's filters and order (issue 23): stage, tag, panel average, 'not yet scored by me'. */
export function PanelFilters({ filters, onFiltersChange }: Pick<RegistrationsFiltersProps, "filters" | "onFiltersChange">) {
  const t = useT();
  const tags = useTags();
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end">
      <LabelledSelect
        className="lg:w-44"
        label={t("panel.filters.stage")}
        value={filters.stage ?? ""}
        onChange={(value) => onFiltersChange({ stage: (value || null) as RegistrationStage | null })}
      >
        <option value="">{t("panel.filters.stageAll")}</option>
        {REGISTRATION_STAGES.map((stage) => (
          <option key={stage} value={stage}>
            {t(STAGE_MESSAGE[stage])}
          </option>
        ))}
      </LabelledSelect>
      <LabelledSelect
        className="lg:w-44"
        label={t("panel.filters.tag")}
        value={filters.tag ?? ""}
        onChange={(value) => onFiltersChange({ tag: value || null })}
      >
        <option value="">{t("panel.filters.tagAll")}</option>
        {tags.data?.map((tag) => (
          <option key={tag.id} value={tag.id}>
            {tag.name}
          </option>
        ))}
      </LabelledSelect>
      <LabelledSelect
        className="lg:w-44"
        label={t("panel.filters.panelMin")}
        value={filters.panelMin === null ? "" : String(filters.panelMin)}
        onChange={(value) => onFiltersChange({ panelMin: value ? Number(value) : null })}
      >
        <option value="">{t("panel.filters.panelMinAll")}</option>
        {[4.5, 4, 3.5, 3, 2].map((min) => (
          <option key={min} value={min}>
            {t("panel.filters.panelMinValue", { min })}
          </option>
        ))}
      </LabelledSelect>
      <LabelledSelect
        className="lg:w-56"
        label={t("panel.filters.sort")}
        value={filters.sort}
        onChange={(value) => onFiltersChange({ sort: value === "panel" ? "panel" : "recent" })}
      >
        <option value="recent">{t("panel.filters.sortRecent")}</option>
        <option value="panel">{t("panel.filters.sortPanel")}</option>
      </LabelledSelect>
      <FilterToggle
        pressed={filters.unscoredByMe}
        onClick={() => onFiltersChange({ unscoredByMe: !filters.unscoredByMe })}
        icon={<CircleDashed aria-hidden="true" />}
        label={t("panel.filters.unscoredByMe")}
      />
    </div>
  );
}
