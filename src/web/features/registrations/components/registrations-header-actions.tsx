import { useCan } from "@web/features/accounts";
import { useT } from "@web/lib/language";
import { Download, RefreshCw } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { exportAllCsvUrl } from "../api/export-csv";
import type { RegistrationsView } from "../hooks/use-registrations-view";

/** The heading's actions: refresh, and the download of the filtered list as CSV (for those who may export). */
export function RegistrationsHeaderActions({ view }: { view: RegistrationsView }) {
  const t = useT();
  const canExport = useCan()("registrations.export");
  const { events, eventId, list, filterParams, requestedFilterParams } = view;
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
      {canExport && eventId ? (
        <Button asChild title={t("registrations.downloadAllHint")}>
          <a
            href={exportAllCsvUrl(filterParams)}
            download
            // A click right after a filter changed downloads what the filters now say, not the address's last commit.
            onClick={(event) => {
              event.currentTarget.href = exportAllCsvUrl(requestedFilterParams());
            }}
          >
            <Download aria-hidden="true" />
            {t("registrations.downloadAll")}
          </a>
        </Button>
      ) : null}
      {canExport && !eventId ? (
        <Button disabled title={t("registrations.downloadAllHint")}>
          <Download aria-hidden="true" />
          {t("registrations.downloadAll")}
        </Button>
      ) : null}
    </>
  );
}
