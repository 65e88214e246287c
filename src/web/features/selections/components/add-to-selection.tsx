import { SELECTION_NAME_MAX } from "@common/schemas/selections";
import { useQueryClient } from "@tanstack/react-query";
import { ListPlus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { ApiError } from "@web/lib/api";
import { useT } from "@web/lib/language";
import { createSelection } from "../api/create-selection";
import { selectionQuery } from "../api/get-selection";
import { selectionsQuery, useSelections } from "../api/list-selections";
import { setSelectionMembers } from "../api/set-members";

const NEW = "new";

/**
 * «Agregar a selección» (issue 36): the registrations chosen in the list go to the end of a
 * selection, an existing one or a new one named here. People who did not agree to be shown to
 * clients are refused by the server, each named; nothing changes then.
 */
export function AddToSelectionButton({ registrationIds, onAdded }: { registrationIds: string[]; onAdded: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <ListPlus aria-hidden="true" />
        {t("selections.add.button")}
      </Button>
      {open ? (
        <AddToSelectionDialog
          registrationIds={registrationIds}
          onClose={() => setOpen(false)}
          onAdded={() => {
            setOpen(false);
            onAdded();
          }}
        />
      ) : null}
    </>
  );
}

type Failure = { message: string; people: string[] } | null;

/**
 * Adding to a selection (`NEW`: one made first, named `name`): the people already in stay first, in
 * their order; the new ones follow, in the list's. A refusal names each person refused.
 */
function useAddToSelection(registrationIds: string[], onAdded: () => void) {
  const t = useT();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  async function add(target: string, name: string) {
    setFailure(null);
    setBusy(true);
    try {
      const selectionId = target === NEW ? (await createSelection(name.trim())).id : target;
      const current = await client.fetchQuery({ ...selectionQuery(selectionId), staleTime: 0 });
      const kept = current.members.map((member) => member.registrationId);
      const selection = await setSelectionMembers(selectionId, [
        ...kept,
        ...registrationIds.filter((rid) => !kept.includes(rid)),
      ]);
      client.setQueryData(selectionQuery(selectionId).queryKey, selection);
      await client.invalidateQueries({ queryKey: selectionsQuery().queryKey, exact: true });
      toast.success(t("selections.add.done", { name: selection.name, count: selection.members.length }));
      onAdded();
    } catch (error) {
      if (error instanceof ApiError)
        setFailure({
          message: error.message,
          people: error.code === "consent_required" ? Object.values(error.fields ?? {}) : [],
        });
      else setFailure({ message: t("selections.add.failed"), people: [] });
      // A new selection made before the refusal stays (empty): the list shows it.
      if (target === NEW) await client.invalidateQueries({ queryKey: selectionsQuery().queryKey, exact: true });
    } finally {
      setBusy(false);
    }
  }
  return { add, busy, failure, setFailure };
}

function FailureAlert({ failure }: { failure: NonNullable<Failure> }) {
  return (
    <Alert variant="destructive">
      <AlertDescription className="grid gap-2">
        <p>{failure.message}</p>
        {failure.people.length > 0 ? (
          <ul className="list-disc pl-5">
            {failure.people.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

function AddToSelectionDialog({
  registrationIds,
  onClose,
  onAdded,
}: {
  registrationIds: string[];
  onClose: () => void;
  onAdded: () => void;
}) {
  const t = useT();
  const id = useId();
  const selections = useSelections();
  const { add, busy, failure, setFailure } = useAddToSelection(registrationIds, onAdded);
  const [choice, setChoice] = useState<string>("");
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const target = choice || (selections.data && selections.data.items.length === 0 ? NEW : "");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (target === NEW && !name.trim()) return setNameError(t("selections.errors.nameRequired"));
    if (!target) return setFailure({ message: t("selections.add.chooseOne"), people: [] });
    void add(target, name);
  }

  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("selections.add.title")}</DialogTitle>
          <DialogDescription>{t("selections.add.description", { count: registrationIds.length })}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <Field id={`${id}-selection`} label={t("selections.add.selection")}>
            <NativeSelect id={`${id}-selection`} value={target} onChange={(event) => setChoice(event.target.value)}>
              <option value="" disabled>
                {selections.isPending ? t("common.loading") : t("selections.add.choose")}
              </option>
              {selections.data?.items.map((selection) => (
                <option key={selection.id} value={selection.id}>
                  {t("selections.add.option", { name: selection.name, count: selection.memberCount })}
                </option>
              ))}
              <option value={NEW}>{t("selections.add.new")}</option>
            </NativeSelect>
          </Field>
          {target === NEW ? (
            <Field id={`${id}-name`} label={t("selections.form.name")} hint={t("selections.form.nameHint")} error={nameError}>
              <Input
                {...fieldAria(`${id}-name`, nameError, true)}
                value={name}
                maxLength={SELECTION_NAME_MAX}
                autoComplete="off"
                onChange={(event) => {
                  setName(event.target.value);
                  setNameError(undefined);
                }}
              />
            </Field>
          ) : null}
          {failure ? <FailureAlert failure={failure} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("selections.add.cancel")}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t("selections.add.adding") : t("selections.add.submit")}
            </Button>
          </DialogFooter>
          <p className="text-sm">
            <Link className="text-primary underline underline-offset-4" to="/dashboard/scouting/selections">
              {t("selections.add.open")}
            </Link>
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
