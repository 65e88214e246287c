import type { Translate } from "@common/i18n";
import { WEBHOOK_EVENTS, type WEBHOOK_CAPABILITIES, type Webhook, type WebhookEvent } from "@common/schemas/webhooks";

/** What a webhook's payloads may carry. */
export type WebhookCapability = (typeof WEBHOOK_CAPABILITIES)[number];

/** "registration.created" → "registration_created": a dot would nest the catalogue's key. */
type KeyOf<Name extends string> = Name extends `${infer Area}.${infer Action}` ? `${Area}_${Action}` : Name;

/**
 * An event type in the reader's language (`integrations.webhooks.eventTypes.*`); the key's type makes
 * tsc refuse an event without a label. A type this build does not know (a newer server's) shows as it is.
 */
export function eventTypeLabel(t: Translate, name: string): string {
  if (!(WEBHOOK_EVENTS as readonly string[]).includes(name)) return name;
  const key = name.replace(".", "_") as KeyOf<WebhookEvent>;
  return t(`integrations.webhooks.eventTypes.${key}`);
}

/** The events the form offers: every one the server sends. */
export const OFFERED_EVENTS = WEBHOOK_EVENTS;

export type WebhookState = "active" | "failing" | "off" | "failedOff";

/** On and answering, on but failing (not yet a day), turned off by an admin, or by a day of failures. */
export function stateOf(webhook: Pick<Webhook, "enabled" | "disabledReason" | "failingSince">): WebhookState {
  if (webhook.enabled) return webhook.failingSince ? "failing" : "active";
  return webhook.disabledReason === "failing" ? "failedOff" : "off";
}
