import { formatDateTimeFor } from "@common/dates-language";
import { SHARE_PASSWORD_MAX, type ClientSelection } from "@common/schemas/selections";
import { Lock } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useParams, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { Loading } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api";
import { useLanguage, useT } from "@web/lib/language";
import { useClientSelection } from "../api/get-client-selection";
import { useUnlockShare } from "../api/unlock-share";
import { MemberCard, MemberDetail } from "../components/client-member";

function UnlockForm({ token }: { token: string }) {
  const t = useT();
  const unlock = useUnlockShare(token);
  const [password, setPassword] = useState("");
  const error = unlock.isError
    ? unlock.error instanceof ApiError
      ? unlock.error.message
      : t("selections.client.failed")
    : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    unlock.mutate(password);
  };
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <h1 className="flex items-center gap-2 text-xl font-semibold">
          <Lock className="size-5 text-primary" aria-hidden="true" />
          {t("selections.client.locked.title")}
        </h1>
        <p className="text-sm text-muted-foreground">{t("selections.client.locked.intro")}</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <Field id="share-password" label={t("selections.client.locked.password")} error={error}>
            <Input
              {...fieldAria("share-password", error)}
              type="password"
              autoComplete="current-password"
              maxLength={SHARE_PASSWORD_MAX}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          <Button type="submit" className="justify-self-start" disabled={unlock.isPending || !password}>
            {unlock.isPending ? t("selections.client.locked.opening") : t("selections.client.locked.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SelectionView({ token, selection }: { token: string; selection: ClientSelection }) {
  const { t, language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const openId = params.get("p");
  const open = selection.members.find((member) => member.id === openId);
  const lastOpened = useRef<string | null>(null);
  // Back from a person: focus returns to their card's button.
  useEffect(() => {
    if (open || !lastOpened.current) return;
    document.querySelector<HTMLElement>(`[data-member="${lastOpened.current}"] [data-open]`)?.focus();
    lastOpened.current = null;
  }, [open]);
  const favourites = selection.members.filter((member) => member.favourite).length;
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <p className="text-sm font-medium text-muted-foreground">
          {t("selections.client.for", { agency: selection.agency.name, client: selection.clientName })}
        </p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl [overflow-wrap:anywhere]">{selection.name}</h1>
        <p className="text-sm text-muted-foreground">
          {t("selections.client.expires", { date: formatDateTimeFor(language, selection.expiresAt) })}
          {" · "}
          <span aria-live="polite">{t("selections.client.favourites", { count: favourites })}</span>
        </p>
        <p className="text-sm text-muted-foreground">{t("selections.client.watermarkNote")}</p>
      </header>
      {open ? (
        <MemberDetail token={token} member={open} onBack={() => setParams({}, { replace: false })} />
      ) : selection.members.length === 0 ? (
        <p>{t("selections.client.empty")}</p>
      ) : (
        <ul
          className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          aria-label={t("selections.client.people")}
        >
          {selection.members.map((member) => (
            <MemberCard
              key={member.id}
              token={token}
              member={member}
              onOpen={() => {
                lastOpened.current = member.id;
                setParams({ p: member.id });
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /shared/:token (issue 36): a selection as the client sees it, without an account: a grid of the
 * people (photo, first name, age, height, city) and each one's detail (every photo, measurements),
 * favourites and a note per person. A link with a password asks it first; one that is gone says so.
 */
export function ClientSelectionPage() {
  const t = useT();
  const { token = "" } = useParams();
  const selection = useClientSelection(token);
  let body;
  if (selection.data) body = <SelectionView token={token} selection={selection.data} />;
  else if (selection.isError) {
    const error = selection.error;
    if (error instanceof ApiError && error.code === "share_locked") body = <UnlockForm token={token} />;
    else
      body = (
        <Alert variant="destructive" className="mx-auto max-w-xl">
          <AlertDescription>
            <h1 className="font-semibold">
              {error instanceof ApiError && error.status === 404
                ? t("selections.client.errors.gone")
                : t("selections.client.failed")}
            </h1>
          </AlertDescription>
        </Alert>
      );
  } else body = <Loading text={t("selections.client.loading")} />;
  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">{body}</div>;
}

export const Component = ClientSelectionPage;
