/**
 * Tracked links (issue 38): staff name a link per post; `/e/<event slug>/<link slug>` serves the
 * registration page, which sends the link's slug as the registration's `source`. Deleting a link
 * leaves the registrations that came through it as they are (their source is their own record).
 */
import type { CreateLinkInput, TrackedLink } from "@common/schemas/links";
import type { Db } from "../../db/client";
import type { TrackedLinkRow } from "../../db/schema";
import { createEventsRepository } from "../events/events.repository";
import { eventErrors } from "../events/events.errors";
import { linkErrors } from "./links.errors";
import { createLinksRepository } from "./links.repository";

const toLink = (link: TrackedLinkRow, registrations: number): TrackedLink => ({
  id: link.id,
  eventId: link.eventId,
  name: link.name,
  slug: link.slug,
  createdAt: link.createdAt.toISOString(),
  registrations,
});

export function createLinksService(db: Db) {
  const repo = createLinksRepository(db);
  const events = createEventsRepository(db);

  async function requireEvent(eventId: string) {
    if (!(await events.findWithCount(eventId))) throw eventErrors.notFound();
  }

  return {
    async list(eventId: string): Promise<TrackedLink[]> {
      await requireEvent(eventId);
      const rows = await repo.list(eventId);
      return rows.map((row) => toLink(row.link, row.registrations));
    },

    async create(eventId: string, input: Required<CreateLinkInput>): Promise<TrackedLink> {
      await requireEvent(eventId);
      const row = await repo.insert({ eventId, name: input.name, slug: input.slug });
      if (!row) throw linkErrors.slugTaken(input.slug);
      return toLink(row, 0);
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw linkErrors.notFound();
    },
  };
}
