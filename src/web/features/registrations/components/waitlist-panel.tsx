import { useCan } from "@web/features/accounts";
import { formatTimeRange } from "@common/dates";
import { formatDateTimeFor } from "@common/dates-language";
import type { StaffWaitlist } from "@common/schemas/self-service";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api";
import { useLanguage } from "@web/lib/language";
import { useOfferSpot, useRemoveFromWaitlist, useWaitlist } from "../api/waitlist";
import { EmptyState } from "./registrations-list";
import { RemoveWaitlistEntryDialog } from "./remove-waitlist-entry-dialog";

type Entry = StaffWaitlist["timeslots"][number]["entries"][number];

/**
 * The event's waiting list (issue 19), slot by slot, first in line first; admins offer a spot by
 * hand, or take someone off the line after confirming.
 */
export function WaitlistPanel({ eventId }: { eventId: string }) {
  const { t } = useLanguage();
  const can = useCan();
  const waitlist = useWaitlist(eventId);
  const remove = useRemoveFromWaitlist(eventId);
  const [removing, setRemoving] = useState<Entry | null>(null);
  const confirmRemove = () => {
    if (!removing) return;
    const { id, fullName } = removing;
    remove.mutate(id, {
      onSuccess: () => toast.success(t("registrations.waitlist.removeDone", { name: fullName })),
      onError: (error) => toast.error(error instanceof ApiError ? error.message : t("common.errors.internal")),
      onSettled: () => setRemoving(null),
    });
  };
  if (!waitlist.data) return <EmptyState>{waitlist.isError ? t("common.errors.internal") : t("common.loading")}</EmptyState>;
  const slots = waitlist.data.timeslots;
  if (slots.every((slot) => slot.entries.length === 0)) return <EmptyState>{t("registrations.waitlist.empty")}</EmptyState>;
  return (
    <div className="grid gap-4">
      {slots.map((slot) => (
        <section key={slot.id} aria-labelledby={`waitlist-${slot.id}`} className="grid gap-2 rounded-lg border bg-card p-4">
          <h2 id={`waitlist-${slot.id}`} className="font-semibold tabular-nums">
            {formatTimeRange(slot.startTime, slot.endTime)}
          </h2>
          {slot.entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("registrations.waitlist.slotEmpty")}</p>
          ) : (
            <ol className="grid gap-2">
              {slot.entries.map((entry, index) => (
                <WaitlistRow
                  key={entry.id}
                  entry={entry}
                  position={index + 1}
                  eventId={eventId}
                  onRemove={can("events.manage") ? () => setRemoving(entry) : undefined}
                />
              ))}
            </ol>
          )}
        </section>
      ))}
      <RemoveWaitlistEntryDialog
        entry={removing}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

function WaitlistRow({
  entry,
  position,
  eventId,
  onRemove,
}: {
  entry: Entry;
  position: number;
  eventId: string;
  /** Admins only: opens the confirmation. */
  onRemove: (() => void) | undefined;
}) {
  const { t, language } = useLanguage();
  const offer = useOfferSpot(eventId);
  const offerSpot = () =>
    offer.mutate(entry.id, {
      onSuccess: () => toast.success(t("registrations.waitlist.offerDone", { name: entry.fullName })),
      onError: (error) => toast.error(error instanceof ApiError ? error.message : t("common.errors.internal")),
    });
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t pt-2 first:border-t-0 first:pt-0">
      <span className="text-sm text-muted-foreground tabular-nums">{t("registrations.waitlist.position", { position })}</span>
      <span className="font-medium">{entry.fullName}</span>
      <span className="text-sm text-muted-foreground break-all">{entry.email}</span>
      {entry.status === "offered" ? (
        <Badge tone="blue">
          {t("registrations.waitlist.offered", { expires: formatDateTimeFor(language, entry.offerExpiresAt ?? new Date()) })}
        </Badge>
      ) : (
        <Badge tone="neutral">{t("registrations.waitlist.waiting")}</Badge>
      )}
      {entry.emailVerified ? <Badge tone="green">{t("registrations.waitlist.verified")}</Badge> : null}
      {onRemove ? (
        <span className="ms-auto flex gap-2">
          {entry.status === "waiting" ? (
            <Button
              size="sm"
              variant="outline"
              onClick={offerSpot}
              disabled={offer.isPending}
              aria-label={t("registrations.waitlist.offerLabel", { name: entry.fullName })}
            >
              {t("registrations.waitlist.offer")}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            onClick={onRemove}
            aria-label={t("registrations.waitlist.removeLabel", { name: entry.fullName })}
          >
            {t("registrations.waitlist.remove")}
          </Button>
        </span>
      ) : null}
    </li>
  );
}
