import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
  {
    variants: {
      tone: {
        neutral: "border-transparent bg-secondary text-secondary-foreground",
        green: "border-transparent bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200",
        red: "border-transparent bg-red-100 text-red-800 dark:bg-red-400/15 dark:text-red-200",
        yellow: "border-transparent bg-amber-100 text-amber-900 dark:bg-amber-300/15 dark:text-amber-200",
        blue: "border-transparent bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200",
        purple: "border-transparent bg-violet-100 text-violet-900 dark:bg-violet-400/15 dark:text-violet-200",
        outline: "text-foreground",
      },
    },
    defaultVariants: { tone: "neutral" },
  },
);

export function Badge({ className, tone, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
