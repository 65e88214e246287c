/**
 * The public side's caches, all owned here, one of each thing per database: every public service
 * (the API's, the pages', the waiting list's), the page renderer and the share images use the same
 * ones, so a rush reads each thing once per period whichever route asks. No edit clears them: what
 * they hold shows an edit within its period, and what decides a registration (the event active, the
 * slot its own and with room) is read fresh by the registration's statement every time.
 *
 * - `notice`: the current privacy notice (the registration's consent check takes its version, the
 *   `/privacy` page its texts), 1 s.
 * - `registrationContexts`: by event id, what a registration's e-mail says of its event (name, date,
 *   place, the confirmation details the page hides, the slots' times) and its photo setting, 1 s.
 * - `eventPages`: by `id:<id>` or `slug:<slug>`, the registration page's event (what the API's
 *   `GET /api/public/events/:id` answers, its slug and last change), 3 s; misses kept as briefly.
 * - `shareCards`: the share images (PNG) by what they show (an event and its last change, the
 *   language), until pushed out: a different thing from the above, rendered, not read.
 */
import type { PrivacyNotice } from "@common/schemas/privacy";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client";
import { createPrivacyRepository, noticeToApi } from "../privacy/privacy.repository";
import { createPublicRepository, type PublicRepository } from "./public.repository";

/** How long a rush reuses the notice and a registration's context instead of reading them again. */
export const REGISTRATION_CONTEXT_TTL_MS = 1000;
/** How long a rendered registration page's event is reused (a page may be this old). */
export const EVENT_PAGE_TTL_MS = 3000;

export type RegistrationContext = NonNullable<Awaited<ReturnType<PublicRepository["findRegistrationContext"]>>>;
/** The cache's key of an event's page: by its id (`/events/<id>/register`) or its slug (`/e/<slug>`). */
export type EventPageKey = `id:${string}` | `slug:${string}`;

/** Each holder of the page's event passes how to read it (public.pages.ts): the reading needs the service. */
type EventPageLoader<T> = (key: EventPageKey) => Promise<T>;

function createPublicCaches(db: Db) {
  const privacy = createPrivacyRepository(db);
  const repo = createPublicRepository(db);
  const notice = new LRUCache<"current", PrivacyNotice>({
    max: 1,
    ttl: REGISTRATION_CONTEXT_TTL_MS,
    fetchMethod: async () => noticeToApi(await privacy.currentNotice()),
  });
  // Misses (an unknown or inactive event) and failed reads are not kept; a rush shares one read.
  const registrationContexts = new LRUCache<string, RegistrationContext>({
    max: 1000,
    ttl: REGISTRATION_CONTEXT_TTL_MS,
    fetchMethod: (eventId) => repo.findRegistrationContext(eventId),
  });
  const eventPages = new LRUCache<EventPageKey, object, EventPageLoader<object>>({
    max: 500,
    ttl: EVENT_PAGE_TTL_MS,
    fetchMethod: (key, _stale, { context }) => context(key),
  });
  const shareCards = new LRUCache<string, Promise<Buffer>>({ max: 200 });
  return {
    currentNotice: async () => (await notice.fetch("current"))!,
    currentNoticeVersion: async () => (await notice.fetch("current"))!.version,
    registrationContext: (eventId: string, options: { fresh?: boolean } = {}) =>
      registrationContexts.fetch(eventId, { forceRefresh: options.fresh ?? false }),
    eventPage: async <T extends object>(key: EventPageKey, load: EventPageLoader<T>) =>
      (await eventPages.fetch(key, { context: load })) as T | undefined,
    /** A share image (~50 KB) made once per key; a failed rendering is not kept. */
    shareCard(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
      const hit = shareCards.get(key);
      if (hit) return hit;
      const made = make();
      shareCards.set(key, made);
      made.catch(() => shareCards.delete(key));
      return made;
    },
  };
}

export type PublicCaches = ReturnType<typeof createPublicCaches>;

const cachesOf = new WeakMap<Db, PublicCaches>();

/** The public caches of this database (made on first use; a test's own database gets its own). */
export function publicCaches(db: Db): PublicCaches {
  let caches = cachesOf.get(db);
  if (!caches) cachesOf.set(db, (caches = createPublicCaches(db)));
  return caches;
}
