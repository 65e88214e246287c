import { useLanguage, useT } from "@web/lib/language";
import { RATING_MAX, type RegistrationStage } from "@common/constants";
import { formatDateFor } from "@common/dates-language";
import type { EventSummary } from "@common/schemas/events";
import { CalendarCheck, CalendarX, Heart, Search, ShieldAlert } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Checkbox } from "@web/components/ui/checkbox";
import { Input, NativeSelect } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { FilterToggle, HideUnconfirmedToggle } from "./filter-toggle";
import { PanelFilters } from "./panel-filters";

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
  guardianPending: boolean;
  /** Leaves out the cancelled and the unverified (issue 32): what the fast review goes through too. */
  hideUnconfirmed: boolean;
}

export interface RegistrationsFiltersProps {
  events: EventSummary[] | undefined;
  eventsFailed: boolean;
  eventId: string;
  onEventChange: (eventId: string) => void;
  filters: FilterValues;
  onFiltersChange: (change: Partial<FilterValues>) => void;
  /** Admins only: the page's select-all checkbox. */
  selectAll?: { checked: boolean; indeterminate: boolean; disabled: boolean; onChange: (checked: boolean) => void } | undefined;
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
    <div className="grid gap-2 md:w-44">
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
    <div className="grid min-w-0 flex-1 gap-2">
      <Label htmlFor={id}>{t("registrations.search.label")}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          className="pl-9"
          placeholder={t("registrations.search.placeholder")}
          value={filters.search}
          onChange={(event) => onFiltersChange({ search: event.target.value })}
          autoComplete="off"
        />
      </div>
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
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <SearchBox filters={filters} onFiltersChange={onFiltersChange} />
        <RatingSelect filters={filters} onFiltersChange={onFiltersChange} />
      </div>
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
          pressed={filters.guardianPending}
          onClick={() => onFiltersChange({ guardianPending: !filters.guardianPending })}
          icon={<ShieldAlert aria-hidden="true" />}
          label={t("privacy.guardian.filter")}
        />
        <HideUnconfirmedToggle filters={filters} onFiltersChange={onFiltersChange} />
      </div>
      <PanelFilters filters={filters} onFiltersChange={onFiltersChange} />
    </div>
  );
}
