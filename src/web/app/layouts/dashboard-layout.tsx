import { isAdmin } from "@common/roles";
import { dashboard as t } from "@common/texts/dashboard";
import { common } from "@common/texts/common";
import { CalendarDays, ChevronDown, LogOut, Mail, Menu, Shield, Users, ClipboardList, Sparkles } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { Logo } from "@web/components/logo";
import { ThemeToggle } from "@web/components/theme-toggle";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { useSession, type SessionUser } from "@web/features/accounts/api/get-session";
import { useSignOut, useSignOutListener } from "@web/features/accounts/api/sign-out";
import { cn } from "@web/lib/cn";

interface NavGroup {
  key: string;
  label: string;
  icon: ReactNode;
  adminOnly: boolean;
  items: Array<{ to: string; label: string; icon: ReactNode }>;
}

const GROUPS: NavGroup[] = [
  {
    key: "scouting",
    label: t.groups.scouting,
    icon: <Sparkles aria-hidden="true" />,
    adminOnly: false,
    items: [
      { to: "/dashboard/scouting/events", label: t.items.events, icon: <CalendarDays aria-hidden="true" /> },
      { to: "/dashboard/scouting/registrations", label: t.items.registrations, icon: <ClipboardList aria-hidden="true" /> },
    ],
  },
  {
    key: "administration",
    label: t.groups.administration,
    icon: <Shield aria-hidden="true" />,
    adminOnly: true,
    items: [
      { to: "/dashboard/admin/users", label: t.items.users, icon: <Users aria-hidden="true" /> },
      { to: "/dashboard/admin/mailbox", label: t.items.mailbox, icon: <Mail aria-hidden="true" /> },
    ],
  },
];

const ROLE_TONE = { superadmin: "yellow", admin: "red", member: "blue" } as const;

export function RoleBadge({ role }: { role: SessionUser["role"] }) {
  return <Badge tone={ROLE_TONE[role]}>{t.roles[role]}</Badge>;
}

function SidebarGroup({ group, pathname, onNavigate }: { group: NavGroup; pathname: string; onNavigate: () => void }) {
  const containsCurrent = group.items.some((item) => pathname.startsWith(item.to));
  const [open, setOpen] = useState(group.key === "scouting" || containsCurrent);
  const [openedFor, setOpenedFor] = useState(containsCurrent);
  const listId = useId();
  // A group opens by itself when the current path becomes one of its children.
  if (containsCurrent !== openedFor) {
    setOpenedFor(containsCurrent);
    if (containsCurrent) setOpen(true);
  }
  return (
    <li>
      <button
        type="button"
        className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-semibold text-muted-foreground hover:bg-accent hover:text-accent-foreground [&_svg]:size-4"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {group.icon}
        <span className="flex-1 text-left">{group.label}</span>
        <ChevronDown className={cn("transition-transform", open && "rotate-180")} aria-hidden="true" />
      </button>
      <ul id={listId} hidden={!open} className="mt-1 grid gap-1 pl-4">
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground [&_svg]:size-4",
                  isActive && "bg-primary/10 text-primary",
                )
              }
            >
              {item.icon}
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

function Sidebar({ user, onNavigate }: { user: SessionUser; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  return (
    <div className="flex h-full flex-col gap-4 p-4">
      <Link to="/dashboard" onClick={onNavigate} className="rounded-md px-2 py-1">
        <Logo />
      </Link>
      <nav aria-label={t.navLabel} className="flex-1 overflow-y-auto">
        <ul className="grid gap-2">
          {GROUPS.filter((group) => !group.adminOnly || isAdmin(user.role)).map((group) => (
            <SidebarGroup key={group.key} group={group} pathname={pathname} onNavigate={onNavigate} />
          ))}
        </ul>
      </nav>
      <div className="grid gap-1 border-t pt-4">
        <ThemeToggle withLabel className="justify-start" />
        <Button variant="ghost" className="justify-start" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          {common.signOut}
        </Button>
      </div>
    </div>
  );
}

/** The dashboard shell: fixed sidebar from 990 px, a slide-in drawer with an overlay below. */
export function DashboardLayout() {
  const session = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useSignOutListener();
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setDrawerOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  const user = session.data;
  if (!user) return null;

  return (
    <div className="min-h-dvh">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2">
        {t.skipToContent}
      </a>
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 border-r bg-card min-[990px]:block" aria-label={t.navLabel}>
        <Sidebar user={user} onNavigate={() => {}} />
      </aside>
      {drawerOpen ? (
        <div className="min-[990px]:hidden">
          <div className="fixed inset-0 z-40 bg-black/50" data-testid="drawer-overlay" onClick={() => setDrawerOpen(false)} aria-hidden="true" />
          <div role="dialog" aria-modal="true" aria-label={t.navLabel} className="fixed inset-y-0 left-0 z-50 w-64 border-r bg-card shadow-xl">
            <Sidebar user={user} onNavigate={() => setDrawerOpen(false)} />
          </div>
        </div>
      ) : null}
      <div className="min-[990px]:pl-64">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-background/85 px-4 backdrop-blur">
          <Button
            variant="ghost"
            size="icon"
            className="min-[990px]:hidden"
            aria-label={t.openMenu}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
          <span className="text-lg font-semibold">{t.productName}</span>
          <div className="ml-auto hidden items-center gap-2 md:flex">
            <span className="text-sm text-muted-foreground">{user.email}</span>
            <RoleBadge role={user.role} />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export const Component = DashboardLayout;
