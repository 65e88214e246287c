import { useT } from "@web/lib/language";
import type { ScoutingEvent } from "@common/schemas/events";
import { Link2 } from "lucide-react";
import { readableLink } from "../hooks/use-event-link";
import { CopyLinkButton } from "./copy-link-button";
import { EventPosterButton } from "./event-poster-button";
import { EventQrDialog } from "./event-qr-dialog";

/** The event's short address as a card shows it: what a person reads out or types. */
export function EventShortAddress({ link }: { link: string }) {
  const t = useT();
  return (
    <p className="flex items-start gap-2">
      <Link2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">{t("events.list.shortAddress")}: </span>
      <span className="min-w-0 font-mono text-xs leading-5 wrap-anywhere">{readableLink(link)}</span>
    </p>
  );
}

/** The short address to share (issue 32): copied, as a QR code, on a printable poster. */
export function EventLinkActions({ event, link }: { event: ScoutingEvent; link: string }) {
  return (
    <div className="grid grid-cols-2 gap-2 px-5 pb-4 sm:px-6">
      <CopyLinkButton url={link} eventName={event.eventName} className="col-span-2" />
      <EventQrDialog url={link} slug={event.slug} eventName={event.eventName} />
      <EventPosterButton event={event} url={link} />
    </div>
  );
}
