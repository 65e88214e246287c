import { registrationPhotoUrl } from "@common/photos";
import type { Selection, SelectionMember } from "@common/schemas/selections";
import { ArrowDown, ArrowUp, Star, X } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api";
import { useT } from "@web/lib/language";
import { useSetMembers } from "../api/set-members";

/** What each client marked on one person: their favourite and their note, by client. */
function picksOf(selection: Selection, memberId: string) {
  return selection.shares.flatMap((share) =>
    share.picks
      .filter((pick) => pick.memberId === memberId)
      .map((pick) => ({ ...pick, client: share.clientName, shareId: share.id })),
  );
}

/**
 * The selection's people in the order the client sees them, with what each client marked; an admin
 * moves a person up or down, or takes them out (the whole list is saved at once).
 */
export function MembersList({ selection }: { selection: Selection }) {
  const t = useT();
  const setMembers = useSetMembers(selection.id);
  const ids = selection.members.map((member) => member.registrationId);
  const save = (next: string[]) => setMembers.mutate(next);
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    save(next);
  };

  return (
    <section aria-labelledby="members-title" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="members-title" className="text-lg font-semibold">
          {t("selections.members.title", { count: selection.members.length })}
        </h2>
        <Button asChild size="sm" variant="outline">
          <Link to="/dashboard/scouting/registrations">{t("selections.members.fromRegistrations")}</Link>
        </Button>
      </div>
      {setMembers.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {setMembers.error instanceof ApiError ? setMembers.error.message : t("selections.members.saveFailed")}
        </p>
      ) : null}
      {selection.members.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("selections.members.empty")}</p>
      ) : (
        <ol className="grid gap-2" data-testid="selection-members">
          {selection.members.map((member, index) => (
            <MemberRow
              key={member.id}
              member={member}
              picks={picksOf(selection, member.id)}
              busy={setMembers.isPending}
              onUp={index > 0 ? () => move(index, -1) : undefined}
              onDown={index < selection.members.length - 1 ? () => move(index, 1) : undefined}
              onRemove={() => save(ids.filter((id) => id !== member.registrationId))}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

type MemberPick = { favourite: boolean; note: string | null; client: string; shareId: string };

/** What each client marked on the person: a favourite, a note. */
function MemberPicks({ name, picks }: { name: string; picks: MemberPick[] }) {
  const t = useT();
  if (picks.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm" aria-label={t("selections.members.picks", { name })}>
      {picks.map((pick) => (
        <li key={pick.shareId} className="[overflow-wrap:anywhere]">
          {pick.favourite ? (
            <span className="inline-flex items-center gap-1 font-medium text-amber-700 dark:text-amber-300">
              <Star className="size-4 fill-current" aria-hidden="true" />
              {t("selections.members.favouriteOf", { client: pick.client })}
            </span>
          ) : null}
          {pick.favourite && pick.note ? " · " : null}
          {pick.note ? t("selections.members.noteOf", { client: pick.client, note: pick.note }) : null}
        </li>
      ))}
    </ul>
  );
}

function MemberRow({
  member,
  picks,
  busy,
  onUp,
  onDown,
  onRemove,
}: {
  member: SelectionMember;
  picks: MemberPick[];
  busy: boolean;
  onUp: (() => void) | undefined;
  onDown: (() => void) | undefined;
  onRemove: () => void;
}) {
  const t = useT();
  const face = member.photos[0];
  const name = member.fullName;
  return (
    <li
      className="grid gap-2 rounded-lg border bg-card p-3 sm:grid-cols-[auto_1fr_auto] sm:items-start"
      data-testid="selection-member"
    >
      <div className="flex min-w-0 items-start gap-3 sm:contents">
        {face ? (
          <img
            src={registrationPhotoUrl(member.registrationId, face, "thumb")}
            alt={t("selections.members.photo", { name })}
            className="size-14 shrink-0 rounded-md object-cover"
            loading="lazy"
          />
        ) : (
          <div className="size-14 shrink-0 rounded-md bg-muted" aria-hidden="true" />
        )}
        <div className="grid min-w-0 gap-1">
          <p className="font-medium [overflow-wrap:anywhere]">
            {t("selections.members.numbered", { position: member.position + 1, name })}
          </p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {t("selections.members.details", { code: member.registrationCode, event: member.eventName })}
            {member.age !== null ? ` · ${t("selections.members.age", { age: member.age })}` : null} · {member.location}
          </p>
          <MemberPicks name={name} picks={picks} />
        </div>
      </div>
      <div className="flex gap-1 max-sm:justify-end">
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={!onUp || busy}
          onClick={onUp}
          aria-label={t("selections.members.up", { name })}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={!onDown || busy}
          onClick={onDown}
          aria-label={t("selections.members.down", { name })}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={busy}
          onClick={onRemove}
          aria-label={t("selections.members.remove", { name })}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
