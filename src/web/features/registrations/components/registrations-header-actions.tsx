import { registrations as registrationsTexts } from "@common/texts/registrations";
import { Download, RefreshCw } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { exportAllCsvUrl } from "../api/export-csv";
import type { RegistrationsView } from "../hooks/use-registrations-view";

/** The heading's actions: refresh, and the admin's download of the filtered list as CSV. */
export function RegistrationsHeaderActions({ view, isAdmin }: { view: RegistrationsView; isAdmin: boolean }) {
  const { events, eventId, list, filterParams } = view;
  const refresh = () => {
    void events.refetch();
    if (eventId) void list.refetch();
  };
  return (
    <>
      <Button variant="outline" onClick={refresh} disabled={list.isFetching}>
        <RefreshCw className={list.isFetching ? "motion-safe:animate-spin" : undefined} aria-hidden="true" />
        {registrationsTexts.refresh}
      </Button>
      {isAdmin && eventId ? (
        <Button asChild title={registrationsTexts.downloadAllHint}>
          <a href={exportAllCsvUrl(filterParams)} download>
            <Download aria-hidden="true" />
            {registrationsTexts.downloadAll}
          </a>
        </Button>
      ) : null}
      {isAdmin && !eventId ? (
        <Button disabled title={registrationsTexts.downloadAllHint}>
          <Download aria-hidden="true" />
          {registrationsTexts.downloadAll}
        </Button>
      ) : null}
    </>
  );
}
