import { useId, type ComponentProps, type ReactNode } from "react";

/**
 * A group of controls named by the visible words before it (a screen reader hears the same
 * name): two scales side by side read apart (issue 32).
 */
export function LabelledGroup({ label, children, ...group }: { label: ReactNode } & Omit<ComponentProps<"div">, "role">) {
  const labelId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <div role="group" aria-labelledby={labelId} {...group}>
        {children}
      </div>
    </div>
  );
}
