import { useT } from "@web/lib/language";
import { Minus, Plus } from "lucide-react";
import { buttonClass, controlAria, controlClass } from "./public-ui";

interface NumberStepperProps {
  id: string;
  label: string;
  /** Digits only ("" when empty). */
  value: string;
  min: number;
  max: number;
  error?: string | undefined;
  onChange: (value: string) => void;
}

/**
 * An integer input with −/+ buttons (docs/product.md §5): a numeric keyboard on phones, digits only, and
 * buttons that step within the bounds (an empty field starts at the minimum).
 */
export function NumberStepper({ id, label, value, min, max, error, onChange }: NumberStepperProps) {
  const t = useT();
  const step = (delta: number) => {
    const current = value === "" ? NaN : Number(value);
    const next = Number.isNaN(current) ? min : Math.min(max, Math.max(min, current + delta));
    onChange(String(next));
  };
  const current = value === "" ? NaN : Number(value);
  return (
    <div className="flex items-stretch gap-2">
      <button
        type="button"
        className={`${buttonClass.outline} w-12 shrink-0 px-0`}
        aria-label={t("public.register.decrease", { label })}
        aria-controls={id}
        disabled={!Number.isNaN(current) && current <= min}
        onClick={() => step(-1)}
      >
        <Minus aria-hidden="true" />
      </button>
      <input
        {...controlAria(id, error)}
        name={id}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        className={`${controlClass} h-12 min-w-0 text-center tabular-nums`}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D+/g, "").slice(0, 3))}
      />
      <button
        type="button"
        className={`${buttonClass.outline} w-12 shrink-0 px-0`}
        aria-label={t("public.register.increase", { label })}
        aria-controls={id}
        disabled={!Number.isNaN(current) && current >= max}
        onClick={() => step(1)}
      >
        <Plus aria-hidden="true" />
      </button>
    </div>
  );
}
