import { useT } from "@web/lib/language";
import { Alert, AlertTitle } from "@web/components/ui/alert";
import { Loading } from "@web/components/ui/spinner";
import { CampaignBadge } from "@web/features/campaigns";
import { RowPanel } from "@web/features/panel";
import { hasActiveFilters } from "../hooks/registrations-url";
import type { RegistrationActions } from "../hooks/use-registration-actions";
import type { RegistrationsLayout } from "../hooks/use-registrations-layout";
import type { RegistrationsView } from "../hooks/use-registrations-view";
import { PaginationBar } from "./pagination-bar";
import { RegistrationRow, type RegistrationRowProps } from "./registration-row";
import { RegistrationSheetButton } from "./registration-sheet-button";
import { CompactRegistrationRow, RegistrationsTable } from "./registrations-table";

export function EmptyState({ children }: { children: string }) {
  return <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">{children}</p>;
}

interface RegistrationsListProps {
  view: RegistrationsView;
  actions: RegistrationActions;
  layout: RegistrationsLayout;
  /** A row's campaign was chosen: show it in the history tab. */
  onCampaignSelect: (campaignId: string, registrationId: string) => void;
}

/** The 'Registros' tab: the page of rows (or why there are none) and the pagination. */
export function RegistrationsList({ view, actions, layout, onCampaignSelect }: RegistrationsListProps) {
  const t = useT();
  const { eventId, list, selection, page, pageSize } = view;
  if (view.choosingEvent) return <Loading text={t("registrations.loading")} />;
  if (!eventId) return <EmptyState>{t("registrations.empty.noEvent")}</EmptyState>;
  if (list.isPending) return <Loading text={t("registrations.loading")} />;
  if (list.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{t("registrations.loadError")}</AlertTitle>
        <p>{list.error.message}</p>
      </Alert>
    );
  }
  const { items, total } = list.data;
  if (items.length === 0) {
    // docs/product.md's text when filters leave nothing; an event nobody registered for yet says so (issue 32).
    return (
      <EmptyState>
        {t(hasActiveFilters(view.filters) ? "registrations.empty.noResults" : "registrations.empty.noRegistrations")}
      </EmptyState>
    );
  }
  // Both layouts get the same props per row: the same actions, permissions and hooks.
  const rows = items.map((item): RegistrationRowProps & { key: string } => ({
    key: item.id,
    registration: item,
    selected: selection.selected.has(item.id),
    onSelectedChange: (checked) => selection.toggle(item.id, checked),
    onReview: (change) => actions.onReview(item.id, change),
    onResend: () => actions.onResend(item.id),
    resending: actions.isResending(item.id),
    onDelete: () => actions.askDelete(item),
    extraActions: item.registrationCode ? <RegistrationSheetButton registrationId={item.id} fullName={item.fullName} /> : null,
    campaigns: <CampaignBadge registrationId={item.id} campaignCount={item.campaignCount} onSelect={onCampaignSelect} />,
    panel: <RowPanel registration={item} />,
  }));
  return (
    <>
      {layout === "compact" ? (
        <RegistrationsTable busy={list.isFetching}>
          {rows.map(({ key, ...row }) => (
            <CompactRegistrationRow key={key} {...row} />
          ))}
        </RegistrationsTable>
      ) : (
        <ul className="grid gap-3" aria-busy={list.isFetching}>
          {rows.map(({ key, ...row }) => (
            <RegistrationRow key={key} {...row} />
          ))}
        </ul>
      )}
      <PaginationBar
        page={page}
        pageSize={pageSize}
        total={total}
        onPageChange={view.changePage}
        onPageSizeChange={view.changePageSize}
      />
    </>
  );
}
