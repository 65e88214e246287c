import { useCan } from "@web/features/accounts";
import type { MessageId } from "@common/i18n";
import { pageCount } from "@common/pagination";
import { STAGE_MESSAGE } from "@common/schemas/panel";
import type { RegistrationListItem } from "@common/schemas/registrations";
import { Mail, Maximize2, Repeat } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@web/components/ui/button";
import { InviteCallbackDialog } from "@web/features/callbacks";
import { SendCampaignDialog } from "@web/features/campaigns";
import { FastReview, TagsManager } from "@web/features/panel";
import { useT } from "@web/lib/language";
import { hasActiveFilters } from "../hooks/registrations-url";
import type { RegistrationsView } from "../hooks/use-registrations-view";
import { HideUnconfirmedToggle } from "./filter-toggle";
import { ReviewPhotos } from "./photo-viewer";

/** Why the fast review cannot open, said beside its button (issue 32); null while it can, or while the list loads. */
function fastReviewBlocked(view: RegistrationsView): MessageId | null {
  if (view.choosingEvent) return null;
  if (!view.eventId) return "panel.review.needsEvent";
  if (!view.list.data || view.list.data.items.length > 0) return null;
  return hasActiveFilters(view.filters) ? "panel.review.empty" : "panel.review.nothingYet";
}

/**
 * The fast review's "Invitar a callback" (issue 36), for admins: the registrant shown, invited from a
 * dialog beside the review, not inside it, so the review's keys never reach the dialog.
 */
function useReviewInvite(view: RegistrationsView) {
  const t = useT();
  const can = useCan();
  const [inviting, setInviting] = useState<RegistrationListItem | null>(null);
  const allowed = can("callbacks.manage") && view.eventId;
  return {
    action: allowed
      ? (registration: RegistrationListItem) => (
          <Button variant="ghost" size="sm" onClick={() => setInviting(registration)}>
            <Repeat aria-hidden="true" />
            {t("callbacks.invite.button")}
          </Button>
        )
      : undefined,
    dialog: allowed ? (
      <InviteCallbackDialog
        open={inviting !== null}
        onOpenChange={(next) => (next ? null : setInviting(null))}
        eventId={view.eventId}
        people={inviting ? [{ id: inviting.id, fullName: inviting.fullName }] : []}
      />
    ) : null,
  };
}

/** Fast review (issue 23) over the list as filtered: one registrant at a time, page after page. */
function FastReviewLauncher({ view }: { view: RegistrationsView }) {
  const t = useT();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const invite = useReviewInvite(view);
  const { list, page, pageSize } = view;
  const items = list.data?.items ?? [];
  const lastPage = list.data ? pageCount(list.data.total, pageSize) : page;
  const blocked = fastReviewBlocked(view);
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          variant="outline"
          disabled={!view.eventId || items.length === 0}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={() => {
            setIndex(0);
            setOpen(true);
          }}
        >
          <Maximize2 aria-hidden="true" />
          {t("panel.review.open")}
        </Button>
        {blocked ? (
          <p id={reasonId} className="text-sm text-muted-foreground">
            {t(blocked)}
          </p>
        ) : null}
      </div>
      <FastReview
        open={open}
        toolbar={
          <HideUnconfirmedToggle
            filters={view.filters}
            onFiltersChange={(change) => {
              view.changeFilters(change);
              setIndex(0);
            }}
          />
        }
        photos={(registration) => (registration.photos?.length ? <ReviewPhotos registration={registration} /> : null)}
        actions={invite.action}
        onOpenChange={setOpen}
        items={items}
        index={index}
        onIndexChange={setIndex}
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
      {invite.dialog}
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
  const onlyStage = filters.stage !== null && !hasActiveFilters({ ...filters, stage: null });
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
export function PanelToolbar({ view, onCampaignSent }: { view: RegistrationsView; onCampaignSent: () => void }) {
  const can = useCan();
  return (
    <div className="flex flex-wrap gap-2">
      <FastReviewLauncher view={view} />
      {can("tags.manage") ? <TagsManager /> : null}
      {can("campaigns.send") ? <StageCampaignButton view={view} onSent={onCampaignSent} /> : null}
    </div>
  );
}
