/**
 * Scouting events: reading, creating and editing an event together with its slots.
 * Each write is one transaction; an edit locks the event and its slots so that it cannot race
 * with a registration taking a place in a slot (see timeslots.repository.ts).
 */
import type { CreateEventBody, EventSummary, ScoutingEvent, Timeslot, UpdateEventBody } from "@common/schemas/events";
import { DEFAULT_PHOTO_SETTING } from "@common/photos";
import { pgErrorCode, PG_FOREIGN_KEY_VIOLATION, type Db, type DbOrTx, type Tx } from "../../db/client";
import type { ScoutingEventRow } from "../../db/schema";
import { eventErrors } from "./events.errors";
import { createEventsRepository, type EventsRepository } from "./events.repository";
import { nextScoutingId } from "./scouting-id.generator";
import { freeSlugFor, isSlugTaken } from "./event-slug.generator";
import type { NoticeConfig } from "../registrations/registrations.notices";
import { offerFreedSpots, type OfferConfig } from "../waitlist/waitlist.offers";
import { lockRetimedRegistrations, rescheduleRetimed } from "./events.retime";
import { createTimeslotsRepository, timeslotLabel, type TimeslotsRepository } from "./timeslots.repository";

export type EventsService = ReturnType<typeof createEventsService>;

/** Tries of a create whose generated short address another create took meanwhile. */
const SLUG_ATTEMPTS = 5;

/**
 * Runs a write that sets a short address: a slug another event holds is 409 `slug_taken` when the
 * person chose it; a generated one taken by a create racing this one is generated again.
 */
async function withSlug<T>(chosen: string | undefined, write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isSlugTaken(error)) throw error;
      if (chosen !== undefined) throw eventErrors.slugTaken(chosen);
      if (attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

function toEvent(row: ScoutingEventRow, registrationCount: number, timeslots: Timeslot[]): ScoutingEvent {
  return {
    id: row.id,
    scoutingId: row.scoutingId,
    slug: row.slug,
    eventName: row.eventName,
    eventDate: row.eventDate,
    location: row.location,
    description: row.description,
    confirmationDetails: row.confirmationDetails,
    status: row.status,
    photos: row.photos,
    kind: row.kind,
    callbackOf: row.callbackOf,
    walkIns: { enabled: row.walkInsEnabled, dailyCap: row.walkInsDailyCap },
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    registrationCount,
    timeslots,
  };
}

type EventTimeslot = Awaited<ReturnType<TimeslotsRepository["lockAllOfEvent"]>>[number];

/**
 * The slots an edit removes (the existing ones it does not list). Refuses, before anything is
 * written: an id that is not one of the event's slots, or listed twice; a capacity below the
 * registrations a slot holds, unless confirmed (409 `capacity_below_registrations`); a capacity
 * lowered below its registrations and the spots offered to its waiting list (409
 * `capacity_below_held_offers`); the removal of a slot that holds registrations (409
 * `timeslot_in_use`) or people waiting (409 `timeslot_has_waitlist`).
 */
async function slotsToRemove(slotsRepo: TimeslotsRepository, existing: EventTimeslot[], input: UpdateEventBody, tx: DbOrTx) {
  const existingIds = new Set(existing.map((slot) => slot.id));

  const seen = new Set<string>();
  input.timeslots.forEach((slot, index) => {
    if (slot.id === undefined) return;
    if (!existingIds.has(slot.id) || seen.has(slot.id)) {
      throw eventErrors.foreignTimeslot(index);
    }
    seen.add(slot.id);
  });

  const byId = new Map(existing.map((slot) => [slot.id, slot]));
  for (const { id, capacity } of input.timeslots) {
    const current = id === undefined ? undefined : byId.get(id);
    if (!current) continue;
    // Spots offered to the waiting list are promised until answered or expired: no confirmation
    // lowers a capacity below them (an acceptance would then find no room).
    if (current.heldCount > 0 && capacity < current.capacity && capacity < current.registeredCount + current.heldCount) {
      throw eventErrors.capacityBelowHeldOffers(timeslotLabel(current), current.registeredCount, current.heldCount);
    }
    if (!input.confirmCapacityBelowRegistrations && capacity < current.registeredCount) {
      throw eventErrors.capacityBelowRegistrations(timeslotLabel(current), current.registeredCount);
    }
  }

  const removed = existing.filter((slot) => !seen.has(slot.id));
  const held = await slotsRepo.countRegistrationsBySlot(
    removed.map((slot) => slot.id),
    tx,
  );
  const inUse = removed.find((slot) => (held.get(slot.id) ?? 0) > 0);
  if (inUse) {
    throw eventErrors.timeslotInUse(timeslotLabel(inUse), held.get(inUse.id) ?? 0);
  }
  // Nor is anyone waiting for a spot lost with their slot (issue 19): refused like registrations.
  const waiting = await slotsRepo.countWaitingBySlot(
    removed.map((slot) => slot.id),
    tx,
  );
  const awaited = removed.find((slot) => (waiting.get(slot.id) ?? 0) > 0);
  if (awaited) {
    throw eventErrors.timeslotHasWaitlist(timeslotLabel(awaited), waiting.get(awaited.id) ?? 0);
  }

  return removed;
}

/** Updates the listed slots, removes the unlisted ones and adds the new ones. */
async function writeSlots(
  eventsRepo: EventsRepository,
  eventId: string,
  input: UpdateEventBody,
  removed: EventTimeslot[],
  tx: DbOrTx,
) {
  for (const { id: slotId, startTime, endTime, capacity } of input.timeslots) {
    if (slotId !== undefined) await eventsRepo.updateTimeslot(slotId, { startTime, endTime, capacity }, tx);
  }
  try {
    await eventsRepo.deleteTimeslots(
      removed.map((slot) => slot.id),
      tx,
    );
  } catch (error) {
    // Unreachable while every writer locks the slot first; the foreign key still has the last word.
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
      throw eventErrors.timeslotInUseGeneric();
    }
    throw error;
  }
  await eventsRepo.insertTimeslots(
    eventId,
    input.timeslots
      .filter((slot) => slot.id === undefined)
      .map(({ startTime, endTime, capacity }) => ({ startTime, endTime, capacity })),
    tx,
  );
}

/**
 * Room an edit made (a capacity raised, the event reopened) goes to each slot's waiting list; a new
 * slot has no line of its own, and takes the event's (issue 19).
 */
async function offerRoomMade(
  tx: Tx,
  config: OfferConfig,
  slotsRepo: TimeslotsRepository,
  eventId: string,
  before: EventTimeslot[],
) {
  const kept = new Set(before.map((slot) => slot.id));
  const after = await slotsRepo.lockAllOfEvent(eventId, tx);
  await offerFreedSpots(
    tx,
    config,
    after.filter((slot) => kept.has(slot.id)).map((slot) => slot.id),
  );
  await offerFreedSpots(
    tx,
    config,
    after.filter((slot) => !kept.has(slot.id)).map((slot) => slot.id),
    { eventWide: true },
  );
}

/** The new event's row and slots. A callback's open call must exist and be an open call (issue 36). */
async function insertEvent(eventsRepo: EventsRepository, input: CreateEventBody, createdBy: string, tx: Tx) {
  if (input.callbackOf && (await eventsRepo.findKind(input.callbackOf, tx)) !== "open") throw eventErrors.openCallNotFound();
  const event = await eventsRepo.insert(
    {
      scoutingId: await nextScoutingId(tx, input.eventDate),
      slug: input.slug ?? (await freeSlugFor(tx, input.eventName)),
      eventName: input.eventName,
      eventDate: input.eventDate,
      location: input.location,
      description: input.description,
      confirmationDetails: input.confirmationDetails,
      photos: input.photos ?? DEFAULT_PHOTO_SETTING,
      kind: input.kind ?? "open",
      callbackOf: input.callbackOf ?? null,
      walkInsEnabled: input.walkIns?.enabled ?? false,
      walkInsDailyCap: input.walkIns?.dailyCap ?? null,
      createdBy,
    },
    tx,
  );
  await eventsRepo.insertTimeslots(
    event.id,
    input.timeslots.map(({ startTime, endTime, capacity }) => ({ startTime, endTime, capacity })),
    tx,
  );
  return event;
}

/** An edit that leaves the kind and the open call as they are (absent: unchanged). */
function sameKind(event: ScoutingEventRow, input: UpdateEventBody): boolean {
  if (input.kind === undefined && input.callbackOf === undefined) return true;
  return input.kind === event.kind && (input.callbackOf ?? null) === event.callbackOf;
}

export function createEventsService(db: Db, config: OfferConfig & NoticeConfig) {
  const eventsRepo = createEventsRepository(db);
  const slotsRepo = createTimeslotsRepository(db);

  async function readEvent(id: string, tx: DbOrTx = db): Promise<ScoutingEvent> {
    const found = await eventsRepo.findWithCount(id, tx);
    if (!found) throw eventErrors.notFound();
    const slots = await slotsRepo.listByEvents([id], tx);
    return toEvent(found.event, found.registrationCount, slots.get(id) ?? []);
  }

  return {
    /** Every event with its slots and counts, by event date. */
    async list(): Promise<ScoutingEvent[]> {
      const rows = await eventsRepo.listWithCounts();
      const slots = await slotsRepo.listByEvents(rows.map((row) => row.event.id));
      return rows.map(({ event, registrationCount }) => toEvent(event, registrationCount, slots.get(event.id) ?? []));
    },

    async listSummaries(): Promise<EventSummary[]> {
      return eventsRepo.listSummaries();
    },

    get: (id: string) => readEvent(id),

    /** A new event is active; its Event ID is generated, and its short address unless given. */
    async create(input: CreateEventBody, createdBy: string): Promise<ScoutingEvent> {
      return withSlug(input.slug, () =>
        db.transaction(async (tx) => readEvent((await insertEvent(eventsRepo, input, createdBy, tx)).id, tx)),
      );
    },

    /**
     * Saves the event and its full slot list at once: slots with an id are updated, without one
     * added, missing ones removed. Removing a slot that holds registrations or people waiting is
     * refused (409) and nothing changes; so is a capacity below the registrations held, unless the
     * body confirms it, and one below the registrations and held offers. Registrations whose time
     * changes get their updated invite and notice (events.retime.ts); room made goes to the lines.
     * A short address another event has is refused (409 `slug_taken`).
     */
    async update(id: string, input: UpdateEventBody, now = new Date()): Promise<ScoutingEvent> {
      return withSlug(input.slug, () =>
        db.transaction(async (tx) => {
          const event = await eventsRepo.lockForEdit(id, tx);
          if (!event) throw eventErrors.notFound();
          if (!sameKind(event, input)) throw eventErrors.kindFixed();
          const retimed = await lockRetimedRegistrations(tx, event, input);
          const existing = await slotsRepo.lockAllOfEvent(id, tx);
          const removed = await slotsToRemove(slotsRepo, existing, input, tx);

          await eventsRepo.update(
            id,
            {
              eventName: input.eventName,
              eventDate: input.eventDate,
              location: input.location,
              description: input.description,
              confirmationDetails: input.confirmationDetails,
              status: input.status,
              ...(input.photos ? { photos: input.photos } : {}),
              ...(input.slug ? { slug: input.slug } : {}),
              ...(input.walkIns ? { walkInsEnabled: input.walkIns.enabled, walkInsDailyCap: input.walkIns.dailyCap } : {}),
            },
            tx,
          );
          await writeSlots(eventsRepo, id, input, removed, tx);
          await rescheduleRetimed(tx, config, retimed, now);
          await offerRoomMade(tx, config, slotsRepo, id, existing);
          return readEvent(id, tx);
        }),
      );
    },
  };
}
