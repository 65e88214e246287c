import type { CalledNumber, QueueDisplay } from "@common/schemas/queue";
import { STREAM_EVENTS } from "@common/queue-stream";
import { agencyTitle } from "@common/public-paths";
import { useT } from "@web/lib/language";
import { Maximize } from "lucide-react";
import { useEffect, useState } from "react";
import { displayStreamUrl } from "../api/queue-streams";
import { useAgency } from "../hooks/use-agency";
import { useLiveStream } from "../queue/use-live-stream";

/**
 * /events/{eventId}/display?key=… (issue 35): the venue's screen, a TV left on all day. The numbers
 * called and their rooms, the latest in the largest type, white and yellow on black whatever the
 * theme, sized to the screen so they read from across a room; numbers only, never a name.
 */
export function DisplayPage({ eventId, displayKey }: { eventId: string; displayKey: string }) {
  const t = useT();
  const [display, setDisplay] = useState<QueueDisplay | null>(null);
  const url = displayKey ? displayStreamUrl(eventId, displayKey) : null;
  const status = useLiveStream<QueueDisplay>(url, STREAM_EVENTS.display, setDisplay);
  const agencyName = useAgency()?.name;
  const eventName = display?.eventName;
  useEffect(() => {
    const title = eventName ? `${eventName} · ${t("public.display.title")}` : t("public.display.title");
    document.title = agencyName ? agencyTitle(title, agencyName) : title;
  }, [eventName, agencyName, t]);

  if (status === "invalid") {
    return (
      <main className="grid min-h-dvh content-center justify-items-center gap-[3vh] bg-black p-[5vw] text-center text-white">
        <h1 className="text-[clamp(1.5rem,3vw,3.5rem)] font-bold">{t("public.display.title")}</h1>
        <p role="alert" className="max-w-[40ch] text-[clamp(1.5rem,3.5vw,4rem)] font-bold text-balance text-yellow-300">
          {t("public.display.invalid")}
        </p>
      </main>
    );
  }
  const [latest, ...earlier] = display?.called ?? [];
  return (
    <main className="flex min-h-dvh flex-col gap-[3vh] bg-black px-[4vw] py-[3vh] text-white">
      <header className="flex items-center justify-between gap-6">
        <h1 className="text-[clamp(1.5rem,3vw,3.5rem)] font-bold text-balance">{eventName ?? t("public.display.title")}</h1>
        <div className="flex items-center gap-4">
          <p role="status" className="text-[clamp(1rem,1.6vw,2rem)] text-yellow-300">
            {status === "connecting"
              ? t("public.live.connecting")
              : status === "reconnecting"
                ? t("public.live.reconnecting")
                : ""}
          </p>
          <FullScreenButton />
        </div>
      </header>
      {latest ? (
        <div className="grid flex-1 gap-[4vw] lg:grid-cols-[3fr_2fr]">
          <Latest call={latest} />
          <Earlier calls={earlier} />
        </div>
      ) : (
        <p className="grid flex-1 place-items-center text-center text-[clamp(2rem,5vw,6rem)] font-bold text-zinc-200">
          {display ? t("public.display.none") : ""}
        </p>
      )}
    </main>
  );
}

function Latest({ call }: { call: CalledNumber }) {
  const t = useT();
  return (
    <section aria-labelledby="display-latest" className="grid content-center justify-items-center text-center">
      <h2 id="display-latest" className="text-[clamp(1.25rem,2.5vw,3rem)] font-semibold text-zinc-200 uppercase">
        {t("public.display.latest")}
      </h2>
      <div aria-live="polite">
        {/* A new call comes in with a fade, where motion is welcome. */}
        <p
          key={`${call.number}:${call.calledAt}`}
          className="grid justify-items-center motion-safe:animate-fade-in"
          data-testid="display-latest"
        >
          <span className="text-[clamp(7rem,min(24vw,45vh),30rem)] leading-none font-black text-yellow-300 tabular-nums">
            <span className="sr-only">{t("public.display.number")} </span>
            {call.number}
          </span>
          <span className="text-[clamp(2.5rem,min(7vw,12vh),9rem)] leading-tight font-bold">{call.room}</span>
        </p>
      </div>
    </section>
  );
}

function Earlier({ calls }: { calls: CalledNumber[] }) {
  const t = useT();
  if (calls.length === 0) return null;
  return (
    <section aria-labelledby="display-earlier" className="grid content-start gap-[2vh]">
      <h2 id="display-earlier" className="text-[clamp(1.25rem,2.5vw,3rem)] font-semibold text-zinc-200 uppercase">
        {t("public.display.earlier")}
      </h2>
      <ol className="grid grid-cols-2 gap-x-[3vw] gap-y-[2vh]" data-testid="display-earlier">
        {calls.map((call) => (
          <li key={`${call.number}:${call.calledAt}`} className="flex items-baseline gap-[1vw]">
            <span className="text-[clamp(2.5rem,min(6vw,10vh),7rem)] leading-none font-bold tabular-nums">
              <span className="sr-only">{t("public.display.number")} </span>
              {call.number}
            </span>
            <span className="text-[clamp(1.25rem,min(2.5vw,4.5vh),3rem)] text-zinc-200">{call.room}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The screen's own full-screen mode, for a TV whose browser shows its bars. */
function FullScreenButton() {
  const t = useT();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(document.fullscreenEnabled && !document.fullscreenElement);
    update();
    document.addEventListener("fullscreenchange", update);
    return () => document.removeEventListener("fullscreenchange", update);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      onClick={() => void document.documentElement.requestFullscreen().catch(() => undefined)}
      className="inline-flex min-h-11 items-center gap-2 rounded-md border border-zinc-500 px-4 text-lg text-white hover:bg-zinc-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-yellow-300"
    >
      <Maximize className="size-5" aria-hidden="true" />
      {t("public.display.fullscreen")}
    </button>
  );
}
