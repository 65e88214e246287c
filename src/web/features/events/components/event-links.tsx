import type { ScoutingEvent } from "@common/schemas/events";
import type { TrackedLink } from "@common/schemas/links";
import { linkShortPath } from "@common/public-paths";
import { slugify } from "@common/slugs";
import { Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { Loading } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api";
import { useT } from "@web/lib/language";
import { useSettings } from "@web/lib/settings";
import { useCreateLink, useDeleteLink, useLinks } from "../api/links";
import { CopyLinkButton } from "./copy-link-button";
import { EventQrDialog } from "./event-qr-dialog";
import { readableLink } from "../hooks/use-event-link";

/**
 * 'Enlaces de seguimiento' (issue 38): the event's tracked links, each with its address, QR code and
 * registrations, on the event's edit page (whose route needs events.manage: creating and deleting them).
 */
type EventOfLinks = Pick<ScoutingEvent, "id" | "slug" | "eventName">;

export function EventLinks({ event }: { event: EventOfLinks }) {
  const t = useT();
  const id = useId();
  const links = useLinks(event.id);
  const create = useCreateLink(event.id);
  const settings = useSettings();
  const origin = settings.data?.publicUrl ?? window.location.origin;
  const [name, setName] = useState("");
  const [slug, setSlug] = useState<string | null>(null);
  const shownSlug = slug ?? (name.trim() ? slugify(name) : "");
  const fields = create.error instanceof ApiError ? (create.error.fields ?? {}) : {};

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    create.mutate(
      { name, slug: shownSlug },
      {
        onSuccess: () => {
          setName("");
          setSlug(null);
          toast.success(t("insights.links.created"));
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.fields)) toast.error(t("insights.links.failed"));
        },
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {t("insights.links.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("insights.links.intro")}</p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field id={`${id}-name`} label={t("insights.links.name")} error={fields.name}>
          <Input {...fieldAria(`${id}-name`, fields.name)} value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field id={`${id}-slug`} label={t("insights.links.slug")} error={fields.slug}>
          <Input {...fieldAria(`${id}-slug`, fields.slug)} value={shownSlug} onChange={(e) => setSlug(e.target.value)} />
        </Field>
        <Button type="submit" disabled={create.isPending}>
          {t("insights.links.add")}
        </Button>
      </form>
      {links.isPending ? (
        <Loading text={t("insights.links.loading")} />
      ) : links.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t("insights.links.loadFailed")}
        </p>
      ) : links.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("insights.links.empty")}</p>
      ) : (
        <ul className="grid gap-3">
          {links.data.map((link) => (
            <LinkItem key={link.id} event={event} link={link} origin={origin} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One link: its name, registrations, address, and what can be done with it. */
function LinkItem({ event, link, origin }: { event: EventOfLinks; link: TrackedLink; origin: string }) {
  const t = useT();
  const remove = useDeleteLink(event.id);
  const url = `${origin}${linkShortPath(event.slug, link.slug)}`;
  const label = `${event.eventName} · ${link.name}`;
  return (
    <li className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium break-words">{link.name}</span>
        <span className="text-sm text-muted-foreground">{t("insights.links.registrations", { count: link.registrations })}</span>
      </div>
      <span className="text-sm break-all">{readableLink(url)}</span>
      <div className="flex flex-wrap gap-2">
        <CopyLinkButton url={url} eventName={label} />
        <EventQrDialog url={url} slug={`${event.slug}-${link.slug}`} eventName={label} />
        <Button
          variant="outline"
          size="sm"
          aria-label={t("insights.links.deleteOf", { name: link.name })}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(link.id, {
              onSuccess: () => toast.success(t("insights.links.deleted")),
              onError: () => toast.error(t("insights.links.failed")),
            })
          }
        >
          <Trash2 aria-hidden="true" />
          {t("insights.links.delete")}
        </Button>
      </div>
    </li>
  );
}
