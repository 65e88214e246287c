/**
 * Recording an event for the webhooks (issue 37): one delivery row per endpoint that wants the
 * event, written by the change's own transaction (like the mail outbox), so an event exists
 * exactly when its change committed. Without such an endpoint the statement writes nothing.
 *
 * `data` holds the event's facts only (ids, stages, slots): the registration itself is read when the
 * delivery is sent, as its endpoint may see it (webhooks.payload.ts).
 */
import type { WebhookEvent } from "@common/schemas/webhooks";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/**
 * The endpoints that take events: the enabled ones, and those disabled after a day of failures,
 * whose events wait for them to be enabled again (none is lost). One an admin turned off takes none.
 */
const TAKES_EVENTS = "(e.enabled or e.disabled_reason = 'failing')";

export interface WebhookEventRecord {
  type: WebhookEvent;
  /** The registration (or waiting-list entry) it is about: its deliveries go out in order. */
  subjectId: string;
  data: Record<string, unknown>;
}

export async function recordWebhookEvent(tx: DbOrTx, event: WebhookEventRecord): Promise<void> {
  await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, event_type, subject_id, data)
    select e.id, ${event.type}, ${event.subjectId}::uuid, ${JSON.stringify(event.data)}::jsonb
    from webhook_endpoints e
    where ${sql.raw(TAKES_EVENTS)} and ${event.type} = any(e.events)`);
}

/** Events of one type about many subjects (an event edit moving its slots' registrations), in one statement. */
export async function recordWebhookEvents(
  tx: DbOrTx,
  type: WebhookEvent,
  events: Array<Omit<WebhookEventRecord, "type">>,
): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, event_type, subject_id, data)
    select e.id, ${type}, (x.value->>'subjectId')::uuid, x.value->'data'
    from jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as x, webhook_endpoints e
    where ${sql.raw(TAKES_EVENTS)} and ${type} = any(e.events)
    order by x.ordinality`);
}

/**
 * The same insert as a data-modifying CTE of a larger statement (the public registration, a
 * check-in), for a subject and data that are SQL expressions over the statement's own rows.
 */
export function webhookEventCte(type: WebhookEvent, from: string, subject: string, data: string): string {
  return `
    insert into webhook_deliveries (endpoint_id, event_type, subject_id, data)
    select e.id, '${type}', ${subject}, ${data}
    from ${from}, webhook_endpoints e
    where ${TAKES_EVENTS} and '${type}' = any(e.events)`;
}

/** `registration.created` in the public registration's statement, over its `registration` CTE's returned row. */
export const REGISTRATION_CREATED_CTE = webhookEventCte(
  "registration.created",
  "registration",
  "registration.id",
  `jsonb_build_object('registrationId', registration.id, 'eventId', registration.event_id,
    'timeslotId', registration.timeslot_id, 'source', registration.source)`,
);

/**
 * An erasure (docs/product.md §18): what the registration's earlier events recorded beyond its ids
 * goes (its source, stages, arrival time), delivered or not, and `registration.erased` is recorded,
 * carrying the id only, so a receiver erases too.
 */
export async function recordErasure(tx: DbOrTx, registrationId: string): Promise<void> {
  await tx.execute(sql`
    update webhook_deliveries
    set data = jsonb_build_object('registrationId', subject_id, 'eventId', data->'eventId')
    where endpoint_id in (select id from webhook_endpoints) and subject_id = ${registrationId}::uuid`);
  await recordWebhookEvent(tx, { type: "registration.erased", subjectId: registrationId, data: { registrationId } });
}
