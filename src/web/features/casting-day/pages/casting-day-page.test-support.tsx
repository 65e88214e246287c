/** The casting-day page's tests: the event, its passes and screens as the API answers them, and the page. */
import type { ScoutingEvent } from "@common/schemas/events";
import { screen, within } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, beforeEach, vi } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { sessionReply } from "@web/test/session";
import type { DisplayKey } from "../api/list-display-keys";
import type { DoorPass } from "../api/list-door-passes";
import { EVENT_ID } from "../casting-day.test-support";
import { CastingDayPage } from "./casting-day-page";

export const EVENT: ScoutingEvent = {
  id: EVENT_ID,
  scoutingId: "EV-2026-0007",
  kind: "open",
  callbackOf: null,
  slug: "casting-de-otono",
  eventName: "Casting de otoño",
  eventDate: "2026-03-05",
  location: "Av. Corrientes 1234, CABA",
  description: "",
  confirmationDetails: "",
  status: "active",
  photos: "required",
  walkIns: { enabled: true, dailyCap: 80 },
  createdBy: null,
  createdAt: "2026-01-10T12:00:00.000Z",
  registrationCount: 3,
  timeslots: [],
};

export const pass = (overrides: Partial<DoorPass> = {}): DoorPass => ({
  id: "7a000000-0000-4000-8000-000000000001",
  name: "Juli",
  expiresAt: "2026-03-05T21:00:00.000Z",
  lastUsedAt: null,
  createdAt: "2026-03-05T12:00:00.000Z",
  createdBy: { id: "u1", fullName: "Ana" },
  ...overrides,
});

export const screenKey = (overrides: Partial<DisplayKey> = {}): DisplayKey => ({
  id: "7b000000-0000-4000-8000-000000000001",
  name: "TV de la entrada",
  createdAt: "2026-03-05T12:30:00.000Z",
  ...overrides,
});

/** The event, and each list answering the next of its replies (the last one again). */
export function serve({
  event = EVENT,
  passes = [[]],
  keys = [[]],
  more = {},
}: {
  event?: ScoutingEvent;
  passes?: DoorPass[][];
  keys?: DisplayKey[][];
  more?: Parameters<typeof mockFetch>[0];
}) {
  let passReads = 0;
  let keyReads = 0;
  return mockFetch({
    "GET /api/session": () => sessionReply("admin"),
    [`GET /api/events/${EVENT_ID}`]: () => ({ status: 200, body: event }),
    [`GET /api/events/${EVENT_ID}/door-passes`]: () => ({
      status: 200,
      body: { items: passes[Math.min(passReads++, passes.length - 1)] },
    }),
    [`GET /api/events/${EVENT_ID}/display-keys`]: () => ({
      status: 200,
      body: { items: keys[Math.min(keyReads++, keys.length - 1)] },
    }),
    ...more,
  });
}

export function renderPage() {
  return renderRoutes(
    [
      {
        path: "/dashboard/scouting/events/:eventId/casting-day",
        element: (
          <>
            <CastingDayPage />
            <Toaster />
          </>
        ),
      },
    ],
    `/dashboard/scouting/events/${EVENT_ID}/casting-day`,
  );
}

/** The card under a section's heading. */
export const card = async (title: string) =>
  within((await screen.findByRole("heading", { level: 2, name: title })).closest<HTMLElement>("div.rounded-xl")!);

/** 10:00 in Buenos Aires on the event's day; only the clock is fake (timers run). */
export function atTenOnTheEventsDay() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-05T13:00:00.000Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
