import { SELECTION_NAME_MAX, type Selection } from "@common/schemas/selections";
import { ArrowLeft } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api";
import { useT } from "@web/lib/language";
import { useDeleteSelection } from "../api/delete-selection";
import { useSelection } from "../api/get-selection";
import { useRenameSelection } from "../api/rename-selection";
import { MembersList } from "../components/members-list";
import { ShareForm } from "../components/share-form";
import { SharesList } from "../components/shares-list";

function RenameForm({ selection }: { selection: Selection }) {
  const t = useT();
  const id = useId();
  const rename = useRenameSelection(selection.id);
  const [name, setName] = useState(selection.name);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t("selections.errors.nameRequired"));
    rename.mutate(name.trim(), {
      onSuccess: () => setError(undefined),
      onError: (failure) =>
        setError(failure instanceof ApiError ? (failure.fields?.name ?? failure.message) : t("selections.detail.saveFailed")),
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
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Button type="submit" variant="outline" className="sm:mt-7" disabled={rename.isPending || name.trim() === selection.name}>
        {t("selections.detail.rename")}
      </Button>
    </form>
  );
}

function DeleteSelection({ selection }: { selection: Selection }) {
  const t = useT();
  const navigate = useNavigate();
  const remove = useDeleteSelection(selection.id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="text-destructive" onClick={() => setOpen(true)}>
        {t("selections.detail.delete")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>{t("selections.detail.deleteTitle", { name: selection.name })}</DialogTitle>
            <DialogDescription>{t("selections.detail.deleteText")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t("selections.detail.cancel")}
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: () => navigate("/dashboard/scouting/selections") })}
            >
              {t("selections.detail.deleteConfirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * /dashboard/scouting/selections/:selectionId (issue 36): the selection's people in the client's
 * order, its links and what each client marked, asked again every few seconds ("live").
 */
export function SelectionPage() {
  const t = useT();
  const { selectionId = "" } = useParams();
  const selection = useSelection(selectionId);
  const back = (
    <Button asChild variant="ghost" size="sm" className="justify-self-start">
      <Link to="/dashboard/scouting/selections">
        <ArrowLeft aria-hidden="true" />
        {t("selections.detail.back")}
      </Link>
    </Button>
  );
  if (selection.isError)
    return (
      <div className="grid max-w-5xl gap-4">
        {back}
        <Alert variant="destructive">
          <AlertDescription>
            {selection.error instanceof ApiError && selection.error.status === 404
              ? t("selections.errors.notFound")
              : t("selections.detail.loadFailed")}
          </AlertDescription>
        </Alert>
      </div>
    );
  if (!selection.data) return <Loading text={t("common.loading")} />;
  const data = selection.data;
  return (
    <div className="grid max-w-5xl min-w-0 gap-6 pb-12">
      {back}
      <PageHeader
        className="mb-0"
        title={data.name}
        description={t("selections.detail.live")}
        actions={<DeleteSelection selection={data} />}
      />
      <MembersList selection={data} />
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight tracking-tight">{t("selections.share.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("selections.share.intro")}</p>
        </CardHeader>
        <CardContent>
          <ShareForm selectionId={data.id} />
        </CardContent>
      </Card>
      <SharesList selection={data} />
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight tracking-tight">{t("selections.detail.renameTitle")}</h2>
        </CardHeader>
        <CardContent>
          <RenameForm key={data.name} selection={data} />
        </CardContent>
      </Card>
    </div>
  );
}

export const Component = SelectionPage;
