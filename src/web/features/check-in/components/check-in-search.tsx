import { formatTimeRangeFor } from "@common/dates-language";
import type { CheckInSearchResponse } from "@common/schemas/check-ins";
import { Search } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { useLanguage } from "@web/lib/language";

type Item = CheckInSearchResponse["items"][number];

/** 'Código o nombre': a typed code or a part of a name; the matches to choose from. */
export function CheckInSearch({
  onSearch,
  results,
  onChoose,
}: {
  onSearch: (q: string) => void;
  results: Item[] | null;
  onChoose: (item: Item) => void;
}) {
  const { language, t } = useLanguage();
  const id = useId();
  const [q, setQ] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (q.trim()) onSearch(q.trim());
  };
  return (
    <div className="grid gap-3">
      <form onSubmit={submit} className="grid gap-2" role="search">
        <Label htmlFor={id}>{t("checkin.search.label")}</Label>
        <div className="flex gap-2">
          <Input
            id={id}
            value={q}
            onChange={(event) => setQ(event.target.value)}
            placeholder={t("checkin.search.placeholder")}
            autoComplete="off"
            autoCapitalize="characters"
            enterKeyHint="search"
            maxLength={100}
          />
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" />
            {t("checkin.search.submit")}
          </Button>
        </div>
      </form>
      {results && results.length === 0 ? <p className="text-sm text-muted-foreground">{t("checkin.search.none")}</p> : null}
      {results && results.length > 0 ? (
        <ul aria-label={t("checkin.search.results")} className="grid gap-2">
          {results.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onChoose(item)}
                className="flex w-full flex-wrap items-center justify-between gap-2 rounded-md border bg-card px-3 py-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="min-w-0">
                  <span className="block font-medium wrap-anywhere">{item.fullName}</span>
                  <span className="block text-xs text-muted-foreground">
                    {item.registrationCode} · {formatTimeRangeFor(language, item.timeslot.startTime, item.timeslot.endTime)}
                  </span>
                </span>
                {item.guardianStatus === "refused" ? (
                  <Badge tone="red">{t("checkin.search.guardianRefused")}</Badge>
                ) : item.status === "cancelled" ? (
                  <Badge tone="red">{t("checkin.search.cancelled")}</Badge>
                ) : item.attended ? (
                  <Badge tone="green">{t("checkin.search.arrived")}</Badge>
                ) : item.guardianStatus === "pending" ? (
                  <Badge tone="yellow">{t("checkin.search.guardianPending")}</Badge>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
