import { useT } from "@web/lib/language";
import { Download, RefreshCw } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { exportAllCsvUrl } from "../api/export-csv";
import type { RegistrationsView } from "../hooks/use-registrations-view";

/** The heading's actions: refresh, and the admin's download of the filtered list as CSV. */
export function RegistrationsHeaderActions({ view, isAdmin }: { view: RegistrationsView; isAdmin: boolean }) {
  const t = useT();
  const { events, eventId, list, filterParams } = view;
  const refresh = () => {
    void events.refetch();
    if (eventId) void list.refetch();
  };
  return (
    <>
      <Button variant="outline" onClick={refresh} disabled={list.isFetching}>
        <RefreshCw className={list.isFetching ? "motion-safe:animate-spin" : undefined} aria-hidden="true" />
        {t("registrations.refresh")}
      </Button>
      {isAdmin && eventId ? (
        <Button asChild title={t("registrations.downloadAllHint")}>
          <a href={exportAllCsvUrl(filterParams)} download>
            <Download aria-hidden="true" />
            {t("registrations.downloadAll")}
          </a>
        </Button>
      ) : null}
      {isAdmin && !eventId ? (
        <Button disabled title={t("registrations.downloadAllHint")}>
          <Download aria-hidden="true" />
          {t("registrations.downloadAll")}
        </Button>
      ) : null}
    </>
  );
}
