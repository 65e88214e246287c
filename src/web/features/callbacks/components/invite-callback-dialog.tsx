import type { Translate } from "@common/i18n";
import { formatDateFor } from "@common/dates-language";
import type { CallbackInviteResult } from "@common/schemas/callbacks";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { callbackInvitationsPath, eventsQueryOptions } from "@web/features/events";
import { ApiError } from "@web/lib/api";
import { useLanguage, useT } from "@web/lib/language";
import { useInviteToCallback } from "../api/callback-invitations";
import { agencyInstant, dayBefore } from "./deadline";

export interface InviteCallbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The open call the people are registered in. */
  eventId: string;
  /** Who to invite, with their names to say who was not invited. */
  people: Array<{ id: string; fullName: string }>;
  onInvited?: () => void;
}

interface InviteOutcome {
  callbackId: string;
  reply: CallbackInviteResult;
  people: InviteCallbackDialogProps["people"];
}

/** "Invitar a callback" (issue 36): one of the open call's callbacks, a deadline, and the result. */
export function InviteCallbackDialog({ open, onOpenChange, eventId, people, onInvited }: InviteCallbackDialogProps) {
  const t = useT();
  const invite = useInviteToCallback();
  // The people as they were sent: the caller may clear its selection once they are invited.
  const [result, setResult] = useState<InviteOutcome | null>(null);
  const close = (next: boolean) => {
    if (invite.isPending) return;
    if (!next) {
      setResult(null);
      invite.reset();
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("callbacks.invite.title")}</DialogTitle>
          <DialogDescription>{t("callbacks.invite.description", { count: (result?.people ?? people).length })}</DialogDescription>
        </DialogHeader>
        {result ? (
          <InviteResult result={result} onClose={() => close(false)} />
        ) : (
          <InviteForm
            eventId={eventId}
            busy={invite.isPending}
            error={invite.error}
            onCancel={() => close(false)}
            onSubmit={(callbackId, deadline) =>
              invite.mutate(
                { callbackId, body: { registrationIds: people.map((person) => person.id), deadline } },
                {
                  onSuccess: (reply) => {
                    setResult({ callbackId, reply, people });
                    onInvited?.();
                  },
                },
              )
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The server's message for a refusal, else the catalogue's. */
const failureOf = (t: Translate, error: Error | null) =>
  !error
    ? null
    : error instanceof ApiError && error.code !== "http_error" && !error.fields
      ? error.message
      : t("callbacks.invite.failed");

interface InviteFormProps {
  eventId: string;
  busy: boolean;
  error: Error | null;
  onCancel: () => void;
  onSubmit: (callbackId: string, deadline: string) => void;
}

function InviteForm({ eventId, busy, error, onCancel, onSubmit }: InviteFormProps) {
  const { t, language } = useLanguage();
  const id = useId();
  const events = useQuery(eventsQueryOptions());
  const callbacks = (events.data ?? []).filter((event) => event.kind === "callback" && event.callbackOf === eventId);
  const [callbackId, setCallbackId] = useState("");
  const [date, setDate] = useState("");
  const [time, setTime] = useState("20:00");
  const [missing, setMissing] = useState(false);
  // The only callback is chosen already; the deadline's day is the callback's eve until one is typed.
  const chosen = callbacks.find((event) => event.id === callbackId) ?? (callbacks.length === 1 ? callbacks[0] : undefined);
  const deadlineDate = date || (chosen ? dayBefore(chosen.eventDate) : "");
  const deadlineError = error instanceof ApiError ? error.fields?.deadline : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !deadlineDate || !time) return setMissing(true);
    onSubmit(chosen.id, agencyInstant(deadlineDate, time));
  };
  if (events.isSuccess && callbacks.length === 0) return <NoCallbacks onClose={onCancel} />;
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <Field
        id={`${id}-callback`}
        label={t("callbacks.invite.callback")}
        error={missing && !chosen ? t("callbacks.invite.chooseCallback") : undefined}
      >
        <NativeSelect
          {...fieldAria(`${id}-callback`, missing && !chosen ? "missing" : undefined)}
          value={chosen?.id ?? ""}
          onChange={(e) => setCallbackId(e.target.value)}
        >
          {callbacks.length > 1 ? <option value="" /> : null}
          {callbacks.map((event) => (
            <option key={event.id} value={event.id}>
              {`${event.eventName} · ${formatDateFor(language, event.eventDate)}`}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-date`} label={t("callbacks.invite.deadlineDate")} error={deadlineError}>
          <Input
            type="date"
            {...fieldAria(`${id}-date`, deadlineError)}
            value={deadlineDate}
            onChange={(e) => setDate(e.target.value)}
          />
        </Field>
        <Field id={`${id}-time`} label={t("callbacks.invite.deadlineTime")} hint={t("callbacks.invite.deadlineHint")}>
          <Input
            type="time"
            {...fieldAria(`${id}-time`, undefined, true)}
            value={time}
            onChange={(e) => setTime(e.target.value)}
          />
        </Field>
      </div>
      {failureOf(t, error) ? (
        <Alert variant="destructive">
          <AlertDescription>{failureOf(t, error)}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {t("callbacks.invite.cancel")}
        </Button>
        <Button type="submit" disabled={busy || !events.isSuccess} aria-busy={busy || undefined}>
          {busy ? t("callbacks.invite.sending") : t("callbacks.invite.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The open call has no callback yet: where to make one. */
function NoCallbacks({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <>
      <p className="text-sm">{t("callbacks.invite.noCallbacks")}</p>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t("callbacks.invite.close")}
        </Button>
      </DialogFooter>
    </>
  );
}

function InviteResult({ result, onClose }: { result: InviteOutcome; onClose: () => void }) {
  const t = useT();
  const names = new Map(result.people.map((person) => [person.id, person.fullName]));
  const { invited, skipped } = result.reply;
  return (
    <div className="grid gap-3" role="status">
      <p className="font-medium">{t("callbacks.invite.done", { count: invited })}</p>
      {skipped.length > 0 ? (
        <div className="grid gap-1 text-sm">
          <p>{t("callbacks.invite.skipped", { count: skipped.length })}</p>
          <ul className="list-disc pl-5 text-muted-foreground">
            {skipped.map((skip) => (
              <li key={skip.id}>
                {t("callbacks.invite.skippedPerson", {
                  name: names.get(skip.id) ?? skip.id,
                  reason: t(`callbacks.skipReasons.${skip.reason}`),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <DialogFooter>
        <Button variant="outline" asChild>
          <Link to={callbackInvitationsPath(result.callbackId)}>{t("callbacks.invite.seeInvitations")}</Link>
        </Button>
        <Button onClick={onClose}>{t("callbacks.invite.close")}</Button>
      </DialogFooter>
    </div>
  );
}
