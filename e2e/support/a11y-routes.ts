/**
 * The a11y journey's routes (e2e/a11y.spec.ts): what a route case is, and the screens of the casting
 * day (issue 35) and of the selections for clients (issue 36), kept here so the journey's file stays
 * one read.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { Translate } from "../../src/common/i18n";
import { seedA11yData } from "./a11y-seed";

export interface RouteCase {
  /** The route as docs/product.md §2's route table writes it. */
  route: string;
  /** The concrete path to open; a function when the route needs an existing event, registration or token. */
  path: string | ((request: APIRequestContext) => Promise<string>);
  signedIn: boolean;
  /** Something the loaded page shows, so axe checks the content rather than a loading state. */
  ready: (page: Page, t: Translate) => Locator;
  /** The console messages the page's state explains (a link that is not one answers 404). */
  allowConsole?: RegExp;
}

export const CASTING_DAY_ROUTES: RouteCase[] = [
  {
    route: "/dashboard/check-in/room",
    path: async () => `/dashboard/check-in/room?eventId=${(await seedA11yData()).eventId}`,
    signedIn: true,
    // The line loaded: its counts (the waiting line may be empty).
    ready: (page, t) => page.getByText(t("castingday.room.stats.waiting"), { exact: true }),
  },
  {
    route: "/dashboard/scouting/events/{eventId}/casting-day",
    path: async () => `/dashboard/scouting/events/${(await seedA11yData()).eventId}/casting-day`,
    signedIn: true,
    // The screens' list loaded (other journeys may have left some): its items or its empty state.
    ready: (page, t) => page.getByTestId("display-keys").or(page.getByText(t("castingday.screens.empty"))),
  },
  {
    // A pass that is not one: the page says so (a real pass would sign this browser in and move on).
    route: "/door?p=…",
    path: "/door?p=not-a-door-pass",
    signedIn: false,
    ready: (page, t) => page.getByText(t("castingday.pass.failedTitle")),
    allowConsole: /Failed to load resource: the server responded with a status of 401/,
  },
  {
    // The person's place, opened with their link: the event is not today, so not checked in yet.
    route: "/turno?t=…",
    path: async () => `/turno?t=${(await seedA11yData()).manageToken}`,
    signedIn: false,
    ready: (page, t) => page.getByText(t("public.place.notCheckedIn")),
  },
  {
    // A screen's key made for the event: the screen before any number is called.
    route: "/events/{eventId}/display?key=…",
    path: async (request) => {
      const made = await request.post(`/api/events/${(await seedA11yData()).eventId}/display-keys`, {
        headers: { origin: process.env.E2E_BASE_URL! },
        data: { name: "TV de la entrada" },
      });
      const { url } = (await made.json()) as { url: string };
      return url.slice(new URL(url).origin.length);
    },
    signedIn: true,
    ready: (page, t) => page.getByText(t("public.display.none")),
  },
];

export const SELECTIONS_ROUTES: RouteCase[] = [
  {
    route: "/dashboard/scouting/selections",
    path: "/dashboard/scouting/selections",
    signedIn: true,
    ready: (page, t) => page.getByRole("heading", { name: t("selections.page.title") }),
  },
  {
    // A link that is not one (a client's real link is walked by e2e/selections.spec.ts).
    route: "/shared/{token}",
    path: "/shared/not-a-client-link",
    signedIn: false,
    ready: (page, t) => page.getByRole("heading", { name: t("selections.client.errors.gone") }),
    allowConsole: /Failed to load resource: the server responded with a status of 404/,
  },
];
