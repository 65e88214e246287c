import { formatDateFor } from "@common/dates-language";
import { Megaphone, ScanLine } from "lucide-react";
import { Link, useParams } from "react-router";
import { Alert, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { useEvent } from "@web/features/events";
import { useLanguage } from "@web/lib/language";
import { DisplayScreens } from "../components/display-screens";
import { DoorPasses } from "../components/door-passes";
import { WalkInsCard } from "../components/walk-ins-card";

/**
 * /dashboard/scouting/events/:eventId/casting-day (castingday.manage): what an admin prepares for the
 * day (issue 35): registering at the door and its poster, the volunteers' door passes, the venue's
 * screens; and the way to the room and the door.
 */
export function CastingDayPage() {
  const { language, t } = useLanguage();
  const { eventId = "" } = useParams();
  const event = useEvent(eventId);
  if (event.isPending) return <Loading text={t("common.loading")} />;
  if (event.isError)
    return (
      <Alert variant="destructive">
        <AlertTitle>{t("castingday.loadFailed")}</AlertTitle>
      </Alert>
    );
  const query = `?eventId=${encodeURIComponent(event.data.id)}`;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        className="mb-0"
        title={t("castingday.title")}
        description={`${event.data.eventName} — ${formatDateFor(language, event.data.eventDate)}`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={`/dashboard/check-in/room${query}`}>
                <Megaphone aria-hidden="true" />
                {t("castingday.toRoom")}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/dashboard/check-in${query}`}>
                <ScanLine aria-hidden="true" />
                {t("castingday.toCheckIn")}
              </Link>
            </Button>
          </>
        }
      />
      <WalkInsCard event={event.data} />
      <DoorPasses eventId={event.data.id} eventDate={event.data.eventDate} />
      <DisplayScreens eventId={event.data.id} />
    </div>
  );
}

export const Component = CastingDayPage;
