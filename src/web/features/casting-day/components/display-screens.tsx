import { formatDateTimeFor } from "@common/dates-language";
import { DISPLAY_KEY_NAME_MAX } from "@common/schemas/queue";
import { ExternalLink } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { Loading } from "@web/components/ui/spinner";
import { fieldErrorsOf, FormFailure, SecretPanel } from "@web/features/integrations";
import { ApiError } from "@web/lib/api";
import { useLanguage, useT } from "@web/lib/language";
import { useCreateDisplayKey, type CreatedDisplayKey } from "../api/create-display-key";
import { useDisplayKeys, type DisplayKey } from "../api/list-display-keys";
import { useRevokeDisplayKey } from "../api/revoke-display-key";
import { RevokeDialog } from "./revoke-dialog";

const NAME_ID = "display-key-name";
const LIST_TITLE_ID = "display-keys-list-title";

/**
 * «Pantallas de turnos»: a TV at the venue shows the numbers called and their room, no names. A new
 * screen's address (its key inside) is shown once.
 */
export function DisplayScreens({ eventId }: { eventId: string }) {
  const t = useT();
  const [created, setCreated] = useState<CreatedDisplayKey | null>(null);
  const closePanel = () => {
    setCreated(null);
    requestAnimationFrame(() => document.getElementById(NAME_ID)?.focus());
  };
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold tracking-tight">{t("castingday.screens.title")}</h2>
        <p className="text-sm text-muted-foreground">{t("castingday.screens.intro")}</p>
      </CardHeader>
      <CardContent className="grid gap-6">
        {created ? (
          <SecretPanel
            key={created.id}
            fieldId="created-display-key"
            title={t("castingday.screens.created", { name: created.name })}
            label={t("castingday.screens.link")}
            secret={created.url}
            note={t("castingday.screens.note")}
            onDone={closePanel}
          >
            <Button asChild variant="outline" className="justify-self-start">
              <a href={created.url} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                {t("castingday.screens.open")}
              </a>
            </Button>
          </SecretPanel>
        ) : null}
        <DisplayKeyForm eventId={eventId} onCreated={setCreated} />
        <section aria-labelledby={LIST_TITLE_ID} className="grid gap-3">
          <h3 id={LIST_TITLE_ID} tabIndex={-1} className="text-lg font-semibold focus-visible:outline-none">
            {t("castingday.screens.listTitle")}
          </h3>
          <DisplayKeyList eventId={eventId} />
        </section>
      </CardContent>
    </Card>
  );
}

function DisplayKeyForm({ eventId, onCreated }: { eventId: string; onCreated: (key: CreatedDisplayKey) => void }) {
  const t = useT();
  const create = useCreateDisplayKey(eventId);
  const [name, setName] = useState("");
  const [missing, setMissing] = useState(false);
  const error = missing ? t("castingday.screens.nameRequired") : fieldErrorsOf(["name"], create.error).name;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setMissing(true);
      requestAnimationFrame(() => document.getElementById(NAME_ID)?.focus());
      return;
    }
    setMissing(false);
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (created) => {
          setName("");
          onCreated(created);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field id={NAME_ID} label={t("castingday.screens.name")} hint={t("castingday.screens.nameHint")} error={error}>
        <Input
          {...fieldAria(NAME_ID, error, true)}
          value={name}
          maxLength={DISPLAY_KEY_NAME_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      {!error && create.isError ? <FormFailure error={create.error} fallback={t("castingday.screens.createFailed")} /> : null}
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? t("castingday.creating") : t("castingday.screens.create")}
      </Button>
    </form>
  );
}

function DisplayKeyList({ eventId }: { eventId: string }) {
  const t = useT();
  const keys = useDisplayKeys(eventId);
  if (keys.isError) return <p className="text-destructive">{t("castingday.screens.loadFailed")}</p>;
  if (!keys.data) return <Loading text={t("common.loading")} />;
  if (keys.data.items.length === 0) return <p className="text-sm text-muted-foreground">{t("castingday.screens.empty")}</p>;
  return (
    <ul className="grid gap-2" data-testid="display-keys">
      {keys.data.items.map((key) => (
        <DisplayKeyItem key={key.id} eventId={eventId} displayKey={key} />
      ))}
    </ul>
  );
}

function DisplayKeyItem({ eventId, displayKey }: { eventId: string; displayKey: DisplayKey }) {
  const { language, t } = useLanguage();
  const revoke = useRevokeDisplayKey(eventId);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3 text-sm">
      <p className="grid min-w-0 gap-1">
        <span className="font-semibold wrap-anywhere">{displayKey.name}</span>
        <span className="text-muted-foreground">
          {t("castingday.screens.createdAt", { time: formatDateTimeFor(language, displayKey.createdAt) })}
        </span>
      </p>
      <RevokeDialog
        label={t("castingday.screens.revokeLabel", { name: displayKey.name })}
        title={t("castingday.screens.revokeTitle", { name: displayKey.name })}
        body={t("castingday.screens.revokeBody")}
        confirm={t("castingday.screens.revokeConfirm")}
        pending={revoke.isPending}
        focusAfter={LIST_TITLE_ID}
        onConfirm={(close) =>
          revoke.mutate(displayKey.id, {
            onSuccess: () => {
              close(true);
              toast.success(t("castingday.screens.revoked", { name: displayKey.name }));
            },
            onError: (failure) => {
              close(false);
              toast.error(failure instanceof ApiError ? failure.message : t("castingday.screens.revokeFailed"));
            },
          })
        }
      />
    </li>
  );
}
