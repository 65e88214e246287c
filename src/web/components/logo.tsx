import { PRODUCT_NAME } from "@common/constants";
// clsx rather than cn: the public visitor entry (public.html) must not load tailwind-merge.
import { clsx } from "clsx";

export function Logo({ className }: { className?: string }) {
  return (
    <span className={clsx("inline-flex items-center gap-2 font-bold tracking-tight", className)}>
      <svg viewBox="0 0 64 64" className="size-7" aria-hidden="true">
        <rect width="64" height="64" rx="14" className="fill-primary" />
        <circle cx="32" cy="32" r="15" fill="none" className="stroke-primary-foreground" strokeWidth="6" />
        <circle cx="32" cy="32" r="4" className="fill-primary-foreground" />
      </svg>
      <span className="text-lg">{PRODUCT_NAME}</span>
    </span>
  );
}
