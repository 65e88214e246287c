import type { Tag } from "@common/schemas/panel";
import { Tags } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { Popover, PopoverContent, PopoverTrigger } from "@web/components/ui/popover";
import { useT } from "@web/lib/language";
import { useRegistrationTagsChange, useTags } from "../api/panel-api";

export function TagList({ tags }: { tags: Tag[] }) {
  const t = useT();
  if (tags.length === 0) return <span className="text-sm text-muted-foreground">{t("panel.tags.none")}</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t("panel.tags.label")}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <Badge tone="outline">{tag.name}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** Staff tag a registrant: the agency's tags as checkboxes, saved as a whole set. */
export function TagsEditor({ id, name, tags }: { id: string; name: string; tags: Tag[] }) {
  const t = useT();
  const all = useTags();
  const change = useRegistrationTagsChange();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const headingId = useId();
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) setChosen(new Set(tags.map((tag) => tag.id)));
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t("panel.tags.editTitle", { name })}>
          <Tags aria-hidden="true" />
          {t("panel.tags.edit")}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-labelledby={headingId}>
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            change.mutate(
              { id, tagIds: [...chosen] },
              { onSuccess: () => setOpen(false), onError: () => toast.error(t("panel.errors.tagsFailed")) },
            );
          }}
        >
          <p id={headingId} className="text-sm font-semibold">
            {t("panel.tags.editTitle", { name })}
          </p>
          {all.data && all.data.length === 0 ? <p className="text-sm text-muted-foreground">{t("panel.tags.empty")}</p> : null}
          <ul className="grid max-h-60 gap-2 overflow-y-auto">
            {all.data?.map((tag) => (
              <li key={tag.id}>
                <label className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={chosen.has(tag.id)}
                    onChange={(event) =>
                      setChosen((current) => {
                        const next = new Set(current);
                        if (event.target.checked) next.add(tag.id);
                        else next.delete(tag.id);
                        return next;
                      })
                    }
                  />
                  {tag.name}
                </label>
              </li>
            ))}
          </ul>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
              {t("panel.tags.cancel")}
            </Button>
            <Button type="submit" size="sm" disabled={change.isPending}>
              {t("panel.tags.save")}
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}
