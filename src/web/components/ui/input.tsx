import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

export const controlClass =
  "flex w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive sm:text-sm";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(controlClass, "h-10 py-2", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(controlClass, "min-h-24 py-2", className)} {...props} />;
}

/** A native select: accessible, keyboard- and phone-friendly by default. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(controlClass, "h-10 py-2", className)} {...props} />;
}
