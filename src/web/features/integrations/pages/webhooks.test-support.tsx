/** The webhooks screen's tests: endpoints and deliveries as the server answers them, and the page served. */
import type { Role } from "@common/permissions";
import type { Webhook, WebhookDelivery } from "@common/schemas/webhooks";
import { Toaster } from "sonner";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { sessionReply } from "@web/test/session";
import { WebhooksPage } from "./webhooks-page";

export const webhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: "5b0c6a52-5d1e-4a53-9a43-3f0b5a1f0001",
  url: "https://crm.example.com/opencall",
  events: ["registration.created", "checkin.created"],
  permissions: ["registrations.read"],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretUntil: null,
  createdAt: "2026-11-20T13:00:00.000Z",
  createdBy: { id: "u1", name: "Ana" },
  pending: 0,
  ...overrides,
});

export const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 41,
  messageId: "msg_2p5Qk1",
  eventType: "registration.created",
  status: "delivered",
  attempts: 1,
  occurredAt: "2026-11-25T18:30:00.000Z",
  lastAttemptAt: "2026-11-25T18:30:01.000Z",
  nextAttemptAt: null,
  responseStatus: 200,
  durationMs: 84,
  lastError: null,
  deliveredAt: "2026-11-25T18:30:01.000Z",
  ...overrides,
});

export function renderPage(path = "/w") {
  return renderRoutes(
    [
      {
        path: "/w",
        element: (
          <>
            <WebhooksPage />
            <Toaster />
          </>
        ),
      },
    ],
    path,
  );
}

/**
 * The session and GET /api/webhooks answering `store.webhooks` as it is at each call (a test's
 * handlers in `more` change it as the server would), counting the calls.
 */
export function serve(role: Role, webhooks: Webhook[], more: (store: Store) => Parameters<typeof mockFetch>[0] = () => ({})) {
  const store: Store = { webhooks: [...webhooks], gets: 0 };
  const fetchMock = mockFetch({
    "GET /api/session": () => sessionReply(role),
    "GET /api/webhooks": () => {
      store.gets += 1;
      return { status: 200, body: { items: store.webhooks } };
    },
    ...more(store),
  });
  /** The calls made with `method`: their path (with the query) and body. */
  const calls = (method: string) =>
    fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? "GET") === method)
      .map(([input, init]) => ({
        path: String(input),
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      }));
  return { store, fetchMock, calls };
}

export interface Store {
  webhooks: Webhook[];
  gets: number;
}
