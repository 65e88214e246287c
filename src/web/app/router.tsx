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
      { path: "verify-email", lazy: () => import("@web/features/accounts/pages/verify-email-page") },
      { path: "forgot-password", lazy: () => import("@web/features/accounts/pages/forgot-password-page") },
      { path: "reset-password", lazy: () => import("@web/features/accounts/pages/reset-password-page") },
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
          {
            path: "admin/users",
            element: (
              <RequireAdmin>
                <Outlet />
              </RequireAdmin>
            ),
            children: [{ index: true, lazy: () => import("@web/features/accounts/pages/users-page") }],
          },
          { path: "account/security", lazy: () => import("@web/features/accounts/pages/security-page") },
        ],
      },
    ],
  },
  { path: "*", lazy: () => import("@web/features/landing/pages/not-found-page") },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
