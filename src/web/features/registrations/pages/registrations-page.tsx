import { useT } from "@web/lib/language";
import { useQueryClient } from "@tanstack/react-query";
import { Mail, Repeat } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { Loading } from "@web/components/ui/spinner";
import { PageHeader } from "@web/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useCan, useSession } from "@web/features/accounts";
import { InviteCallbackDialog } from "@web/features/callbacks";
import { CampaignHistory, SendCampaignDialog, useCampaignJump } from "@web/features/campaigns";
import { AddToSelectionButton } from "@web/features/selections";
import { exportSelectedCsvUrl } from "../api/export-csv";
import { registrationsQueryOptions } from "../api/list-registrations";
import { DeleteRegistrationDialog } from "../components/delete-registration-dialog";
import { PanelToolbar } from "../components/panel-toolbar";
import { RegistrationsFilters } from "../components/registrations-filters";
import { RegistrationsHeaderActions } from "../components/registrations-header-actions";
import { LayoutToggle } from "../components/layout-toggle";
import { EmptyState, RegistrationsList } from "../components/registrations-list";
import { WaitlistPanel } from "../components/waitlist-panel";
import { SelectionBar } from "../components/selection-bar";
import { useRegistrationActions } from "../hooks/use-registration-actions";
import type { RegistrationsTab } from "../hooks/registrations-url";
import { useShownLayout } from "../hooks/use-registrations-layout";
import { useRegistrationsView, type RegistrationsView } from "../hooks/use-registrations-view";

/** The admin's floating selection bar and what it opens: an e-mail, an invitation to a callback, «Agregar a selección» (issue 36). */
function AdminSelectionTools({ view, onCampaignSent }: { view: RegistrationsView; onCampaignSent: () => void }) {
  const t = useT();
  const can = useCan();
  const [composing, setComposing] = useState(false);
  const [inviting, setInviting] = useState(false);
  const { eventId, selection } = view;
  const names = new Map(view.list.data?.items.map((item) => [item.id, item.fullName]));
  return (
    <>
      <SelectionBar
        count={selection.selected.size}
        exportUrl={exportSelectedCsvUrl(selection.selected)}
        onClear={selection.clear}
        actions={
          <>
            <Button size="sm" onClick={() => setComposing(true)}>
              <Mail aria-hidden="true" />
              {t("campaigns.sendButton")}
            </Button>
            {can("callbacks.manage") && eventId ? (
              <Button size="sm" variant="outline" onClick={() => setInviting(true)}>
                <Repeat aria-hidden="true" />
                {t("callbacks.invite.button")}
              </Button>
            ) : null}
            {can("selections.manage") ? (
              <AddToSelectionButton registrationIds={[...selection.selected]} onAdded={selection.clear} />
            ) : null}
          </>
        }
      />
      {eventId ? (
        <InviteCallbackDialog
          open={inviting}
          onOpenChange={setInviting}
          eventId={eventId}
          people={[...selection.selected].map((id) => ({ id, fullName: names.get(id) ?? id }))}
          onInvited={selection.clear}
        />
      ) : null}
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

/**
 * The two tabs, and beside them the list's layout while the list shows. On a phone the three tabs
 * share the width, each word wrapping inside its own tab, instead of pushing the page wider.
 */
function TabsBar({ layoutToggle }: { layoutToggle: ReactNode }) {
  const t = useT();
  const trigger = "min-w-0 whitespace-normal text-center leading-tight";
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-fit">
        <TabsTrigger className={trigger} value="registrations">
          {t("registrations.tabs.registrations")}
        </TabsTrigger>
        <TabsTrigger className={trigger} value="history">
          {t("registrations.tabs.history")}
        </TabsTrigger>
        <TabsTrigger className={trigger} value="waitlist">
          {t("registrations.tabs.waitlist")}
        </TabsTrigger>
      </TabsList>
      {layoutToggle}
    </div>
  );
}

/** A tab about the chosen event: its content, or the prompt to choose one. */
function EventTab({ value, view, children }: { value: string; view: RegistrationsView; children: (id: string) => ReactNode }) {
  const t = useT();
  return (
    <TabsContent value={value}>
      {view.eventId ? (
        children(view.eventId)
      ) : view.choosingEvent ? (
        <Loading text={t("registrations.loading")} />
      ) : (
        <EmptyState>{t("registrations.empty.noEvent")}</EmptyState>
      )}
    </TabsContent>
  );
}

/** docs/product.md §2 "Registrations screen": the event's registrations and its e-mail history. */
export function RegistrationsPage() {
  const t = useT();
  const session = useSession();
  const can = useCan();
  const view = useRegistrationsView();
  const { eventId, list, selection } = view;
  const actions = useRegistrationActions({ onDeleted: (id) => selection.toggle(id, false) });
  const { tab, changeTab } = view;
  const [layout, setLayout] = useShownLayout(session.data?.id, view);
  const { jump, jumpTo } = useCampaignJump();
  const queryClient = useQueryClient();

  const pageIds = list.data?.items.map((item) => item.id) ?? [];
  const selectedOnPage = pageIds.filter((id) => selection.selected.has(id));

  // docs/product.md §4: after a batch is sent the selection clears and the history tab opens.
  const onCampaignSent = () => {
    selection.clear();
    changeTab("history");
    // The rows' 'Incluido en N campaña(s)…' badges count the new campaign.
    void queryClient.invalidateQueries({ queryKey: registrationsQueryOptions().queryKey });
  };

  return (
    <div className="grid grid-cols-1 gap-6 pb-24">
      <PageHeader
        className="mb-0"
        title={eventId && list.data ? t("registrations.heading", { total: list.data.total }) : t("registrations.title")}
        actions={<RegistrationsHeaderActions view={view} />}
      />

      <RegistrationsFilters
        events={view.events.data}
        eventsFailed={view.events.isError}
        eventId={eventId}
        onEventChange={view.changeEvent}
        filters={view.filters}
        onFiltersChange={view.changeFilters}
        selectAll={
          can("campaigns.send")
            ? {
                checked: pageIds.length > 0 && selectedOnPage.length === pageIds.length,
                indeterminate: selectedOnPage.length > 0 && selectedOnPage.length < pageIds.length,
                disabled: pageIds.length === 0,
                onChange: (checked) => selection.setSelected(checked ? new Set(pageIds) : new Set()),
              }
            : undefined
        }
      />

      <Tabs value={tab} onValueChange={(value) => changeTab(value as RegistrationsTab)} className="grid grid-cols-1 gap-4">
        <TabsBar
          layoutToggle={
            tab === "registrations" && session.data ? <LayoutToggle layout={layout} onLayoutChange={setLayout} /> : null
          }
        />
        <TabsContent value="registrations" className="grid grid-cols-1 gap-4">
          <PanelToolbar view={view} onCampaignSent={onCampaignSent} />
          <RegistrationsList
            view={view}
            actions={actions}
            layout={layout}
            onCampaignSelect={(campaignId, registrationId) => {
              jumpTo(campaignId, registrationId);
              changeTab("history");
            }}
          />
        </TabsContent>
        <EventTab value="history" view={view}>
          {(id) => <CampaignHistory eventId={id} jump={jump} />}
        </EventTab>
        <EventTab value="waitlist" view={view}>
          {(id) => <WaitlistPanel eventId={id} />}
        </EventTab>
      </Tabs>

      {can("campaigns.send") ? <AdminSelectionTools view={view} onCampaignSent={onCampaignSent} /> : null}

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
