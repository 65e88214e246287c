import type { Capability } from "@common/permissions";
import { createTokenSchema, TOKEN_NAME_MAX, type CreatedToken, type CreateTokenInput } from "@common/schemas/tokens";
import { useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { useT } from "@web/lib/language";
import { useCreateToken } from "../api/create-token";
import { capabilityLabel } from "./capability-label";
import { CheckboxFieldset } from "./checkbox-fieldset";
import { fieldErrorsOf, fieldErrorsOfIssues, focusFirstError, FormFailure, type FieldErrors } from "./form-errors";

const FIELDS = ["name", "permissions", "expiresAt"] as const;
type FieldName = (typeof FIELDS)[number];

export const TOKEN_NAME_FIELD_ID = "token-name";
const NAME_ID = TOKEN_NAME_FIELD_ID;
const PERMISSIONS_ID = "token-permissions";
const EXPIRES_ID = "token-expires";

/** Where focus goes for a field's error: the permissions' first checkbox stands for the group. */
const focusTarget = (field: FieldName) =>
  field === "name"
    ? document.getElementById(NAME_ID)
    : field === "expiresAt"
      ? document.getElementById(EXPIRES_ID)
      : document.querySelector<HTMLElement>(`#${PERMISSIONS_ID} input`);

/** The day chosen ends the token's life at its last second on the agency's clock (Buenos Aires, UTC−3). */
const endOfDayInBuenosAires = (date: string) => `${date}T23:59:59-03:00`;

/**
 * The form that makes a token: a name, the capabilities it holds (only those the signed-in account
 * holds are offered), an optional last day. Checked with createTokenSchema before sending.
 */
export function CreateTokenForm({ offered, onCreated }: { offered: Capability[]; onCreated: (token: CreatedToken) => void }) {
  const t = useT();
  const create = useCreateToken();
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<ReadonlySet<Capability>>(new Set());
  const [expiryDate, setExpiryDate] = useState("");
  const [clientErrors, setClientErrors] = useState<FieldErrors<FieldName> | null>(null);
  const errors = clientErrors ?? fieldErrorsOf(FIELDS, create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values: CreateTokenInput = {
      name,
      permissions: offered.filter((capability) => chosen.has(capability)),
      expiresAt: expiryDate ? endOfDayInBuenosAires(expiryDate) : null,
    };
    const parsed = createTokenSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrorsOfIssues(FIELDS, parsed.error.issues);
      setClientErrors(found);
      focusFirstError(FIELDS, found, focusTarget);
      return;
    }
    setClientErrors(null);
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setName("");
        setChosen(new Set());
        setExpiryDate("");
        onCreated(created);
      },
      onError: (error) => focusFirstError(FIELDS, fieldErrorsOf(FIELDS, error), focusTarget),
    });
  };

  const otherFailure =
    !clientErrors && create.isError && Object.keys(fieldErrorsOf(FIELDS, create.error)).length === 0 ? create.error : null;
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <Field id={NAME_ID} label={t("integrations.tokens.name")} hint={t("integrations.tokens.nameHint")} error={errors.name}>
        <Input
          {...fieldAria(NAME_ID, errors.name, true)}
          value={name}
          maxLength={TOKEN_NAME_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <CheckboxFieldset
        id={PERMISSIONS_ID}
        legend={t("integrations.tokens.permissions")}
        hint={t("integrations.tokens.permissionsHint")}
        options={offered.map((capability) => ({ value: capability, label: capabilityLabel(t, capability) }))}
        chosen={chosen}
        onChange={setChosen}
        error={errors.permissions}
      />
      <Field
        id={EXPIRES_ID}
        label={t("integrations.tokens.expiresAt")}
        hint={t("integrations.tokens.expiresAtHint")}
        error={errors.expiresAt}
        className="sm:max-w-xs"
      >
        <Input
          {...fieldAria(EXPIRES_ID, errors.expiresAt, true)}
          type="date"
          value={expiryDate}
          onChange={(e) => setExpiryDate(e.target.value)}
        />
      </Field>
      {otherFailure ? <FormFailure error={otherFailure} fallback={t("integrations.tokens.createFailed")} /> : null}
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? t("integrations.tokens.creating") : t("integrations.tokens.create")}
      </Button>
    </form>
  );
}
