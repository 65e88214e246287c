import type { SessionUser } from "@common/schemas/accounts";
import { Megaphone, ScanLine } from "lucide-react";
import { Navigate, NavLink, Outlet, useLocation } from "react-router";
import { Logo } from "@web/components/logo";
import { PassBanner } from "@web/features/casting-day";
import { cn } from "@web/lib/cn";
import { useT } from "@web/lib/language";

/** The two screens a door pass opens (issue 35): the door and the room, at its one event. */
const PASS_SCREENS = [
  { to: "/dashboard/check-in", label: "checkin.nav", icon: <ScanLine aria-hidden="true" /> },
  { to: "/dashboard/check-in/room", label: "castingday.room.nav", icon: <Megaphone aria-hidden="true" /> },
] as const;

/**
 * The dashboard for a phone signed in with a door pass: the pass's banner with «Salir», and its two
 * screens, nothing else (the server refuses the rest anyway). Any other dashboard path leads to the door.
 */
export function PassLayout({ pass }: { pass: NonNullable<SessionUser["pass"]> }) {
  const t = useT();
  const { pathname } = useLocation();
  if (!PASS_SCREENS.some((screen) => screen.to === pathname)) return <Navigate to={PASS_SCREENS[0].to} replace />;
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow-md"
      >
        {t("dashboard.skipToContent")}
      </a>
      <header className="sticky top-0 z-30 border-b bg-card">
        <div className="flex h-14 items-center gap-2 px-3 sm:px-4">
          <Logo />
          <nav aria-label={t("castingday.pass.nav")} className="ml-auto">
            <ul className="flex gap-1">
              {PASS_SCREENS.map((screen) => (
                <li key={screen.to}>
                  <NavLink
                    to={screen.to}
                    end
                    className={({ isActive }) =>
                      cn(
                        "flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0",
                        isActive && "bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary",
                      )
                    }
                  >
                    {screen.icon}
                    {t(screen.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <PassBanner pass={pass} />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
        <Outlet />
      </main>
    </>
  );
}
