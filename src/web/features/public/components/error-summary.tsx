import { useT } from "@web/lib/language";
import { forwardRef } from "react";

interface ErrorSummaryProps {
  /** [field id, label, message] in the form's order. */
  errors: Array<[string, string, string]>;
}

/** Lists every field in error, each a link that moves focus to its field. Receives focus on a failed submit. */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary({ errors }, ref) {
  const t = useT();
  if (errors.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="rounded-lg border border-destructive/50 bg-destructive/5 p-4 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <p id="error-summary-title" className="font-semibold text-destructive">
        {t("public.register.errorSummaryTitle", { count: errors.length })}
      </p>
      <ul className="mt-2 grid gap-1 text-sm">
        {errors.map(([id, label, message]) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="inline-block py-1 text-destructive underline underline-offset-2"
              onClick={(event) => {
                event.preventDefault();
                const field = document.getElementById(id);
                field?.scrollIntoView({ block: "center" });
                field?.focus({ preventScroll: true });
              }}
            >
              {label}: {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
});
