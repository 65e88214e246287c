import { formatDateFor } from "@common/dates-language";
import { useLanguage, useT } from "@web/lib/language";
import { AuthenticCheck } from "../components/authentic-check";
import { AuthenticReport } from "../components/authentic-report";
import { Card } from "../components/public-ui";
import { useAgency } from "../hooks/use-agency";
import { usePageState } from "../page-state";

const RULES = [
  "public.authentic.rules.noFees",
  "public.authentic.rules.noPhotographers",
  "public.authentic.rules.minors",
  "public.authentic.rules.noPrivateChats",
] as const;

/**
 * /authentic, "¿Es real este casting?" (issue 39; docs/product.md §20): the agency's genuine open
 * calls with their official links, the check of a link or a code, the agency's rules in plain
 * words with the only addresses and domains it writes from, and the report of a suspicious
 * message. The server renders it with the calls, the senders and the report form's token.
 */
export function AuthenticPage() {
  const t = useT();
  const { language } = useLanguage();
  const state = usePageState()?.authentic;
  const agencyName = useAgency()?.name ?? "";
  return (
    <div className="mx-auto grid max-w-2xl gap-10">
      <div className="grid gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("public.authentic.title")}</h1>
        <p className="text-muted-foreground">{t("public.authentic.intro", { agency: agencyName })}</p>
      </div>

      <section aria-labelledby="authentic-events-title" className="grid gap-4">
        <h2 id="authentic-events-title" className="text-xl font-semibold">
          {t("public.authentic.events.title")}
        </h2>
        {state?.events.length ? (
          <ul className="grid gap-3">
            {state.events.map((event) => (
              <li key={event.url}>
                <Card className="grid gap-1 p-4">
                  <p className="font-semibold">{event.name}</p>
                  <p className="text-sm text-muted-foreground">{formatDateFor(language, event.date)}</p>
                  <p className="text-sm">
                    {t("public.authentic.events.link")}:{" "}
                    <a className="font-medium break-all text-primary underline underline-offset-4" href={event.url}>
                      {event.url.replace(/^https?:\/\//, "")}
                    </a>
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">{t("public.authentic.events.empty")}</p>
        )}
      </section>

      <AuthenticCheck />

      <section aria-labelledby="authentic-rules-title" className="grid gap-4">
        <h2 id="authentic-rules-title" className="text-xl font-semibold">
          {t("public.authentic.rules.title")}
        </h2>
        <ul className="grid list-disc gap-2 pl-5">
          {RULES.map((rule) => (
            <li key={rule}>{t(rule)}</li>
          ))}
        </ul>
        {state ? (
          <div className="grid gap-2">
            <p>{t("public.authentic.rules.addresses")}</p>
            <ul className="grid gap-1 pl-5 font-medium break-all">
              {[...state.addresses, ...state.domains.map((domain) => `@${domain}`)].map((sender) => (
                <li key={sender}>{sender}</li>
              ))}
            </ul>
            <p>{t("public.authentic.rules.site", { host: state.host })}</p>
          </div>
        ) : null}
      </section>

      <AuthenticReport agencyName={agencyName} formToken={state?.formToken} />
    </div>
  );
}
