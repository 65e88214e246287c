/**
 * Where focus goes on the webhooks' screen when what held it goes away: a deleted endpoint's card,
 * a closed dialog whose result shows elsewhere, the deliveries' panel closing.
 */
export const WEBHOOKS_LIST_TITLE_ID = "webhooks-list-title";
/** The field holding a secret just made (creation or rotation). */
export const WEBHOOK_SECRET_FIELD_ID = "webhook-secret";
export const DELIVERIES_TITLE_ID = "webhook-deliveries-title";
/** An endpoint's «Entregas» link, where focus returns when its deliveries close. */
export const deliveriesLinkId = (webhookId: string) => `webhook-${webhookId}-deliveries`;

/** Focus an element once React has rendered it. */
export const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
