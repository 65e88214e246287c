/**
 * The authorisation matrix: every API route × {anonymous, pending member, member, admin,
 * superadmin} → the expected HTTP status. `authorization-matrix.test.ts` walks the whole table
 * against the app on both databases, and fails if a route of the app is missing here.
 *
 * Each feature adds its rows. `prepare` runs once per persona, on that persona's fresh data,
 * and returns the concrete URL (and body) to call, so a destructive call never affects another.
 */
import type { App } from "../app";
import { newSecretToken } from "../lib/tokens";
import { enqueueEmail } from "../mail/outbox";
import { createCampaign, createEvent, createRegistration, createUser, registrationBody } from "./factories";
import { checkInRows } from "./authorization-matrix.check-ins";
import { panelRows } from "./authorization-matrix.panel";
import { testEmail } from "./outbox";
import { photoRows } from "./authorization-matrix.photos";
import { selfServiceRows } from "./authorization-matrix.self-service";
import { privacyRows } from "./authorization-matrix.privacy";

export const PERSONAS = ["anonymous", "pending", "member", "admin", "superadmin"] as const;
export type Persona = (typeof PERSONAS)[number];

export interface MatrixRequest {
  url: string;
  body?: unknown;
  /** Extra request headers (a multipart body's content type). */
  headers?: Record<string, string>;
}

export interface MatrixRow {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route as registered (e.g. "/api/events/:id"): matched against app.routeAccess. */
  route: string;
  expect: Record<Persona, number>;
  prepare?: (app: App) => Promise<MatrixRequest>;
}

/** Expected statuses for the usual access levels, given the success status of the route. */
export const expectFor = {
  public: (ok: number) => ({ anonymous: ok, pending: ok, member: ok, admin: ok, superadmin: ok }),
  member: (ok: number) => ({ anonymous: 401, pending: 403, member: ok, admin: ok, superadmin: ok }),
  admin: (ok: number) => ({ anonymous: 401, pending: 403, member: 403, admin: ok, superadmin: ok }),
  superadmin: (ok: number) => ({ anonymous: 401, pending: 403, member: 403, admin: 403, superadmin: ok }),
} satisfies Record<string, (ok: number) => Record<Persona, number>>;

export const MATRIX: MatrixRow[] = [
  { method: "GET", route: "/api/health", expect: expectFor.public(200) },
  { method: "GET", route: "/api/ready", expect: expectFor.public(200) },
  { method: "GET", route: "/api/public/settings", expect: expectFor.public(200) },
  {
    method: "GET",
    route: "/api/session",
    // Anyone: an anonymous caller gets {user: null}; pending accounts their own session (the
    // awaiting-approval screen).
    expect: expectFor.public(200),
  },
  {
    // Any signed-in account (pending ones too) sets its own language; nobody else's.
    method: "PUT",
    route: "/api/account/language",
    expect: { anonymous: 401, pending: 200, member: 200, admin: 200, superadmin: 200 },
    prepare: async () => ({ url: "/api/account/language", body: { language: "en" } }),
  },
  { method: "GET", route: "/api/dev/mailbox", expect: expectFor.admin(200) },
  {
    method: "GET",
    route: "/api/dev/mailbox/:id",
    expect: expectFor.admin(200),
    prepare: async (app) => ({ url: `/api/dev/mailbox/${(await enqueueEmail(app.ctx.db, testEmail())).id}` }),
  },
  // ---------------------------------------------------------------- accounts: user administration
  { method: "GET", route: "/api/users", expect: expectFor.admin(200) },
  {
    method: "POST",
    route: "/api/users/:id/approve",
    expect: expectFor.admin(200),
    prepare: async (app) => {
      const user = await createUser(app.ctx.db, { status: "pending" });
      return { url: `/api/users/${user.id}/approve`, body: {} };
    },
  },
  {
    method: "POST",
    route: "/api/users/admins",
    expect: expectFor.superadmin(200),
    prepare: async (app) => {
      const user = await createUser(app.ctx.db);
      return { url: "/api/users/admins", body: { email: user.email } };
    },
  },
  {
    method: "DELETE",
    route: "/api/users/:id",
    expect: expectFor.superadmin(204),
    prepare: async (app) => {
      const user = await createUser(app.ctx.db);
      return { url: `/api/users/${user.id}` };
    },
  },
  // ---------------------------------------------------------------- campaigns (batch e-mail)
  {
    method: "POST",
    route: "/api/campaigns",
    expect: expectFor.admin(202),
    prepare: async (app) => {
      const event = await createEvent(app.ctx.db);
      const registration = await createRegistration(app.ctx.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
      return {
        url: "/api/campaigns",
        body: {
          eventId: event.id,
          registrationIds: [registration.id],
          subject: "Aviso",
          content: "Hola {nombre}",
          isHtml: false,
        },
      };
    },
  },
  {
    method: "GET",
    route: "/api/campaigns",
    expect: expectFor.member(200),
    prepare: async (app) => ({ url: `/api/campaigns?eventId=${(await createEvent(app.ctx.db)).id}` }),
  },
  {
    method: "GET",
    route: "/api/campaigns/:id",
    expect: expectFor.member(200),
    prepare: async (app) => {
      const event = await createEvent(app.ctx.db);
      return { url: `/api/campaigns/${(await createCampaign(app.ctx.db, { eventId: event.id })).id}` };
    },
  },
  {
    method: "GET",
    route: "/api/registrations/:id/campaigns",
    expect: expectFor.member(200),
    prepare: async (app) => {
      const event = await createEvent(app.ctx.db);
      const registration = await createRegistration(app.ctx.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
      return { url: `/api/registrations/${registration.id}/campaigns` };
    },
  },
  {
    method: "GET",
    route: "/api/public/campaign-read/:token",
    expect: expectFor.public(200),
    prepare: async () => ({ url: `/api/public/campaign-read/${"x".repeat(43)}` }),
  },
  {
    method: "GET",
    route: "/api/public/events/:eventId",
    expect: expectFor.public(200),
    prepare: async (app) => ({ url: `/api/public/events/${(await createEvent(app.ctx.db)).id}` }),
  },
  {
    method: "POST",
    route: "/api/public/events/:eventId/registrations",
    expect: expectFor.public(201),
    prepare: async (app) => {
      const event = await createEvent(app.ctx.db);
      return { url: `/api/public/events/${event.id}/registrations`, body: registrationBody(event.timeslots[0]!.id) };
    },
  },
  {
    method: "GET",
    route: "/api/public/registration-success",
    expect: expectFor.public(200),
    prepare: async (app) => {
      const event = await createEvent(app.ctx.db);
      const success = newSecretToken();
      await createRegistration(app.ctx.db, {
        eventId: event.id,
        timeslotId: event.timeslots[0]!.id,
        successTokenHash: success.hash,
      });
      return { url: `/api/public/registration-success?e=${success.token}` };
    },
  },
  {
    method: "POST",
    route: "/api/public/verify",
    expect: expectFor.public(200),
    prepare: async (app) => {
      const event = await createEvent(app.ctx.db);
      const verification = newSecretToken();
      await createRegistration(app.ctx.db, {
        eventId: event.id,
        timeslotId: event.timeslots[0]!.id,
        emailVerificationTokenHash: verification.hash,
        emailVerificationExpiresAt: new Date(Date.now() + 3_600_000),
      });
      return { url: "/api/public/verify", body: { token: verification.token } };
    },
  },
  // ---- events
  { method: "GET", route: "/api/events", expect: expectFor.member(200) },
  {
    method: "POST",
    route: "/api/events",
    expect: expectFor.admin(201),
    prepare: async () => ({
      url: "/api/events",
      body: {
        eventName: "Casting matriz",
        eventDate: "2026-03-05",
        location: "CABA",
        timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 10 }],
      },
    }),
  },
  {
    method: "GET",
    route: "/api/events/:id",
    expect: expectFor.member(200),
    prepare: async (app) => ({ url: `/api/events/${(await createEvent(app.ctx.db)).id}` }),
  },
  {
    method: "PUT",
    route: "/api/events/:id",
    expect: expectFor.admin(200),
    prepare: async (app) => {
      const event = await createEvent(app.ctx.db);
      const slot = event.timeslots[0]!;
      return {
        url: `/api/events/${event.id}`,
        body: {
          eventName: `${event.eventName} (editado)`,
          eventDate: event.eventDate,
          location: event.location,
          status: "inactive",
          timeslots: [{ id: slot.id, startTime: "09:00", endTime: "10:00", capacity: 5 }],
        },
      };
    },
  },
  // ---- registrations
  ...registrationRows(),
  // ---- photos
  ...photoRows(),
  // ---- the review panel (issue 23)
  ...panelRows(freshRegistration),
  // ---- check-in at the door (issue 20)
  ...checkInRows(freshRegistration),
  // ---- the registrant's self-service and the waiting list (issue 19)
  ...selfServiceRows(),
  // ---- privacy, consent and the audit trail (issue 18)
  ...privacyRows(),
];

/** A fresh registration (and its event) for one persona's call. */
export async function freshRegistration(app: App) {
  const event = await createEvent(app.ctx.db, { timeslots: [{}, {}] });
  const registration = await createRegistration(app.ctx.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
  return { event, registration };
}

function registrationRows(): MatrixRow[] {
  const one =
    (suffix = "") =>
    async (app: App) => ({ url: `/api/registrations/${(await freshRegistration(app)).registration.id}${suffix}` });
  return [
    { method: "GET", route: "/api/registrations", expect: expectFor.member(200) },
    { method: "GET", route: "/api/registrations/export.csv", expect: expectFor.admin(200) },
    { method: "GET", route: "/api/registrations/:id", expect: expectFor.member(200), prepare: one() },
    {
      method: "PATCH",
      route: "/api/registrations/:id",
      expect: expectFor.member(200),
      prepare: async (app) => ({ ...(await one()(app)), body: { location: "Rosario" } }),
    },
    {
      // The same route with a review field: liked, attended and rating are an admin's (SPEC.md §6).
      method: "PATCH",
      route: "/api/registrations/:id",
      expect: expectFor.admin(200),
      prepare: async (app) => ({ ...(await one()(app)), body: { liked: true } }),
    },
    { method: "DELETE", route: "/api/registrations/:id", expect: expectFor.admin(204), prepare: one() },
    {
      method: "POST",
      route: "/api/registrations/:id/resend-verification",
      expect: expectFor.member(202),
      prepare: one("/resend-verification"),
    },
  ];
}

/** Routes that are not ours to put in the matrix: better-auth's own endpoints and the API docs. */
export function isExemptRoute(url: string): boolean {
  return url.startsWith("/api/auth/") || url.startsWith("/api/docs");
}
