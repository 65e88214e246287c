import type { Tag } from "@common/schemas/panel";
import { Pencil, Plus, Tags, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { ApiError } from "@web/lib/api";
import { useT } from "@web/lib/language";
import { useTagAdmin, useTags } from "../api/panel-api";

/** Admins define the agency's tags: create, rename, delete. */
export function TagsManager() {
  const t = useT();
  const tags = useTags();
  const admin = useTagAdmin();
  const [name, setName] = useState("");
  const nameId = useId();
  const failed = (error: Error) =>
    toast.error(error instanceof ApiError && error.message ? error.message : t("panel.errors.tagsFailed"));
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Tags aria-hidden="true" />
          {t("panel.tags.manage")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("panel.tags.manage")}</DialogTitle>
          <DialogDescription className="sr-only">{t("panel.tags.manage")}</DialogDescription>
        </DialogHeader>
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return;
            admin.create.mutate(name.trim(), { onSuccess: () => setName(""), onError: failed });
          }}
        >
          <div className="grid flex-1 gap-2">
            <label htmlFor={nameId} className="text-sm font-medium">
              {t("panel.tags.name")}
            </label>
            <Input id={nameId} value={name} maxLength={40} onChange={(event) => setName(event.target.value)} />
          </div>
          <Button type="submit" disabled={admin.create.isPending}>
            <Plus aria-hidden="true" />
            {t("panel.tags.create")}
          </Button>
        </form>
        {tags.data && tags.data.length === 0 ? <p className="text-sm text-muted-foreground">{t("panel.tags.empty")}</p> : null}
        <ul className="grid gap-2">
          {tags.data?.map((tag) => (
            <TagRow key={tag.id} tag={tag} onFailed={failed} />
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

function TagRow({ tag, onFailed }: { tag: Tag; onFailed: (error: Error) => void }) {
  const t = useT();
  const admin = useTagAdmin();
  const [editing, setEditing] = useState<string | null>(null);
  const inputId = useId();
  if (editing !== null) {
    return (
      <li>
        <form
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            admin.rename.mutate({ id: tag.id, name: editing.trim() }, { onSuccess: () => setEditing(null), onError: onFailed });
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            {t("panel.tags.name")}
          </label>
          <Input id={inputId} value={editing} maxLength={40} onChange={(event) => setEditing(event.target.value)} autoFocus />
          <Button type="submit" size="sm">
            {t("panel.tags.save")}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(null)}>
            {t("panel.tags.cancel")}
          </Button>
        </form>
      </li>
    );
  }
  return (
    <li className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5">
      <span className="text-sm font-medium">{tag.name}</span>
      <span className="flex gap-1">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`${t("panel.tags.rename")} ${tag.name}`}
          onClick={() => setEditing(tag.name)}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-destructive hover:text-destructive"
          aria-label={`${t("panel.tags.delete")} ${tag.name}`}
          onClick={() => {
            if (window.confirm(t("panel.tags.deleteConfirm", { name: tag.name }))) {
              admin.remove.mutate(tag.id, { onError: onFailed });
            }
          }}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </span>
    </li>
  );
}
