import type { QueuePlace } from "@common/schemas/queue";
import { STREAM_EVENTS } from "@common/queue-stream";
import { useT } from "@web/lib/language";
import { useRef, useState } from "react";
import { placeStreamUrl } from "../api/queue-streams";
import { notify, playChime, unlockSound, vibrate } from "./call-alert";
import { useLiveStream } from "./use-live-stream";

/**
 * A person's place in the line, live (issue 35), and the alert when they are called: once per call
 * (a new `calledAt`: a call or a recall), never again for the same call on a later message or after
 * a reconnection. What the page first shows sets where it starts: a person who opens the page already
 * called reads it on the page, without an alert.
 */
export function usePlace(token: string) {
  const t = useT();
  const [place, setPlace] = useState<QueuePlace | null>(null);
  // Each alert's number: the card flashes again for each.
  const [alerts, setAlerts] = useState(0);
  const [soundOn, setSoundOn] = useState(false);
  const sound = useRef<AudioContext | null>(null);
  // The latest call seen; undefined before the first message.
  const lastCall = useRef<string | null | undefined>(undefined);

  const status = useLiveStream<QueuePlace>(token ? placeStreamUrl(token) : null, STREAM_EVENTS.place, (next) => {
    const call = next.state === "called" ? next.calledAt : null;
    const known = lastCall.current;
    if (call !== null) lastCall.current = call;
    else if (known === undefined) lastCall.current = null;
    setPlace(next);
    if (call === null || known === undefined || call === known) return;
    setAlerts((n) => n + 1);
    vibrate();
    if (sound.current) playChime(sound.current);
    void notify(
      t("public.place.notificationTitle", { number: next.number ?? "" }),
      t("public.place.notificationBody", { room: next.room ?? "" }),
      `call-${call}`,
    );
  });

  const toggleSound = () => {
    if (sound.current) {
      void sound.current.close();
      sound.current = null;
    } else sound.current = unlockSound();
    setSoundOn(sound.current !== null);
  };

  return { place, status, alerts, soundOn, toggleSound };
}
