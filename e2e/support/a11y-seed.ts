/**
 * Data for the accessibility walk, made once per worker through the real API: an event with a
 * slot, one public registration (its success token) and the verification token read from the
 * e-mail the test's SMTP server received.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { E2E_SUPERADMIN } from "./constants";
import type { StoredMail } from "./smtp";

export interface A11yData {
  eventId: string;
  registrationId: string;
  successToken: string;
  verifyToken: string;
  /** The registration's manage link's token and a waiting-list entry's (issue 19), from their e-mails. */
  manageToken: string;
  waitlistToken: string;
}

let seeded: Promise<A11yData> | undefined;

export function seedA11yData(): Promise<A11yData> {
  seeded ??= seed();
  return seeded;
}

async function call<T>(base: string, url: string, init: RequestInit & { cookie?: string } = {}): Promise<T> {
  const res = await fetch(new URL(url, base), {
    ...init,
    headers: {
      "content-type": "application/json",
      origin: base,
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const person = {
  fullName: "Valentina Núñez",
  dateOfBirth: "2001-08-21",
  location: "Rosario",
  phoneNumber: "0341 555-1234",
  height: 176,
  bust: 84,
  waist: 61,
  hips: 90,
  eyeColor: "Avellana/Hazel",
  instagramHandle: "@valen.nunez",
  internationalWork: true,
  // The privacy notice's first version, agreed to (issue 18).
  privacyNoticeVersion: 1,
  consentDataProcessing: true,
  consentPhotoScouting: true,
};

async function seed(): Promise<A11yData> {
  const base = process.env.E2E_BASE_URL ?? "";
  const signIn = await fetch(new URL("/api/auth/sign-in/email", base), {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: E2E_SUPERADMIN.email, password: E2E_SUPERADMIN.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  const event = await call<{ id: string; timeslots: Array<{ id: string }> }>(base, "/api/events", {
    method: "POST",
    cookie,
    body: JSON.stringify({
      eventName: "Casting accesible de otoño",
      eventDate: "2027-04-10",
      location: "Av. Santa Fe 1234, CABA",
      description: "Casting abierto para nuevas caras.",
      confirmationDetails: "Traé tu DNI y llegá diez minutos antes.",
      // The form shows its photo pickers to the walk; the seeded registration has none.
      photos: "optional",
      timeslots: [{ startTime: "10:00", endTime: "12:00", capacity: 20 }],
    }),
  });
  const email = `a11y-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  const registration = await call<{ successToken: string }>(base, `/api/public/events/${event.id}/registrations`, {
    method: "POST",
    body: JSON.stringify({ ...person, email, timeslotId: event.timeslots[0]?.id }),
  });
  const list = await call<{ items: Array<{ id: string }> }>(base, `/api/registrations?eventId=${event.id}`, { cookie });
  const registrationId = list.items[0]?.id;
  if (!registrationId) throw new Error("the seeded registration is not listed");
  const waiting = `a11y-waiting-${Date.now()}@example.com`;
  await call(base, `/api/public/events/${event.id}/waitlist`, {
    method: "POST",
    body: JSON.stringify({ ...person, email: waiting, timeslotId: event.timeslots[0]?.id }),
  });
  return {
    eventId: event.id,
    registrationId,
    successToken: registration.successToken,
    verifyToken: await tokenIn(email, /\/verify\/([A-Za-z0-9_-]+)/),
    manageToken: await tokenIn(email, /\/manage\?t=([A-Za-z0-9_-]+)/),
    waitlistToken: await tokenIn(waiting, /\/waitlist\?t=([A-Za-z0-9_-]+)/),
  };
}

/** The first token `pattern` finds in an e-mail to `to`. */
async function tokenIn(to: string, pattern: RegExp): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR ?? "";
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (existsSync(dir)) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
        const mail = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as StoredMail;
        const match = mail.to.includes(to) ? pattern.exec(mail.text) : null;
        if (match?.[1]) return match[1];
      }
    }
    if (Date.now() > deadline) throw new Error(`no e-mail with ${pattern} for ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
