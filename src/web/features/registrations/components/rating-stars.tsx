import { useT } from "@web/lib/language";
import { RATING_MAX } from "@common/constants";
import { Star } from "lucide-react";
import { useId } from "react";
import { LabelledGroup } from "@web/components/ui/labelled-group";
import { cn } from "@web/lib/cn";

interface RatingStarsProps {
  value: number | null;
  /** Undefined: read-only (members), shown disabled with the hint. */
  onChange?: ((value: number | null) => void) | undefined;
  label: string;
  /** The label written before the stars (where no column header names them). */
  showLabel?: boolean;
}

/** 1 to 5 stars. Clicking the current rating clears it (docs/product.md §4). */
export function RatingStars({ value, onChange, label, showLabel = false }: RatingStarsProps) {
  const t = useT();
  const hintId = useId();
  const disabled = !onChange;
  const stars = (
    <>
      {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => {
        const filled = value !== null && n <= value;
        return (
          <button
            key={n}
            type="button"
            disabled={disabled}
            aria-pressed={value === n}
            aria-label={t("registrations.row.ratingStar", { count: n })}
            title={disabled ? t("registrations.row.adminOnlyRating") : t("registrations.row.ratingStar", { count: n })}
            onClick={() => onChange?.(value === n ? null : n)}
            className="rounded p-0.5 focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
          >
            <Star
              className={cn("size-5", filled ? "fill-amber-400 text-amber-500" : "text-muted-foreground")}
              aria-hidden="true"
            />
          </button>
        );
      })}
      {disabled ? (
        <span id={hintId} className="sr-only">
          {t("registrations.row.adminOnlyRating")}
        </span>
      ) : null}
    </>
  );
  const group = { "aria-describedby": disabled ? hintId : undefined, className: "flex items-center gap-0.5" };
  if (showLabel) {
    return (
      <LabelledGroup label={label} {...group}>
        {stars}
      </LabelledGroup>
    );
  }
  return (
    <div role="group" aria-label={label} {...group}>
      {stars}
    </div>
  );
}
