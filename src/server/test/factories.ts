/**
 * Factories `createX(overrides)`: realistic rows with unique values, straight into the database.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { FUNNEL_RANK, type ProfileStatus } from "@common/constants";
import type { Role } from "@common/permissions";
import { hashPassword, makeSignature } from "better-auth/crypto";
import type { App } from "../app";
import type { Db } from "../db/client";
import {
  accounts,
  emailCampaignRecipients,
  emailCampaigns,
  eventTimeslots,
  modelRegistrations,
  outboxMessages,
  scoutingEvents,
  users,
  type EmailCampaignRecipientRow,
  type EmailCampaignRow,
  type EventTimeslotRow,
  type ModelRegistrationRow,
  type ScoutingEventRow,
  type UserRow,
} from "../db/schema";
import { asc, eq } from "drizzle-orm";
import { freeSlugFor } from "../modules/events/event-slug.generator";
import { nextScoutingId } from "../modules/events/scouting-id.generator";
import { TEST_PUBLIC_URL } from "./harness";

const unique = () => randomBytes(4).toString("hex");

export const TEST_PASSWORD = "correct-horse-battery";

let cachedHash: Promise<string> | undefined;
const passwordHash = (password: string) =>
  password === TEST_PASSWORD ? (cachedHash ??= hashPassword(TEST_PASSWORD)) : hashPassword(password);

export interface CreateUserOptions extends Partial<Omit<UserRow, "role" | "status">> {
  role?: Role;
  status?: ProfileStatus;
  password?: string;
}

export async function createUser(db: Db, options: CreateUserOptions = {}): Promise<UserRow> {
  const { password = TEST_PASSWORD, ...overrides } = options;
  const id = overrides.id ?? randomUUID();
  const [user] = await db
    .insert(users)
    .values({
      id,
      name: `Staff ${unique()}`,
      email: `staff-${unique()}@agency.test`,
      emailVerified: true,
      role: "member",
      status: "approved",
      ...overrides,
    })
    .returning();
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await passwordHash(password),
  });
  if (!user) throw new Error("user insert returned no row");
  return user;
}

/** Headers of a signed-in request for this user (session cookie + the app's Origin). */
export async function signIn(app: App, email: string, password = TEST_PASSWORD): Promise<Record<string, string>> {
  const response = await app.ctx.auth.api.signInEmail({ body: { email, password }, asResponse: true });
  if (!response.ok) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, origin: TEST_PUBLIC_URL };
}

/**
 * Creates a user of the given role/status and returns it with signed-in headers: a session made the
 * way better-auth's own test helpers make one (its internal adapter, then the cookie signed with the
 * app's secret), so no password is checked. A password check is a deliberate ~100 ms of scrypt, and
 * the authorisation matrix alone signs in ~300 personas per database; tests of signing in itself
 * use `signIn`, the real endpoint.
 */
export async function signedInAs(
  app: App,
  options: CreateUserOptions = {},
): Promise<{ user: UserRow; headers: Record<string, string> }> {
  const user = await createUser(app.ctx.db, options);
  const context = await app.ctx.auth.$context;
  const session = await context.internalAdapter.createSession(user.id);
  const signed = `${session.token}.${await makeSignature(session.token, context.secret)}`;
  return {
    user,
    headers: { cookie: `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`, origin: TEST_PUBLIC_URL },
  };
}

export interface CreateEventOptions extends Partial<ScoutingEventRow> {
  timeslots?: Array<Partial<Pick<EventTimeslotRow, "startTime" | "endTime" | "capacity">>>;
}

export async function createEvent(
  db: Db,
  options: CreateEventOptions = {},
): Promise<ScoutingEventRow & { timeslots: EventTimeslotRow[] }> {
  const { timeslots = [{}], ...overrides } = options;
  const eventDate = overrides.eventDate ?? "2026-03-05";
  const eventName = overrides.eventName ?? `Casting ${unique()}`;
  const [event] = await db
    .insert(scoutingEvents)
    .values({
      scoutingId: await nextScoutingId(db, eventDate),
      slug: await freeSlugFor(db, eventName),
      eventName,
      eventDate,
      location: "Av. Corrientes 1234, CABA",
      description: "Casting abierto para nuevas caras.",
      confirmationDetails: "Traé tu ficha impresa y llegá 10 minutos antes.",
      // The tests of registrations without photos; photo tests choose their setting.
      photos: "optional",
      ...overrides,
    })
    .returning();
  if (!event) throw new Error("event insert returned no row");
  const slots = await db
    .insert(eventTimeslots)
    .values(
      timeslots.map((slot, index) => ({
        eventId: event.id,
        startTime: `${String(10 + index).padStart(2, "0")}:00`,
        endTime: `${String(11 + index).padStart(2, "0")}:00`,
        capacity: 10,
        ...slot,
      })),
    )
    .returning();
  return { ...event, timeslots: slots };
}

export async function createRegistration(
  db: Db,
  options: Partial<ModelRegistrationRow> & { eventId: string; timeslotId: string },
): Promise<ModelRegistrationRow> {
  const [registration] = await db
    .insert(modelRegistrations)
    .values({
      fullName: `Modelo ${unique()}`,
      dateOfBirth: "2004-05-17",
      age: 22,
      location: "Buenos Aires",
      email: `modelo-${unique()}@example.com`,
      phoneNumber: "1155551234",
      height: 175,
      bust: 85,
      waist: 62,
      hips: 90,
      eyeColor: "Marrón",
      instagramHandle: "modelo.example",
      internationalWork: false,
      registrationCode: `OC-${unique().toUpperCase()}`,
      // A stage given here was reached: the furthest stage starts there (a later move raises it).
      funnelReached: FUNNEL_RANK[options.stage ?? "new"],
      ...options,
    })
    .returning();
  if (!registration) throw new Error("registration insert returned no row");
  return registration;
}

/** The e-mails queued in the outbox for one address, oldest first. */
export async function outboxFor(db: Db, to: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, to)).orderBy(asc(outboxMessages.id));
}

/** The first link in a text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const start = text.indexOf(prefix);
  if (start < 0) throw new Error(`no link starting ${prefix} in:\n${text}`);
  return text.slice(start).split(/\s/)[0]!;
}

/** A valid body for POST /api/public/events/:eventId/registrations (unique e-mail). */
export function registrationBody(timeslotId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fullName: "Valentina Núñez",
    dateOfBirth: "2001-08-21",
    location: "Rosario",
    email: `valentina-${unique()}@example.com`,
    phoneNumber: "0341 555-1234",
    height: 176,
    bust: 84,
    waist: 61,
    hips: 90,
    eyeColor: "Avellana/Hazel",
    instagramHandle: "@valen.nunez",
    internationalWork: true,
    timeslotId,
    // The notice migration 0011 publishes, agreed to (issue 18).
    privacyNoticeVersion: 1,
    consentDataProcessing: true,
    consentPhotoScouting: true,
    ...overrides,
  };
}

export interface CreateCampaignOptions extends Partial<Omit<EmailCampaignRow, "recipientCount">> {
  /** The recipients (default: two), each a registration's e-mail and name; `registrationId` optional. */
  recipients?: Array<
    Partial<Pick<EmailCampaignRecipientRow, "email" | "fullName" | "registrationId" | "status" | "readTokenHash" | "sentAt">>
  >;
}

/** A campaign with its recipients (queued unless told otherwise); recipient_count matches. */
export async function createCampaign(
  db: Db,
  options: CreateCampaignOptions = {},
): Promise<EmailCampaignRow & { recipients: EmailCampaignRecipientRow[] }> {
  const { recipients = [{}, {}], ...overrides } = options;
  const [campaign] = await db
    .insert(emailCampaigns)
    .values({
      subject: "Información importante sobre tu registro",
      content: "Te esperamos el sábado a las 10 h. Traé tu ficha impresa.",
      recipientCount: recipients.length,
      ...overrides,
    })
    .returning();
  if (!campaign) throw new Error("campaign insert returned no row");
  const rows = recipients.length
    ? await db
        .insert(emailCampaignRecipients)
        .values(
          recipients.map((recipient) => ({
            campaignId: campaign.id,
            email: `modelo-${unique()}@example.com`,
            fullName: `Modelo ${unique()}`,
            // Its message written (a queued recipient without a token is one to write: campaigns.queue.ts).
            readTokenHash: randomBytes(32).toString("hex"),
            ...recipient,
          })),
        )
        .returning()
    : [];
  return { ...campaign, recipients: rows };
}
