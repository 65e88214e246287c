import { Loader2 } from "lucide-react";
import { cn } from "@web/lib/cn";

/** A loading indicator with its text, announced to screen readers. */
export function Loading({ text, className }: { text: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-2 py-10 text-muted-foreground", className)}>
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
