import { useT } from "@web/lib/language";
import { isAdmin as isAdminRole } from "@common/roles";
import { useQueryClient } from "@tanstack/react-query";
import { Mail, Maximize2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { PageHeader } from "@web/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useSession } from "@web/features/accounts";
import { CampaignHistory, SendCampaignDialog, useCampaignJump } from "@web/features/campaigns";
import { FastReview, TagsManager } from "@web/features/panel";
import { STAGE_MESSAGE } from "@common/schemas/panel";
import { pageCount } from "@common/pagination";
import { exportSelectedCsvUrl } from "../api/export-csv";
import { registrationsQueryOptions } from "../api/list-registrations";
import { DeleteRegistrationDialog } from "../components/delete-registration-dialog";
import { RegistrationsFilters } from "../components/registrations-filters";
import { RegistrationsHeaderActions } from "../components/registrations-header-actions";
import { LayoutToggle } from "../components/layout-toggle";
import { ReviewPhotos } from "../components/photo-viewer";
import { EmptyState, RegistrationsList } from "../components/registrations-list";
import { WaitlistPanel } from "../components/waitlist-panel";
import { SelectionBar } from "../components/selection-bar";
import { useRegistrationActions } from "../hooks/use-registration-actions";
import { useRegistrationsLayout } from "../hooks/use-registrations-layout";
import { useRegistrationsView, type RegistrationsView } from "../hooks/use-registrations-view";

/** The admin's floating selection bar and the e-mail dialog it opens. */
function AdminSelectionTools({ view, onCampaignSent }: { view: RegistrationsView; onCampaignSent: () => void }) {
  const t = useT();
  const [composing, setComposing] = useState(false);
  const { eventId, selection } = view;
  return (
    <>
      <SelectionBar
        count={selection.selected.size}
        exportUrl={exportSelectedCsvUrl(selection.selected)}
        onClear={selection.clear}
        actions={
          <Button size="sm" onClick={() => setComposing(true)}>
            <Mail aria-hidden="true" />
            {t("campaigns.sendButton")}
          </Button>
        }
      />
      {eventId ? (
        <SendCampaignDialog
          open={composing}
          onOpenChange={setComposing}
          eventId={eventId}
          registrationIds={[...selection.selected]}
          onSent={onCampaignSent}
        />
      ) : null}
    </>
  );
}

/** The two tabs, and beside them the list's layout while the list shows. */
function TabsBar({ layoutToggle }: { layoutToggle: ReactNode }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <TabsList className="w-fit">
        <TabsTrigger value="registrations">{t("registrations.tabs.registrations")}</TabsTrigger>
        <TabsTrigger value="history">{t("registrations.tabs.history")}</TabsTrigger>
        <TabsTrigger value="waitlist">{t("registrations.tabs.waitlist")}</TabsTrigger>
      </TabsList>
      {layoutToggle}
    </div>
  );
}

/** Fast review (issue 23) over the list as filtered: one registrant at a time, page after page. */
function FastReviewLauncher({ view, isAdmin }: { view: RegistrationsView; isAdmin: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const { list, page, pageSize } = view;
  const items = list.data?.items ?? [];
  const lastPage = list.data ? pageCount(list.data.total, pageSize) : page;
  return (
    <>
      <Button
        variant="outline"
        disabled={!view.eventId || items.length === 0}
        onClick={() => {
          setIndex(0);
          setOpen(true);
        }}
      >
        <Maximize2 aria-hidden="true" />
        {t("panel.review.open")}
      </Button>
      <FastReview
        open={open}
        photos={(registration) => (registration.photos?.length ? <ReviewPhotos registration={registration} /> : null)}
        onOpenChange={setOpen}
        items={items}
        index={index}
        onIndexChange={setIndex}
        isAdmin={isAdmin}
        onNextPage={
          page < lastPage
            ? () => {
                view.changePage(page + 1);
                setIndex(0);
              }
            : undefined
        }
        onPreviousPage={
          page > 1
            ? () => {
                view.changePage(page - 1);
                setIndex(pageSize - 1);
              }
            : undefined
        }
      />
    </>
  );
}

/**
 * An admin's e-mail to everyone of the event in the chosen stage (issue 23): offered while the
 * stage is the only filter, so the list's total is who receives it.
 */
function StageCampaignButton({ view, onSent }: { view: RegistrationsView; onSent: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { filters, eventId, list } = view;
  const onlyStage =
    filters.stage !== null &&
    !filters.liked &&
    !filters.attended &&
    !filters.noShow &&
    filters.rating === null &&
    !filters.search.trim() &&
    filters.tag === null &&
    !filters.unscoredByMe &&
    !filters.guardianPending &&
    filters.panelMin === null;
  if (!onlyStage || !eventId || !filters.stage || !list.data) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} disabled={list.data.total === 0}>
        <Mail aria-hidden="true" />
        {t("panel.stageCampaign", { stage: t(STAGE_MESSAGE[filters.stage]) })}
      </Button>
      <SendCampaignDialog
        open={open}
        onOpenChange={setOpen}
        eventId={eventId}
        registrationIds={[]}
        stage={{ stage: filters.stage, count: list.data.total }}
        onSent={onSent}
      />
    </>
  );
}

/** Above the list: the fast review, and for admins the agency's tags and the e-mail to a stage. */
function PanelToolbar({
  view,
  isAdmin,
  onCampaignSent,
}: {
  view: RegistrationsView;
  isAdmin: boolean;
  onCampaignSent: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <FastReviewLauncher view={view} isAdmin={isAdmin} />
      {isAdmin ? <TagsManager /> : null}
      {isAdmin ? <StageCampaignButton view={view} onSent={onCampaignSent} /> : null}
    </div>
  );
}

/** A tab about the chosen event: its content, or the prompt to choose one. */
function EventTab({ value, eventId, children }: { value: string; eventId: string | null; children: (id: string) => ReactNode }) {
  const t = useT();
  return (
    <TabsContent value={value}>
      {eventId ? children(eventId) : <EmptyState>{t("registrations.empty.noEvent")}</EmptyState>}
    </TabsContent>
  );
}

/** SPEC.md §2 "Registrations screen": the event's registrations and its e-mail history. */
export function RegistrationsPage() {
  const t = useT();
  const session = useSession();
  const isAdmin = session.data ? isAdminRole(session.data.role) : false;
  const view = useRegistrationsView();
  const { eventId, list, selection } = view;
  const actions = useRegistrationActions({ onDeleted: (id) => selection.toggle(id, false) });
  const [tab, setTab] = useState("registrations");
  const [layout, setLayout] = useRegistrationsLayout(session.data?.id);
  const { jump, jumpTo } = useCampaignJump();
  const queryClient = useQueryClient();

  const pageIds = list.data?.items.map((item) => item.id) ?? [];
  const selectedOnPage = pageIds.filter((id) => selection.selected.has(id));

  // SPEC.md §4: after a batch is sent the selection clears and the history tab opens.
  const onCampaignSent = () => {
    selection.clear();
    setTab("history");
    // The rows' 'Incluido en N campaña(s)…' badges count the new campaign.
    void queryClient.invalidateQueries({ queryKey: registrationsQueryOptions().queryKey });
  };

  return (
    <div className="grid gap-6 pb-24">
      <PageHeader
        className="mb-0"
        title={eventId && list.data ? t("registrations.heading", { total: list.data.total }) : t("registrations.title")}
        actions={<RegistrationsHeaderActions view={view} isAdmin={isAdmin} />}
      />

      <RegistrationsFilters
        events={view.events.data}
        eventsFailed={view.events.isError}
        eventId={eventId}
        onEventChange={view.changeEvent}
        filters={view.filters}
        onFiltersChange={view.changeFilters}
        selectAll={
          isAdmin
            ? {
                checked: pageIds.length > 0 && selectedOnPage.length === pageIds.length,
                indeterminate: selectedOnPage.length > 0 && selectedOnPage.length < pageIds.length,
                disabled: pageIds.length === 0,
                onChange: (checked) => selection.setSelected(checked ? new Set(pageIds) : new Set()),
              }
            : undefined
        }
      />

      <Tabs value={tab} onValueChange={setTab} className="grid gap-4">
        <TabsBar
          layoutToggle={
            tab === "registrations" && session.data ? <LayoutToggle layout={layout} onLayoutChange={setLayout} /> : null
          }
        />
        <TabsContent value="registrations" className="grid gap-4">
          <PanelToolbar view={view} isAdmin={isAdmin} onCampaignSent={onCampaignSent} />
          <RegistrationsList
            view={view}
            actions={actions}
            isAdmin={isAdmin}
            layout={layout}
            onCampaignSelect={(campaignId, registrationId) => {
              jumpTo(campaignId, registrationId);
              setTab("history");
            }}
          />
        </TabsContent>
        <EventTab value="history" eventId={eventId}>
          {(id) => <CampaignHistory eventId={id} jump={jump} />}
        </EventTab>
        <EventTab value="waitlist" eventId={eventId}>
          {(id) => <WaitlistPanel eventId={id} isAdmin={isAdmin} />}
        </EventTab>
      </Tabs>

      {isAdmin ? <AdminSelectionTools view={view} onCampaignSent={onCampaignSent} /> : null}

      <DeleteRegistrationDialog
        name={actions.deleting?.fullName ?? null}
        busy={actions.deleteBusy}
        onConfirm={actions.confirmDelete}
        onCancel={actions.cancelDelete}
      />
    </div>
  );
}

export const Component = RegistrationsPage;
