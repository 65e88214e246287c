import { useT } from "@web/lib/language";
import { SIDEBAR_BREAKPOINT_PX } from "@common/constants";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import {
  Building2,
  CalendarDays,
  ClipboardList,
  KeyRound,
  ListChecks,
  Lock,
  Mail,
  Megaphone,
  Menu,
  ScanLine,
  ScrollText,
  Shield,
  Sparkles,
  Users,
  Webhook,
  X,
} from "lucide-react";
import { useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { Logo } from "@web/components/logo";
import { Button } from "@web/components/ui/button";
import { useSession, useSignOutListener, RoleBadge } from "@web/features/accounts";
import { useMediaQuery } from "@web/lib/use-media-query";
import { SidebarNav, useOpenGroups, type NavGroup } from "./dashboard-sidebar";
import { PassLayout } from "./pass-layout";

const GROUPS: NavGroup[] = [
  {
    key: "scouting",
    label: "dashboard.groups.scouting",
    icon: <Sparkles aria-hidden="true" />,
    items: [
      { to: "/dashboard/scouting/events", label: "dashboard.items.events", icon: <CalendarDays aria-hidden="true" /> },
      {
        to: "/dashboard/scouting/registrations",
        label: "dashboard.items.registrations",
        icon: <ClipboardList aria-hidden="true" />,
      },
      {
        to: "/dashboard/check-in",
        label: "checkin.nav",
        icon: <ScanLine aria-hidden="true" />,
        capability: "checkins.perform",
        end: true,
      },
      {
        to: "/dashboard/check-in/room",
        label: "castingday.room.nav",
        icon: <Megaphone aria-hidden="true" />,
        capability: "queue.call",
      },
      {
        to: "/dashboard/scouting/selections",
        label: "dashboard.items.selections",
        icon: <ListChecks aria-hidden="true" />,
        capability: "selections.manage",
      },
    ],
  },
  {
    key: "administration",
    label: "dashboard.groups.administration",
    icon: <Shield aria-hidden="true" />,
    items: [
      {
        to: "/dashboard/admin/users",
        label: "dashboard.items.users",
        icon: <Users aria-hidden="true" />,
        capability: "users.manage",
      },
      {
        to: "/dashboard/admin/mailbox",
        label: "dashboard.items.mailbox",
        icon: <Mail aria-hidden="true" />,
        capability: "mailbox.read",
      },
      {
        to: "/dashboard/admin/privacy",
        label: "privacy.admin.privacyTitle",
        icon: <Lock aria-hidden="true" />,
        capability: "registrations.delete",
      },
      {
        to: "/dashboard/admin/audit",
        label: "privacy.admin.auditTitle",
        icon: <ScrollText aria-hidden="true" />,
        capability: "audit.read",
      },
      {
        to: "/dashboard/admin/agency",
        label: "dashboard.items.agency",
        icon: <Building2 aria-hidden="true" />,
        capability: "agency.manage",
      },
      {
        to: "/dashboard/admin/tokens",
        label: "integrations.tokens.title",
        icon: <KeyRound aria-hidden="true" />,
        capability: "tokens.manage",
      },
      {
        to: "/dashboard/admin/webhooks",
        label: "integrations.webhooks.title",
        icon: <Webhook aria-hidden="true" />,
        capability: "webhooks.manage",
      },
    ],
  },
];

const WIDE = `(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`;

/**
 * The dashboard shell (docs/product.md §2): a header with the product name (and, on wide screens, the
 * user's e-mail and role badge); the menu fixed at the left from 990 px, below that a modal
 * drawer (focus moves in and is trapped, Escape or the overlay close it, focus returns to the
 * menu button).
 */
export function DashboardLayout() {
  const t = useT();
  const session = useSession();
  const { pathname } = useLocation();
  const groups = useOpenGroups(GROUPS, pathname);
  const wide = useMediaQuery(WIDE);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Growing past the breakpoint turns the drawer into the fixed sidebar: never leave a modal open.
  if (wide && drawerOpen) setDrawerOpen(false);
  useSignOutListener();

  const user = session.data;
  if (!user) return null;
  if (user.pass) return <PassLayout pass={user.pass} />;

  return (
    <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow-md"
      >
        {t("dashboard.skipToContent")}
      </a>
      <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-card/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-card/75 sm:px-4">
        <DialogPrimitive.Trigger asChild>
          <Button variant="ghost" size="icon" className="min-[990px]:hidden" aria-label={t("dashboard.openMenu")}>
            <Menu aria-hidden="true" />
          </Button>
        </DialogPrimitive.Trigger>
        <Link to="/dashboard" className="rounded-md px-1 py-1">
          <Logo />
        </Link>
        <div className="ml-auto hidden min-w-0 items-center gap-3 md:flex" data-testid="header-user">
          <span className="truncate text-sm text-muted-foreground">{user.email}</span>
          <RoleBadge role={user.role} />
        </div>
      </header>

      <div
        className="fixed top-16 bottom-0 left-0 z-20 hidden w-64 flex-col border-r bg-card min-[990px]:flex"
        data-testid="sidebar"
      >
        <SidebarNav groups={GROUPS} user={user} open={groups.open} onToggle={groups.toggle} />
      </div>

      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-testid="drawer-overlay"
          className="fixed inset-0 z-40 bg-black/50 motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in"
        />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-card shadow-2xl outline-none motion-safe:data-[state=closed]:animate-drawer-out motion-safe:data-[state=open]:animate-drawer-in"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b px-3">
            <DialogPrimitive.Title className="px-1">
              <Logo />
              <span className="sr-only"> {t("dashboard.navLabel")}</span>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t("dashboard.closeMenu")}>
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <SidebarNav
            groups={GROUPS}
            user={user}
            open={groups.open}
            onToggle={groups.toggle}
            onNavigate={() => setDrawerOpen(false)}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>

      <div className="min-[990px]:pl-64">
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>
    </DialogPrimitive.Root>
  );
}

export const Component = DashboardLayout;
