import { formatFieldValue } from "@common/registrant/format";
import { SELECTION_NOTE_MAX, type ClientMember } from "@common/schemas/selections";
import { ArrowLeft, Star } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { Field, fieldAria } from "@web/components/ui/field";
import { Textarea } from "@web/components/ui/input";
import { ApiError } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { useLanguage, useT } from "@web/lib/language";
import { useSaveClientPick } from "../api/save-client-pick";

/*
 * A person of a selection as the client sees them (issue 36): their card in the grid and their
 * detail, each with the favourite; the detail with every photo, the measurements and a note.
 */

/** The person's facts as the client reads them: age, height, measurements, city. */
function Facts({ member, className }: { member: ClientMember; className?: string }) {
  const { t, language } = useLanguage();
  const rows: Array<[string, string]> = [
    [
      t("selections.client.ageLabel"),
      member.age === null ? t("registrant.values.notAvailable") : t("selections.client.age", { age: member.age }),
    ],
    [t("registrant.shortLabels.height"), formatFieldValue("height", member.height, language)],
    [t("registrant.shortLabels.bust"), formatFieldValue("bust", member.bust, language)],
    [t("registrant.shortLabels.waist"), formatFieldValue("waist", member.waist, language)],
    [t("registrant.shortLabels.hips"), formatFieldValue("hips", member.hips, language)],
    [t("selections.client.city"), member.location],
  ];
  return (
    <dl className={cn("grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm", className)}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="[overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FavouriteButton({ token, member }: { token: string; member: ClientMember }) {
  const t = useT();
  const save = useSaveClientPick(token);
  return (
    <Button
      type="button"
      variant={member.favourite ? "default" : "outline"}
      size="sm"
      aria-pressed={member.favourite}
      aria-label={t("selections.client.favouriteOf", { name: member.firstName })}
      disabled={save.isPending}
      onClick={() => save.mutate({ memberId: member.id, favourite: !member.favourite })}
    >
      <Star aria-hidden="true" className={member.favourite ? "fill-current" : undefined} />
      {t("selections.client.favourite")}
    </Button>
  );
}

export function MemberCard({ token, member, onOpen }: { token: string; member: ClientMember; onOpen: () => void }) {
  const t = useT();
  const face = member.photos[0];
  const headingId = useId();
  return (
    <li data-member={member.id}>
      <article aria-labelledby={headingId} className="grid h-full gap-3 rounded-xl border bg-card p-3 shadow-sm">
        {face ? (
          <img
            src={face.thumbUrl}
            alt={t("selections.client.photo", { name: member.firstName })}
            className="aspect-[4/5] w-full rounded-lg bg-muted object-cover"
            loading="lazy"
          />
        ) : (
          <div className="aspect-[4/5] w-full rounded-lg bg-muted" aria-hidden="true" />
        )}
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold [overflow-wrap:anywhere]">
            {member.firstName}
          </h2>
          {member.age !== null ? (
            <span className="text-sm text-muted-foreground">{t("selections.client.age", { age: member.age })}</span>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">
          {formatFieldValue("height", member.height)} · {member.location}
        </p>
        {member.note ? (
          <p className="text-sm [overflow-wrap:anywhere]">{t("selections.client.yourNote", { note: member.note })}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2">
          <FavouriteButton token={token} member={member} />
          <Button
            type="button"
            size="sm"
            variant="secondary"
            data-open
            onClick={onOpen}
            aria-label={t("selections.client.open", { name: member.firstName })}
          >
            {t("selections.client.details")}
          </Button>
        </div>
      </article>
    </li>
  );
}

function NoteForm({ token, member }: { token: string; member: ClientMember }) {
  const t = useT();
  const id = useId();
  const save = useSaveClientPick(token);
  const [note, setNote] = useState(member.note ?? "");
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate({ memberId: member.id, note }, { onSuccess: () => setSaved(true) });
  };
  const error = save.isError
    ? save.error instanceof ApiError
      ? save.error.message
      : t("selections.client.saveFailed")
    : undefined;
  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <Field
        id={`${id}-note`}
        label={t("selections.client.note", { name: member.firstName })}
        hint={t("selections.client.noteHint")}
        error={error}
      >
        <Textarea
          {...fieldAria(`${id}-note`, error, true)}
          rows={3}
          maxLength={SELECTION_NOTE_MAX}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setSaved(false);
          }}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" variant="outline" disabled={save.isPending}>
          {t("selections.client.saveNote")}
        </Button>
        <p role="status" className="text-sm">
          {saved ? t("selections.client.noteSaved") : ""}
        </p>
      </div>
    </form>
  );
}

export function MemberDetail({ token, member, onBack }: { token: string; member: ClientMember; onBack: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [member.id]);
  return (
    <section aria-labelledby="member-title" className="grid gap-4">
      <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        {t("selections.client.back")}
      </Button>
      <h2 id="member-title" ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none [overflow-wrap:anywhere]">
        {member.firstName}
      </h2>
      <div className="grid gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-start">
        <ul className="grid gap-3" aria-label={t("selections.client.photos", { name: member.firstName })}>
          {member.photos.map((photo) => (
            <li key={photo.id}>
              <img
                src={photo.url}
                alt={t("selections.client.photoOfKind", { name: member.firstName, kind: t(`public.photos.kinds.${photo.kind}`) })}
                className="w-full rounded-lg bg-muted"
              />
            </li>
          ))}
        </ul>
        <div className="grid gap-4">
          <Facts member={member} />
          <FavouriteButton token={token} member={member} />
          <NoteForm key={member.id} token={token} member={member} />
        </div>
      </div>
    </section>
  );
}
