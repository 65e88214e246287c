import { formatDateTimeFor } from "@common/dates-language";
import { STAGE_MESSAGE, type RegistrationPanel } from "@common/schemas/panel";
import type { RegistrationListItem } from "@common/schemas/registrations";
import { useId, useState, type RefObject } from "react";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import { Textarea } from "@web/components/ui/input";
import { useLanguage, useT } from "@web/lib/language";
import { useMyScore, useRegistrationPanel } from "../api/panel-api";

/** The caller's own note, saved with their score (a note needs a score first). Keyed by registration. */
function MyNote({
  registration: r,
  myNote,
  noteRef,
}: {
  registration: RegistrationListItem;
  myNote: string | null;
  noteRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const t = useT();
  const save = useMyScore();
  const [draft, setDraft] = useState<string | null>(null);
  const noteId = useId();
  const hintId = useId();
  const value = draft ?? myNote ?? "";
  const mine = r.panel.mine;
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (mine === null) return;
        save.mutate(
          { id: r.id, score: mine, note: value },
          {
            onSuccess: () => {
              setDraft(null);
              toast.success(t("panel.notes.saved"));
            },
            onError: () => toast.error(t("panel.errors.scoreFailed")),
          },
        );
      }}
    >
      <label htmlFor={noteId} className="text-sm font-semibold">
        {t("panel.notes.mine")}
      </label>
      <Textarea
        id={noteId}
        ref={noteRef}
        rows={3}
        value={value}
        placeholder={t("panel.notes.placeholder")}
        onChange={(event) => setDraft(event.target.value)}
        aria-describedby={mine === null ? hintId : undefined}
      />
      <div className="flex items-center justify-between gap-2">
        {mine === null ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {t("panel.notes.scoreFirst")}
          </p>
        ) : (
          <span />
        )}
        <Button type="submit" size="sm" disabled={mine === null || save.isPending}>
          {t("panel.notes.save")}
        </Button>
      </div>
    </form>
  );
}

function PanelNotes({ panel }: { panel: RegistrationPanel }) {
  const { t, language } = useLanguage();
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">{t("panel.notes.title")}</h3>
      {panel.notes.length === 0 ? <p className="text-sm text-muted-foreground">{t("panel.notes.empty")}</p> : null}
      <ul className="grid gap-2">
        {panel.notes.map((note) => (
          <li key={`${note.author?.id ?? "gone"}-${note.updatedAt}`} className="rounded-lg border p-3 text-sm">
            <p className="whitespace-pre-wrap">{note.note}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {t("panel.notes.by", {
                author: note.author?.name ?? t("panel.history.unknownAuthor"),
                when: formatDateTimeFor(language, note.updatedAt),
              })}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StageHistory({ panel }: { panel: RegistrationPanel }) {
  const { t, language } = useLanguage();
  if (panel.stageHistory.length === 0) return null;
  return (
    <div className="grid gap-1">
      <h3 className="text-sm font-semibold">{t("panel.history.title")}</h3>
      <ul className="grid gap-1 text-xs text-muted-foreground">
        {panel.stageHistory.map((change) => (
          <li key={`${change.at}-${change.to}`}>
            {t("panel.history.item", {
              from: t(STAGE_MESSAGE[change.from]),
              to: t(STAGE_MESSAGE[change.to]),
              author: change.by?.name ?? t("panel.history.unknownAuthor"),
              when: formatDateTimeFor(language, change.at),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The note the caller writes, the panel's notes with their authors and times, the stage's history. */
export function ReviewNotes({
  registration,
  noteRef,
}: {
  registration: RegistrationListItem;
  noteRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const t = useT();
  const panel = useRegistrationPanel(registration.id);
  return (
    <section className="grid gap-3">
      <MyNote registration={registration} myNote={panel.data?.myNote ?? null} noteRef={noteRef} />
      {panel.isError ? <p className="text-sm text-destructive">{t("panel.errors.loadFailed")}</p> : null}
      {panel.data ? <PanelNotes panel={panel.data} /> : null}
      {panel.data ? <StageHistory panel={panel.data} /> : null}
    </section>
  );
}
