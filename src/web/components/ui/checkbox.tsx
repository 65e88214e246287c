import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

/** A native checkbox styled to match: keyboard and form behaviour for free. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={cn("size-4 shrink-0 cursor-pointer rounded border-input accent-primary disabled:cursor-not-allowed", className)}
      {...props}
    />
  );
}
