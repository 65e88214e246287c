/**
 * How a phone tells a person their number was called (issue 35), besides the page itself: a
 * vibration where the phone has one, a short chime (Web Audio; a browser plays sound only once the
 * person has touched the page, so the page offers a button), and a system notification if they
 * allowed it (asked on a tap, never on load).
 */

/** The chime: three short rising beeps (Hz). */
const NOTES = [660, 880, 1100] as const;

type AudioContextClass = typeof AudioContext;
const audioContextClass = (): AudioContextClass | undefined =>
  window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;

export const soundSupported = () => audioContextClass() !== undefined;

/** Made on the person's tap, which lets the page play sound from then on; one beep says it works. */
export function unlockSound(): AudioContext | null {
  const Context = audioContextClass();
  if (!Context) return null;
  const context = new Context();
  void context.resume();
  beep(context, context.currentTime, NOTES[1]);
  return context;
}

export function playChime(context: AudioContext): void {
  // A phone may have suspended it while the page was in the background.
  void context.resume();
  NOTES.forEach((frequency, index) => beep(context, context.currentTime + index * 0.22, frequency));
}

function beep(context: AudioContext, at: number, frequency: number) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.5, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + 0.2);
}

export function vibrate(): void {
  if ("vibrate" in navigator) navigator.vibrate([400, 150, 400, 150, 800]);
}

/**
 * The page's service worker (src/web/public/place-sw.js): Chrome on Android shows a page's
 * notification only through one. Registered for this page's path alone, and only once allowed.
 */
const WORKER = "/place-sw.js";

export const notificationsSupported = () => typeof Notification !== "undefined";

/** Asks the person (on their tap), and readies what shows the notification. */
export async function askNotifications(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission === "granted" && "serviceWorker" in navigator) {
    await navigator.serviceWorker.register(WORKER, { scope: window.location.pathname }).catch(() => undefined);
  }
  return permission;
}

/** A system notification, when allowed; `tag` names the call, so a recall shows again. */
export async function notify(title: string, body: string, tag: string): Promise<void> {
  if (!notificationsSupported() || Notification.permission !== "granted") return;
  const options: NotificationOptions = { body, tag, data: { url: window.location.href } };
  const registration =
    "serviceWorker" in navigator
      ? await navigator.serviceWorker.getRegistration(window.location.pathname).catch(() => undefined)
      : undefined;
  if (registration?.active) return registration.showNotification(title, options);
  try {
    new Notification(title, options);
  } catch {
    // A browser that shows them only through a worker, which could not be registered: the page alone tells.
  }
}
