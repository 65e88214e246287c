import { useLanguage, useT } from "@web/lib/language";
import { RATING_MAX, REGISTRATION_STAGES, type RegistrationStage } from "@common/constants";
import { STAGE_MESSAGE } from "@common/schemas/panel";
import { useTags } from "@web/features/panel";
import { formatDateFor } from "@common/dates-language";
import type { EventSummary } from "@common/schemas/events";
import { CalendarCheck, CalendarX, CircleDashed, Heart, Search, ShieldAlert } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Checkbox } from "@web/components/ui/checkbox";
import { Input, NativeSelect } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { cn } from "@web/lib/cn";

export interface FilterValues {
  liked: boolean;
  attended: boolean;
  /** 'No vinieron' (issue 20): the opposite of 'Asistieron', so pressing one releases the other. */
  noShow: boolean;
  rating: number | null;
  search: string;
  /** The panel's (issue 23). */
  stage: RegistrationStage | null;
  tag: string | null;
  unscoredByMe: boolean;
  panelMin: number | null;
  sort: "recent" | "panel";
  /** Minors whose guardian has not approved yet ('Falta autorización', issue 18). */
  guardianPending?: boolean;
}

interface RegistrationsFiltersProps {
  events: EventSummary[] | undefined;
  eventsFailed: boolean;
  eventId: string;
  onEventChange: (eventId: string) => void;
  filters: FilterValues;
  onFiltersChange: (change: Partial<FilterValues>) => void;
  /** Admins only: the page's select-all checkbox. */
  selectAll?: { checked: boolean; indeterminate: boolean; disabled: boolean; onChange: (checked: boolean) => void } | undefined;
}

function FilterToggle({
  pressed,
  onClick,
  icon,
  label,
}: {
  pressed: boolean;
  onClick: () => void;
  icon: ReactNode;
  label: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex h-10 items-center gap-2 rounded-md border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4",
        pressed ? "border-primary bg-primary text-primary-foreground" : "border-input bg-card hover:bg-accent",
      )}
    >
      {icon}
      {label}
    </button>
  );
}

function SelectAll({ checked, indeterminate, disabled, onChange }: NonNullable<RegistrationsFiltersProps["selectAll"]>) {
  const t = useT();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const id = useId();
  return (
    <div className="flex h-10 items-center gap-2">
      <Checkbox ref={ref} id={id} checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <Label htmlFor={id}>{t("registrations.selectAll")}</Label>
    </div>
  );
}

function EventSelect({
  events,
  eventsFailed,
  eventId,
  onEventChange,
}: Pick<RegistrationsFiltersProps, "events" | "eventsFailed" | "eventId" | "onEventChange">) {
  const { language, t } = useLanguage();
  const id = useId();
  const chosen = events?.find((event) => event.id === eventId);
  return (
    <div className="grid min-w-0 flex-1 gap-2">
      <Label htmlFor={id}>{t("registrations.eventLabel")}</Label>
      <NativeSelect
        id={id}
        value={eventId}
        onChange={(event) => onEventChange(event.target.value)}
        aria-invalid={eventsFailed || undefined}
      >
        <option value="">{t("registrations.eventPlaceholder")}</option>
        {events?.map((event) => (
          <option key={event.id} value={event.id}>
            {event.eventName} — {formatDateFor(language, event.eventDate)}
          </option>
        ))}
      </NativeSelect>
      {/* A select cannot wrap its text: on a phone the chosen event's whole name and date are
          repeated under it (the select itself already tells a screen reader). */}
      {chosen ? (
        <p className="text-sm font-medium wrap-anywhere sm:hidden" aria-hidden="true" data-testid="chosen-event">
          {chosen.eventName} — {formatDateFor(language, chosen.eventDate)}
        </p>
      ) : null}
      {eventsFailed ? <p className="text-sm text-destructive">{t("registrations.eventsError")}</p> : null}
    </div>
  );
}

function RatingSelect({ filters, onFiltersChange }: Pick<RegistrationsFiltersProps, "filters" | "onFiltersChange">) {
  const t = useT();
  const id = useId();
  return (
    <div className="grid gap-2 lg:w-44">
      <Label htmlFor={id}>{t("registrations.filters.rating")}</Label>
      <NativeSelect
        id={id}
        value={filters.rating ?? ""}
        onChange={(event) => onFiltersChange({ rating: event.target.value ? Number(event.target.value) : null })}
      >
        <option value="">{t("registrations.filters.ratingAll")}</option>
        {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {t("registrations.filters.stars", { stars: "★".repeat(n), count: n })}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function SearchBox({ filters, onFiltersChange }: Pick<RegistrationsFiltersProps, "filters" | "onFiltersChange">) {
  const t = useT();
  const id = useId();
  return (
    <div className="grid flex-1 gap-2">
      <Label htmlFor={id} className="sr-only">
        {t("registrations.filters.search")}
      </Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          className="pl-9"
          placeholder={t("registrations.filters.search")}
          value={filters.search}
          onChange={(event) => onFiltersChange({ search: event.target.value })}
          autoComplete="off"
        />
      </div>
    </div>
  );
}

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
function PanelFilters({ filters, onFiltersChange }: Pick<RegistrationsFiltersProps, "filters" | "onFiltersChange">) {
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

export function RegistrationsFilters(props: RegistrationsFiltersProps) {
  const t = useT();
  const { filters, onFiltersChange, selectAll } = props;
  return (
    <div className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <EventSelect {...props} />
        {selectAll ? <SelectAll {...selectAll} /> : null}
      </div>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="flex flex-wrap gap-2" role="group" aria-label={t("registrations.filters.label")}>
          <FilterToggle
            pressed={filters.liked}
            onClick={() => onFiltersChange({ liked: !filters.liked })}
            icon={<Heart aria-hidden="true" />}
            label={t("registrations.filters.liked")}
          />
          <FilterToggle
            pressed={filters.attended}
            onClick={() => onFiltersChange({ attended: !filters.attended, noShow: false })}
            icon={<CalendarCheck aria-hidden="true" />}
            label={t("registrations.filters.attended")}
          />
          <FilterToggle
            pressed={filters.noShow}
            onClick={() => onFiltersChange({ noShow: !filters.noShow, attended: false })}
            icon={<CalendarX aria-hidden="true" />}
            label={t("registrations.filters.noShow")}
          />
          <FilterToggle
            pressed={Boolean(filters.guardianPending)}
            onClick={() => onFiltersChange({ guardianPending: !filters.guardianPending })}
            icon={<ShieldAlert aria-hidden="true" />}
            label={t("privacy.guardian.filter")}
          />
        </div>
        <RatingSelect filters={filters} onFiltersChange={onFiltersChange} />
        <SearchBox filters={filters} onFiltersChange={onFiltersChange} />
      </div>
      <PanelFilters filters={filters} onFiltersChange={onFiltersChange} />
    </div>
  );
}
