/**
 * Form and layout pieces of the public visitor pages. They mirror components/ui's look with clsx
 * only (components/ui merges classes with tailwind-merge, which this entry leaves out for size).
 */
import { clsx } from "clsx";
import type { ComponentProps, ReactNode } from "react";

export const controlClass =
  "block w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive";

const buttonBase =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-md px-5 text-base font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0";

export const buttonClass = {
  primary: clsx(buttonBase, "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90"),
  outline: clsx(buttonBase, "border border-input bg-card shadow-sm hover:bg-accent hover:text-accent-foreground"),
  ghost: clsx(buttonBase, "hover:bg-accent hover:text-accent-foreground"),
};

export function PublicButton({
  variant = "primary",
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: keyof typeof buttonClass }) {
  return <button type={type} className={clsx(buttonClass[variant], className)} {...props} />;
}

export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx("grid content-start gap-2", className)}>
      <label htmlFor={id} className="text-sm font-medium leading-snug">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes tying a control to its hint and error. */
export function controlAria(id: string, error: string | undefined, hasHint = false) {
  const describedBy = [hasHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined } as const;
}

export function Notice({
  tone = "default",
  title,
  children,
  className,
}: {
  tone?: "default" | "destructive" | "warning" | "success";
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "destructive" || tone === "warning" ? "alert" : "status"}
      className={clsx(
        "rounded-lg border p-4 text-sm",
        tone === "default" && "bg-card text-card-foreground",
        tone === "destructive" && "border-destructive/50 bg-destructive/5 text-destructive",
        tone === "warning" && "border-warning/60 bg-warning/10 text-foreground",
        tone === "success" && "border-success/50 bg-success/5 text-foreground",
        className,
      )}
    >
      {title ? <p className="mb-1 font-semibold">{title}</p> : null}
      {children}
    </div>
  );
}

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={clsx("rounded-xl border bg-card text-card-foreground shadow-sm", className)} {...props} />;
}
