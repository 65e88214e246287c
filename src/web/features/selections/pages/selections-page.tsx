import { formatDateTimeFor } from "@common/dates-language";
import { SELECTION_NAME_MAX } from "@common/schemas/selections";
import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api";
import { useLanguage } from "@web/lib/language";
import { useCreateSelection } from "../api/create-selection";
import { useSelections } from "../api/list-selections";

/** A new, empty selection by its name; its page opens. */
function CreateSelectionForm() {
  const { t } = useLanguage();
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateSelection();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t("selections.errors.nameRequired"));
    create.mutate(name.trim(), {
      onSuccess: (selection) => navigate(`/dashboard/scouting/selections/${selection.id}`),
      onError: (failure) =>
        setError(failure instanceof ApiError ? (failure.fields?.name ?? failure.message) : t("selections.page.createFailed")),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <Field id={`${id}-name`} label={t("selections.form.name")} hint={t("selections.form.nameHint")} error={error}>
        <Input
          {...fieldAria(`${id}-name`, error, true)}
          value={name}
          maxLength={SELECTION_NAME_MAX}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <Button type="submit" className="sm:mt-7" disabled={create.isPending}>
        {create.isPending ? t("selections.page.creating") : t("selections.page.create")}
      </Button>
    </form>
  );
}

function SelectionList() {
  const { t, language } = useLanguage();
  const selections = useSelections();
  if (selections.isError) return <p className="text-destructive">{t("selections.page.loadFailed")}</p>;
  if (!selections.data) return <Loading text={t("common.loading")} />;
  if (selections.data.items.length === 0) return <p className="text-sm text-muted-foreground">{t("selections.page.empty")}</p>;
  return (
    <ul className="grid gap-2">
      {selections.data.items.map((selection) => (
        <li key={selection.id} className="rounded-lg border bg-card p-3">
          <Link
            to={`/dashboard/scouting/selections/${selection.id}`}
            className="font-medium text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]"
          >
            {selection.name}
          </Link>
          <p className="text-sm text-muted-foreground">
            {t("selections.page.people", { count: selection.memberCount })}
            {" · "}
            {t("selections.page.activeLinks", { count: selection.activeShareCount })}
            {" · "}
            {t("selections.page.updated", { date: formatDateTimeFor(language, selection.updatedAt) })}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** /dashboard/scouting/selections (issue 36): the selections for clients, and a new one. */
export function SelectionsPage() {
  const { t } = useLanguage();
  return (
    <div className="grid max-w-5xl min-w-0 gap-6">
      <PageHeader className="mb-0" title={t("selections.page.title")} description={t("selections.page.intro")} />
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight tracking-tight">{t("selections.page.createTitle")}</h2>
        </CardHeader>
        <CardContent>
          <CreateSelectionForm />
        </CardContent>
      </Card>
      <section aria-labelledby="selections-list-title" className="grid gap-3">
        <h2 id="selections-list-title" className="text-lg font-semibold">
          {t("selections.page.listTitle")}
        </h2>
        <SelectionList />
      </section>
    </div>
  );
}

export const Component = SelectionsPage;
