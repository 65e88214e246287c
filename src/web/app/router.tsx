import type { Capability } from "@common/permissions";
import { useT } from "@web/lib/language";
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router";
import { Loading } from "@web/components/ui/spinner";
import { CheckInLink, PublicEntryPage, RedirectIfSignedIn, RequireAuth, RequireCapability } from "./guards";
import { PublicLayout } from "./layouts/public-layout";

/**
 * The route table of docs/product.md §2. Pages load lazily, so a public visitor never downloads the
 * dashboard's code.
 */
const pageRoutes: RouteObject[] = [
  {
    // The home page and the landing are the public entry's (rendered on the server, ADR 013): reached
    // from inside this app, they are loaded as documents. A signed-in user skips the home page.
    path: "/",
    element: (
      <RedirectIfSignedIn to="/dashboard">
        <PublicEntryPage />
      </RedirectIfSignedIn>
    ),
  },
  { path: "/landing", element: <PublicEntryPage /> },
  // Staff accounts: sign-in, sign-up and the pages e-mailed links open.
  {
    element: <PublicLayout />,
    children: [
      {
        element: (
          <RedirectIfSignedIn to="/dashboard">
            <Outlet />
          </RedirectIfSignedIn>
        ),
        children: [
          { path: "login", lazy: () => import("@web/features/accounts/pages/login-page") },
          { path: "register", lazy: () => import("@web/features/accounts/pages/register-page") },
        ],
      },
      { path: "registration-pending", lazy: () => import("@web/features/accounts/pages/registration-pending-page") },
      { path: "registration-disabled", lazy: () => import("@web/features/accounts/pages/registration-disabled-page") },
      { path: "verify-email", lazy: () => import("@web/features/accounts/pages/verify-email-page") },
      { path: "forgot-password", lazy: () => import("@web/features/accounts/pages/forgot-password-page") },
      { path: "reset-password", lazy: () => import("@web/features/accounts/pages/reset-password-page") },
      // A person's data and a minor's guardian (issue 18): public, by their links.
      { path: "guardian", lazy: () => import("@web/features/privacy/pages/guardian-page") },
      { path: "privacy/request", lazy: () => import("@web/features/privacy/pages/privacy-request-page") },
      // A selection shared with a client (issue 36): public, its link is its key.
      { path: "shared/:token", lazy: () => import("@web/features/selections/pages/client-selection-page") },
      // A door pass's link (issue 35): signs a volunteer's phone in, then the check-in screen.
      { path: "door", lazy: () => import("@web/features/casting-day/pages/door-page") },
    ],
  },
  {
    path: "/dashboard",
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      {
        lazy: () => import("./layouts/dashboard-layout"),
        children: [
          { index: true, element: <Navigate to="/dashboard/scouting/events" replace /> },
          { path: "scouting/registrations", lazy: () => import("@web/features/registrations/pages/registrations-page") },
          // A viewer's detail holds no contacts (issue 33): the form is for whoever may save it.
          ...guarded("registrations.edit", [
            {
              path: "scouting/registrations/:registrationId/edit",
              lazy: () => import("@web/features/registrations/pages/edit-registration-page"),
            },
          ]),
          { path: "scouting/events", lazy: () => import("@web/features/events/pages/events-page") },
          ...guarded("registrations.read", [
            {
              path: "scouting/events/:eventId/insights",
              lazy: () => import("@web/features/insights/pages/event-insights-page"),
            },
            { path: "scouting/insights", lazy: () => import("@web/features/insights/pages/events-insights-page") },
          ]),
          { path: "check-in", lazy: () => import("@web/features/check-in/pages/check-in-page") },
          ...guarded("queue.call", [{ path: "check-in/room", lazy: () => import("@web/features/casting-day/pages/room-page") }]),
          { path: "account/security", lazy: () => import("@web/features/accounts/pages/security-page") },
          ...guarded("events.manage", [
            { path: "scouting/events/new", lazy: () => import("@web/features/events/pages/create-event-page") },
            { path: "scouting/events/:eventId/edit", lazy: () => import("@web/features/events/pages/edit-event-page") },
          ]),
          ...guarded("callbacks.manage", [
            {
              path: "scouting/events/:eventId/callback",
              lazy: () => import("@web/features/callbacks/pages/callback-invitations-page"),
            },
          ]),
          ...guarded("selections.manage", [
            { path: "scouting/selections", lazy: () => import("@web/features/selections/pages/selections-page") },
            { path: "scouting/selections/:selectionId", lazy: () => import("@web/features/selections/pages/selection-page") },
          ]),
          ...guarded("castingday.manage", [
            {
              path: "scouting/events/:eventId/casting-day",
              lazy: () => import("@web/features/casting-day/pages/casting-day-page"),
            },
          ]),
          ...guarded("mailbox.read", [
            { path: "admin/mailbox", lazy: () => import("@web/features/mailbox/pages/mailbox-page") },
            { path: "admin/mailbox/:id", lazy: () => import("@web/features/mailbox/pages/mailbox-message-page") },
          ]),
          ...guarded("users.manage", [{ path: "admin/users", lazy: () => import("@web/features/accounts/pages/users-page") }]),
          ...guarded("registrations.delete", [
            { path: "admin/privacy", lazy: () => import("@web/features/privacy/pages/privacy-admin-page") },
          ]),
          ...guarded("audit.read", [{ path: "admin/audit", lazy: () => import("@web/features/privacy/pages/audit-page") }]),
          ...guarded("agency.manage", [{ path: "admin/agency", lazy: () => import("@web/features/agency/pages/agency-page") }]),
          ...guarded("tokens.manage", [
            { path: "admin/tokens", lazy: () => import("@web/features/integrations/pages/tokens-page") },
          ]),
          ...guarded("webhooks.manage", [
            { path: "admin/webhooks", lazy: () => import("@web/features/integrations/pages/webhooks-page") },
          ]),
          // An unknown dashboard path keeps the shell around its 404, so the menu stays at hand.
          { path: "*", lazy: () => import("@web/features/landing/pages/dashboard-not-found-page") },
        ],
      },
    ],
  },
  // The check-in QR code's link (issue 20): a staff phone's camera app opens it on the check-in screen;
  // the person's own phone, on their place in the line (issue 35).
  { path: "/check-in", element: <CheckInLink /> },
  { path: "*", lazy: () => import("@web/features/landing/pages/not-found-page") },
];

/**
 * What shows while the first page's lazy code loads. React Router renders the root route's
 * HydrateFallback then, and warns on every load when there is none.
 */
function RouteLoadingFallback() {
  const t = useT();
  return <Loading text={t("common.loading")} className="min-h-dvh" />;
}

export const routes: RouteObject[] = [{ HydrateFallback: RouteLoadingFallback, children: pageRoutes }];

export function createRouter() {
  return createBrowserRouter(routes);
}

/** Dashboard screens for those who hold `capability` (@common/permissions). */
function guarded(capability: Capability, children: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <RequireCapability capability={capability}>
          <Outlet />
        </RequireCapability>
      ),
      children,
    },
  ];
}
