import type { WaitlistJoined } from "@common/schemas/self-service";
import { ListOrdered } from "lucide-react";
import { useEffect } from "react";
import { useT } from "@web/lib/language";
import { Card } from "./public-ui";

/** After joining a full slot's waiting list: where the person stands, and what happens next. */
export function WaitlistJoinedCard({ joined }: { joined: WaitlistJoined }) {
  const t = useT();
  useEffect(() => window.scrollTo(0, 0), []);
  return (
    <Card className="mx-auto grid max-w-xl gap-3 p-6 text-center sm:p-8">
      <ListOrdered className="mx-auto size-12 text-primary" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t("public.waitlist.joinedTitle")}</h1>
      <p className="text-muted-foreground">{t("public.waitlist.joinedBody", { email: joined.email })}</p>
      {joined.position > 0 ? (
        <p className="font-semibold" data-testid="waitlist-position">
          {t("public.waitlist.position", { position: joined.position })}
        </p>
      ) : null}
    </Card>
  );
}
