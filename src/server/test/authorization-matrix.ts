/**
 * The authorisation matrix: every API route × {anonymous, a pending account, each role of @common/permissions} → the
 * expected HTTP status, generated from the capability table: a route that declares a capability answers `ok` to the
 * roles that hold it, 403 to the other roles and to a pending account, 401 to nobody signed in; a public route answers
 * `ok` to everyone. `authorization-matrix.test.ts` walks it against the app, and fails if a route of the app has no row.
 *
 * A row says how to call the route (`prepare` runs once per persona, on that persona's fresh data, so a destructive call
 * never affects another) and its success status; `needs` names the capability of a rule inside the route when it does.
 */
import { isApproved, roleCan, ROLES, type Access, type Capability } from "@common/permissions";
import type { App } from "../app";
import { newSecretToken } from "../lib/tokens";
import { enqueueEmail } from "../mail/outbox";
import { createEvent, createRegistration, createUser, registrationBody } from "./factories";
import { checkInRows } from "./authorization-matrix.check-ins";
import { panelRows } from "./authorization-matrix.panel";
import { testEmail } from "./outbox";
import { freshRegistration } from "./authorization-matrix.fixtures";
import { photoRows } from "./authorization-matrix.photos";
import { selfServiceRows } from "./authorization-matrix.self-service";
import { privacyRows } from "./authorization-matrix.privacy";
import { registrationRows } from "./authorization-matrix.registrations";
import { insightsRows } from "./authorization-matrix.insights";
import { integrationRows } from "./authorization-matrix.webhooks";
import { castingDayRows } from "./authorization-matrix.casting-day";
import { campaignRows } from "./authorization-matrix.campaigns";
import { eventRows } from "./authorization-matrix.events";
import { selectionRows } from "./authorization-matrix.selections";

export const PERSONAS = ["anonymous", "pending", ...ROLES] as const;
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
  /** The status of a caller who may: 200, 201, 204… */
  ok: number;
  /** A rule inside the route this row exercises (a review field), instead of the route's declared capability. */
  needs?: Capability;
  /** Statuses written by hand: only for a public route with its own rule inside. */
  expect?: Record<Persona, number>;
  prepare?: (app: App) => Promise<MatrixRequest>;
  /** A Server-Sent Events route: the status is read from the response's head (the stream stays open until the app closes). */
  stream?: true;
}

/** The statuses the capability table promises for `access`. */
export function expectedStatuses(access: Access, ok: number): Record<Persona, number> {
  const expected = { anonymous: access === "public" ? ok : 401 } as Record<Persona, number>;
  // The pending persona is a member awaiting approval: no capability until approved.
  expected.pending =
    access === "public" || (isApproved({ role: "member", status: "pending" }) && roleCan("member", access)) ? ok : 403;
  for (const role of ROLES) expected[role] = access === "public" || roleCan(role, access) ? ok : 403;
  return expected;
}

export const MATRIX: MatrixRow[] = [
  { method: "GET", route: "/api/health", ok: 200 },
  { method: "GET", route: "/api/ready", ok: 200 },
  { method: "GET", route: "/api/public/settings", ok: 200 },
  {
    method: "GET",
    route: "/api/session",
    // Anyone: an anonymous caller gets {user: null}; pending accounts their own session (the
    // awaiting-approval screen).
    ok: 200,
  },
  {
    // Any signed-in account (pending ones too) sets its own language; nobody else's.
    method: "PUT",
    route: "/api/account/language",
    ok: 200,
    expect: { anonymous: 401, pending: 200, viewer: 200, member: 200, admin: 200, superadmin: 200 },
    prepare: async () => ({ url: "/api/account/language", body: { language: "en" } }),
  },
  { method: "GET", route: "/api/dev/mailbox", ok: 200 },
  {
    method: "GET",
    route: "/api/dev/mailbox/:id",
    ok: 200,
    prepare: async (app) => ({ url: `/api/dev/mailbox/${(await enqueueEmail(app.ctx.db, testEmail())).id}` }),
  },
  // ---------------------------------------------------------------- accounts: user administration
  { method: "GET", route: "/api/users", ok: 200 },
  {
    method: "POST",
    route: "/api/users/:id/approve",
    ok: 200,
    prepare: async (app) => {
      const user = await createUser(app.ctx.db, { status: "pending" });
      return { url: `/api/users/${user.id}/approve`, body: {} };
    },
  },
  {
    method: "PUT",
    route: "/api/users/:id/role",
    ok: 200,
    prepare: async (app) => {
      const user = await createUser(app.ctx.db, { role: "member" });
      return { url: `/api/users/${user.id}/role`, body: { role: "viewer" } };
    },
  },
  {
    method: "POST",
    route: "/api/users/admins",
    ok: 200,
    prepare: async (app) => {
      const user = await createUser(app.ctx.db);
      return { url: "/api/users/admins", body: { email: user.email } };
    },
  },
  {
    method: "DELETE",
    route: "/api/users/:id",
    ok: 204,
    prepare: async (app) => {
      const user = await createUser(app.ctx.db);
      return { url: `/api/users/${user.id}` };
    },
  },
  ...campaignRows(), // ---- campaigns (batch e-mail)
  {
    method: "GET",
    route: "/api/public/events/:eventId",
    ok: 200,
    prepare: async (app) => ({ url: `/api/public/events/${(await createEvent(app.ctx.db)).id}` }),
  },
  {
    method: "GET",
    route: "/api/public/events/by-slug/:slug",
    ok: 200,
    prepare: async (app) => ({ url: `/api/public/events/by-slug/${(await createEvent(app.ctx.db)).slug}` }),
  },
  {
    method: "POST",
    route: "/api/public/events/:eventId/registrations",
    ok: 201,
    prepare: async (app) => {
      const event = await createEvent(app.ctx.db);
      return { url: `/api/public/events/${event.id}/registrations`, body: registrationBody(event.timeslots[0]!.id) };
    },
  },
  {
    method: "GET",
    route: "/api/public/registration-success",
    ok: 200,
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
    ok: 200,
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
  {
    method: "POST",
    route: "/api/public/authentic",
    ok: 200,
    prepare: async () => ({ url: "/api/public/authentic", body: { text: "OC-ABCDEF" } }),
  },
  {
    method: "POST",
    route: "/api/public/authentic/report",
    ok: 202,
    prepare: async () => ({ url: "/api/public/authentic/report", body: { message: "Me pidieron plata por un book." } }),
  },
  // ---- events, and the callbacks of an open call (issue 36)
  ...eventRows(),
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
  ...insightsRows(), // ---- tracked links and insights (issue 38)
  ...integrationRows(), // ---- API tokens and webhooks (issue 37)
  ...castingDayRows(), // ---- the casting day's line and venue screens (issue 35)
  ...selectionRows(), // ---- selections for a client (issue 36)
];

/** Routes that are not ours to put in the matrix: better-auth's own endpoints and the API docs. */
export function isExemptRoute(url: string): boolean {
  return url.startsWith("/api/auth/") || url.startsWith("/api/docs");
}
