import { Alert, AlertDescription } from "@web/components/ui/alert";
import { ApiError } from "@web/lib/api";

/** A form's complaints, the first per field. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The server's complaints about the form's `fields` (its `error.fields`, e.g. a refused address). */
export function fieldErrorsOf<Field extends string>(fields: readonly Field[], error: unknown): FieldErrors<Field> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const found: FieldErrors<Field> = {};
  for (const field of fields) if (error.fields[field]) found[field] = error.fields[field];
  return found;
}

/** A zod schema's complaints about the form's `fields`, the first of each. */
export function fieldErrorsOfIssues<Field extends string>(
  fields: readonly Field[],
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors<Field> {
  const found: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((fields as readonly unknown[]).includes(field)) found[field as Field] ??= issue.message;
  }
  return found;
}

/** Focus to the first of `fields` in error, once the errors are rendered (so it is read with its message). */
export function focusFirstError<Field extends string>(
  fields: readonly Field[],
  errors: FieldErrors<Field>,
  target: (field: Field) => HTMLElement | null,
) {
  const first = fields.find((field) => errors[field]);
  if (first) requestAnimationFrame(() => target(first)?.focus());
}

/** A failure no field names (the network, a server error): the server's message, else `fallback`. */
export function FormFailure({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <Alert variant="destructive">
      <AlertDescription>{error instanceof ApiError ? error.message : fallback}</AlertDescription>
    </Alert>
  );
}
