import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router";
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from "./guards";
import { PublicLayout } from "./layouts/public-layout";

/**
 * The route table of SPEC.md §2. Pages load lazily, so a public visitor never downloads the
 * dashboard's code.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    element: (
      <RedirectIfSignedIn to="/dashboard">
        <PublicLayout />
      </RedirectIfSignedIn>
    ),
    children: [{ index: true, lazy: () => import("@web/features/landing/pages/home-page") }],
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
          {
            path: "admin/mailbox",
            element: (
              <RequireAdmin>
                <Outlet />
              </RequireAdmin>
            ),
            children: [
              { index: true, lazy: () => import("@web/features/mailbox/pages/mailbox-page") },
              { path: ":id", lazy: () => import("@web/features/mailbox/pages/mailbox-message-page") },
            ],
          },
        ],
      },
    ],
  },
  { path: "*", lazy: () => import("@web/features/landing/pages/not-found-page") },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
