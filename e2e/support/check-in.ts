/** An event today with people registered, for the check-in journeys (made through the API). */
import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { linkIn, type Mailbox } from "../fixtures";

export interface DoorPerson {
  id: string;
  fullName: string;
  registrationCode: string;
  email: string;
}

export function todayInBuenosAires(offsetDays = 0): string {
  const at = new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Argentina/Buenos_Aires" }).format(at);
}

export const GUARDIAN = { name: "Marta Tutora" } as const;

/**
 * `request` must carry a superadmin's session. `eventDate` defaults to today in Buenos Aires;
 * `minors`: which of `names` are 16, with a guardian who has not approved.
 */
export async function eventAtTheDoor(
  request: APIRequestContext,
  baseURL: string,
  names: string[],
  { eventDate = todayInBuenosAires(), minors = [] }: { eventDate?: string; minors?: string[] } = {},
) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const created = await request.post("/api/events", {
    headers: { origin: baseURL },
    data: {
      eventName: `Casting Puerta ${stamp}`,
      eventDate,
      location: "Galpón Palermo",
      description: "Casting abierto.",
      confirmationDetails: "Traé tu ficha.",
      photos: "off",
      timeslots: [{ startTime: "00:00", endTime: "23:59", capacity: 50 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; eventName: string; timeslots: Array<{ id: string }> };
  const people: DoorPerson[] = [];
  for (const [index, fullName] of names.entries()) {
    const email = `puerta-${stamp}-${index}@example.com`;
    const minor = minors.includes(fullName);
    const res = await request.post(`/api/public/events/${event.id}/registrations`, {
      headers: { origin: baseURL },
      data: {
        fullName,
        // A 16-year-old (issue 32) names a guardian, who has not answered yet.
        dateOfBirth: minor ? `${new Date().getFullYear() - 16}-01-01` : "2001-08-21",
        ...(minor ? { guardianName: GUARDIAN.name, guardianEmail: `tutora-${stamp}-${index}@example.com` } : {}),
        location: "Rosario",
        email,
        phoneNumber: "0341 555-1234",
        height: 176,
        bust: 84,
        waist: 61,
        hips: 90,
        eyeColor: "Avellana/Hazel",
        instagramHandle: "@puerta",
        internationalWork: false,
        timeslotId: event.timeslots[0]!.id,
        privacyNoticeVersion: 1,
        consentDataProcessing: true,
        consentPhotoScouting: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { registrationCode } = (await res.json()) as { registrationCode: string };
    const list = await request.get(`/api/registrations?eventId=${event.id}&q=${encodeURIComponent(fullName)}`);
    const item = ((await list.json()) as { items: DoorPerson[] }).items.find((i) => i.registrationCode === registrationCode)!;
    people.push({ id: item.id, fullName, registrationCode, email });
  }
  return { event, people };
}

/** Who of the event has arrived, as the server says. */
export async function arrivedNames(request: APIRequestContext, eventId: string): Promise<string[]> {
  const res = await request.get(`/api/registrations?eventId=${eventId}&attended=true`);
  return ((await res.json()) as { items: DoorPerson[] }).items.map((i) => i.fullName).sort();
}

/** The person follows the link of the verification e-mail: no 'unverified' warning at the door. */
export async function verifyEmail(request: APIRequestContext, mailbox: Mailbox, baseURL: string, person: DoorPerson) {
  const link = linkIn(await mailbox.waitFor(person.email), `${baseURL}/verify/`);
  const token = decodeURIComponent(new URL(link).pathname.split("/").pop()!);
  const res = await request.post("/api/public/verify", { headers: { origin: baseURL }, data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A member's account of its own (signed up, its e-mail verified, approved by the superadmin): its credentials. */
export async function approvedMember(
  superadmin: APIRequestContext,
  request: APIRequestContext,
  mailbox: Mailbox,
  baseURL: string,
) {
  const credentials = { email: `miembro-${randomBytes(3).toString("hex")}@example.com`, password: "una-clave-bien-larga" };
  const headers = { origin: baseURL, "accept-language": "es-AR" };
  expect((await request.post("/api/auth/sign-up/email", { data: { name: "Pablo Puerta", ...credentials }, headers })).ok()).toBe(
    true,
  );
  const verification = await mailbox.waitFor(credentials.email, /Confirmá tu correo/);
  const token = new URL(linkIn(verification, `${baseURL}/verify-email?token=`)).searchParams.get("token")!;
  // What the page /verify-email does with its link's token.
  expect((await request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).ok()).toBe(true);
  const { items } = (await (await superadmin.get("/api/users")).json()) as { items: { id: string; email: string }[] };
  const id = items.find((user) => user.email === credentials.email)!.id;
  expect((await superadmin.post(`/api/users/${id}/approve`, { data: {}, headers: { origin: baseURL } })).ok()).toBe(true);
  return credentials;
}
