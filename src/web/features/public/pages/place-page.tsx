import { useT } from "@web/lib/language";
import { PlaceView } from "../queue/place-view";

/**
 * /turno?t=… (issue 35): a person's place in the casting day's line on their own phone. The
 * check-in QR code's link lands here when nobody is signed in on the phone (a staff phone goes to
 * the check-in screen); the manage link's token opens it too.
 */
export function PlacePage({ token }: { token: string }) {
  const t = useT();
  return (
    <div className="mx-auto grid max-w-xl gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("public.place.title")}</h1>
      <PlaceView token={token} />
    </div>
  );
}
