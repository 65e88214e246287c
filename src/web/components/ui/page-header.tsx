import type { ReactNode } from "react";
import { cn } from "@web/lib/cn";

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the right (below the title on small screens). */
  actions?: ReactNode;
  className?: string;
}

/** The top of every dashboard page: one h1 in the type scale's page size, its note and its actions. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cn("mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
