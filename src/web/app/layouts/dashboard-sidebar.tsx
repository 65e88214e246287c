import type { MessageId } from "@common/i18n";
import { useT } from "@web/lib/language";
import type { Capability } from "@common/permissions";
import { ChevronDown, KeyRound, LogOut } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { NavLink } from "react-router";
import { ThemeToggle } from "@web/components/theme-toggle";
import { Button } from "@web/components/ui/button";
import type { SessionUser } from "@common/schemas/accounts";
import { can, useSignOut, RoleBadge } from "@web/features/accounts";
import { cn } from "@web/lib/cn";

export interface NavGroup {
  key: string;
  label: MessageId;
  icon: ReactNode;
  /** `capability`: shown only to those who hold it (the page's API refuses the others). */
  /** `end`: the item is not the current one on paths below its own (another item's). */
  items: Array<{ to: string; label: MessageId; icon: ReactNode; capability?: Capability; end?: boolean }>;
}

/** The group open by default (docs/product.md §2 "Dashboard shell"). */
const DEFAULT_OPEN_GROUP = "scouting";

function isWithin(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function groupsContaining(groups: NavGroup[], pathname: string): string[] {
  return groups.filter((group) => group.items.some((item) => isWithin(pathname, item.to))).map((group) => group.key);
}

/**
 * Which menu groups are open. Held by the shell, not by the menu, so the fixed sidebar and the
 * drawer (which mounts afresh each time it opens) show the same state. Scouting starts open; a
 * group opens by itself when the current path becomes one of its children.
 */
export function useOpenGroups(groups: NavGroup[], pathname: string) {
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set([DEFAULT_OPEN_GROUP, ...groupsContaining(groups, pathname)]),
  );
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    const missing = groupsContaining(groups, pathname).filter((key) => !open.has(key));
    if (missing.length > 0) setOpen(new Set([...open, ...missing]));
  }
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return { open, toggle };
}

interface SidebarNavProps {
  groups: NavGroup[];
  user: SessionUser;
  open: ReadonlySet<string>;
  onToggle: (key: string) => void;
  /** Called after a menu link is followed (the drawer closes). */
  onNavigate?: () => void;
}

function SidebarGroup({
  group,
  expanded,
  onToggle,
  onNavigate,
}: {
  group: NavGroup;
  expanded: boolean;
  onToggle: () => void;
  onNavigate?: (() => void) | undefined;
}) {
  const t = useT();
  const listId = useId();
  return (
    <li>
      <button
        type="button"
        className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-semibold text-foreground hover:bg-accent hover:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={onToggle}
      >
        <span className="text-muted-foreground">{group.icon}</span>
        <span className="flex-1 text-left">{t(group.label)}</span>
        <ChevronDown
          className={cn("text-muted-foreground transition-transform motion-reduce:transition-none", expanded && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      <ul id={listId} hidden={!expanded} className="mt-1 ml-5 grid gap-0.5 border-l pl-2">
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0",
                  isActive && "bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary",
                )
              }
            >
              {item.icon}
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The menu, identical in the fixed sidebar (≥ 990 px) and in the drawer (below). */
export function SidebarNav({ groups, user, open, onToggle, onNavigate }: SidebarNavProps) {
  const t = useT();
  const signOut = useSignOut();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <nav aria-label={t("dashboard.navLabel")} className="flex-1 overflow-y-auto p-3">
        <ul className="grid gap-1">
          {groups
            .map((group) => ({ ...group, items: group.items.filter((item) => !item.capability || can(user, item.capability)) }))
            .filter((group) => group.items.length > 0)
            .map((group) => (
              <SidebarGroup
                key={group.key}
                group={group}
                expanded={open.has(group.key)}
                onToggle={() => onToggle(group.key)}
                onNavigate={onNavigate}
              />
            ))}
        </ul>
      </nav>
      <div className="grid gap-1 border-t p-3">
        {/* The header shows who is signed in on wide screens only; on small ones the menu does. */}
        <div className="mb-2 grid gap-1.5 rounded-md bg-muted px-3 py-2 md:hidden" data-testid="menu-user">
          <span className="truncate text-sm font-medium">{user.email}</span>
          <RoleBadge role={user.role} className="justify-self-start" />
        </div>
        <Button asChild variant="ghost" className="justify-start px-3">
          <NavLink to="/dashboard/account/security" onClick={onNavigate}>
            <KeyRound aria-hidden="true" />
            {t("accounts.security.link")}
          </NavLink>
        </Button>
        <ThemeToggle withLabel className="justify-start px-3" />
        <Button variant="ghost" className="justify-start px-3" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          {t("common.signOut")}
        </Button>
      </div>
    </div>
  );
}
