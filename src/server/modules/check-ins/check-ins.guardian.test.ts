/**
 * A 16- or 17-year-old whose guardian has not approved is stopped at the door (issue 32), however
 * staff find them (QR token, typed code, a chosen name, the list's 'Asistió'): the arrival is not
 * recorded, the card says why and names the guardian; only an admin lets them in, with a reason
 * the audit trail keeps in the arrival's own statement.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@common/dates";
import type { GuardianStatus } from "@common/constants";
import type { Role } from "@common/permissions";
import type { CheckInResponse } from "@common/schemas/check-ins";
import { auditLog, modelRegistrations } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { createCheckInsService } from "./check-ins.service";

const t = useTestApp();
let member: Record<string, string>;
let admin: { user: { id: string }; headers: Record<string, string> };

beforeAll(async () => {
  member = (await signedInAs(t.app, { role: "member" })).headers;
  admin = await signedInAs(t.app, { role: "admin" });
});

/** A 16-year-old at today's event, e-mail verified, with a guardian in the given state. */
async function minor(guardianStatus: GuardianStatus = "pending") {
  const event = await createEvent(t.db, { eventDate: todayIso(), timeslots: [{ startTime: "00:00", endTime: "23:59" }] });
  const refused = guardianStatus === "refused";
  const registration = await createRegistration(t.db, {
    eventId: event.id,
    timeslotId: event.timeslots[0]!.id,
    age: 16,
    emailVerified: true,
    status: refused ? "cancelled" : "confirmed",
    ...(refused ? { cancelledAt: new Date() } : {}),
    guardianName: "Marta Madre",
    guardianEmail: `marta-${Math.random().toString(36).slice(2)}@example.com`,
    guardianStatus,
  });
  return { event, registration };
}

const post = (payload: object, headers = member, url = "/api/check-ins") =>
  t.app.inject({ method: "POST", url, headers, payload });
const stored = async (id: string) => (await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, id)))[0]!;
const auditRows = (registrationId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.registrationId, registrationId)));
const arrivalRows = async (registrationId: string) =>
  (await auditRows(registrationId)).filter(
    (row) => row.action.startsWith("registration.check_in") && row.action !== "registration.check_in_preview",
  );

describe("a minor whose guardian has not approved, at the door", () => {
  it("is stopped whichever way staff find them: QR token, typed code, a chosen name; nothing is recorded", async () => {
    const { event, registration } = await minor();
    const token = registrationToken(t.config, "check-in", registration.id);
    for (const body of [
      { token, eventId: event.id },
      { code: registration.registrationCode.toLowerCase(), eventId: event.id },
      { registrationId: registration.id, eventId: event.id },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json<CheckInResponse>()).toMatchObject({
        checkedIn: false,
        alreadyCheckedIn: false,
        overridden: false,
        stop: {
          code: "guardian_pending",
          message: "Menor sin autorización: su madre, padre o tutor todavía no aprobó la inscripción. No puede pasar.",
          overridable: false,
        },
        registration: {
          attended: false,
          guardianStatus: "pending",
          guardian: { name: "Marta Madre", email: registration.guardianEmail },
        },
      });
    }
    expect(await stored(registration.id)).toMatchObject({ attended: false, attendedAt: null, checkedInBy: null });
    expect(await arrivalRows(registration.id)).toEqual([]);
  });

  it("the preview shows the stop with the guardian's contact; only an admin is offered the override", async () => {
    const { registration } = await minor();
    const preview = async (headers: Record<string, string>) =>
      (await post({ registrationId: registration.id }, headers, "/api/check-ins/preview")).json<CheckInResponse>();
    expect((await preview(member)).stop).toMatchObject({ code: "guardian_pending", overridable: false });
    expect((await preview(admin.headers)).stop).toMatchObject({ code: "guardian_pending", overridable: true });
    expect((await preview(member)).registration.guardian).toEqual({ name: "Marta Madre", email: registration.guardianEmail });
    // A preview takes no reason: it records nothing.
    const withReason = await post(
      { registrationId: registration.id, overrideReason: "x" },
      admin.headers,
      "/api/check-ins/preview",
    );
    expect(withReason.statusCode).toBe(400);
  });

  it("a member cannot override: 403, nothing recorded", async () => {
    const { registration } = await minor();
    const res = await post({ registrationId: registration.id, overrideReason: "Vino con la madre" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: "forbidden",
      message: "Solo un admin puede dejar pasar a un menor sin la autorización de su madre, padre o tutor.",
    });
    expect((await stored(registration.id)).attended).toBe(false);
    expect(await arrivalRows(registration.id)).toEqual([]);
  });

  it("an admin without a reason is stopped too; an empty or overlong reason is refused", async () => {
    const { registration } = await minor();
    expect((await post({ registrationId: registration.id }, admin.headers)).json()).toMatchObject({
      checkedIn: false,
      stop: { code: "guardian_pending", overridable: true },
    });
    for (const overrideReason of ["", "   ", "x".repeat(501)]) {
      const res = await post({ registrationId: registration.id, overrideReason }, admin.headers);
      expect(res.statusCode, JSON.stringify(overrideReason)).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
    expect((await stored(registration.id)).attended).toBe(false);
  });

  it("an admin lets them in with a reason: the arrival and the override are recorded together, once", async () => {
    const { event, registration } = await minor();
    const res = await post(
      { code: registration.registrationCode, eventId: event.id, overrideReason: "  La madre vino y firmó en la puerta.  " },
      admin.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<CheckInResponse>()).toMatchObject({
      checkedIn: true,
      overridden: true,
      stop: null,
      registration: { attended: true, checkedInBy: { id: admin.user.id } },
    });
    expect(await stored(registration.id)).toMatchObject({ attended: true, checkedInBy: admin.user.id });
    const rows = await arrivalRows(registration.id);
    expect(rows).toEqual([
      expect.objectContaining({
        action: "registration.check_in_override",
        actorId: admin.user.id,
        actorRole: "admin",
        eventId: event.id,
        details: { reason: "La madre vino y firmó en la puerta." },
      }),
    ]);
    // Scanned again by a member: already in, nothing new.
    const again = (await post({ registrationId: registration.id })).json<CheckInResponse>();
    expect(again).toMatchObject({ checkedIn: false, alreadyCheckedIn: true, overridden: false, stop: null });
    expect(await arrivalRows(registration.id)).toHaveLength(1);
  });

  it("a guardian's refusal stops them for good: no override lets them in", async () => {
    const { registration } = await minor("refused");
    const res = await post({ registrationId: registration.id, overrideReason: "Insiste" }, admin.headers);
    expect(res.json<CheckInResponse>()).toMatchObject({
      checkedIn: false,
      stop: {
        code: "guardian_refused",
        message: "Su madre, padre o tutor no autorizó la inscripción, que quedó cancelada. No puede pasar.",
        overridable: false,
      },
    });
    expect((await stored(registration.id)).attended).toBe(false);
    expect(await arrivalRows(registration.id)).toEqual([]);
  });

  it("a minor whose guardian approved checks in as anyone else, and an admin's reason is then not an override", async () => {
    const { registration } = await minor("approved");
    expect((await post({ registrationId: registration.id }, member)).json()).toMatchObject({ checkedIn: true, stop: null });
    const other = await minor("approved");
    expect(
      (await post({ registrationId: other.registration.id, overrideReason: "por si acaso" }, admin.headers)).json(),
    ).toMatchObject({ checkedIn: true, overridden: false });
    expect((await arrivalRows(other.registration.id)).map((row) => [row.action, row.details])).toEqual([
      ["registration.check_in", {}],
    ]);
  });

  it("is marked in the search results, pending or refused", async () => {
    const { event, registration } = await minor();
    const adult = await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: event.timeslots[0]!.id,
      fullName: "Ana Adulta",
    });
    const res = await t.app.inject({
      url: `/api/check-ins/search?eventId=${event.id}&q=${registration.registrationCode}`,
      headers: member,
    });
    expect(res.json().items).toEqual([expect.objectContaining({ id: registration.id, guardianStatus: "pending" })]);
    const byName = await t.app.inject({ url: `/api/check-ins/search?eventId=${event.id}&q=ana%20adulta`, headers: member });
    expect(byName.json().items).toEqual([expect.objectContaining({ id: adult.id, guardianStatus: "not_required" })]);
  });
});

describe("the list's 'Asistió' toggle", () => {
  it("does not let in a minor without the guardian's approval, and says where an admin can", async () => {
    for (const guardianStatus of ["pending", "refused"] as const) {
      const { registration } = await minor(guardianStatus);
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/registrations/${registration.id}`,
        headers: admin.headers,
        payload: { attended: true },
      });
      expect(res.statusCode, guardianStatus).toBe(409);
      expect(res.json().error.code).toBe("guardian_approval_required");
      expect((await stored(registration.id)).attended).toBe(false);
    }
    const { registration } = await minor();
    const refusal = await t.app.inject({
      method: "PATCH",
      url: `/api/registrations/${registration.id}`,
      headers: admin.headers,
      payload: { attended: true },
    });
    expect(refusal.json().error.message).toBe(
      "Falta la autorización de su madre, padre o tutor: no puede pasar. Un admin puede dejarla pasar por excepción desde Llegadas, con un motivo.",
    );
  });

  it("still marks an approved minor, and unticks one an admin let in", async () => {
    const { registration } = await minor("approved");
    const patch = (attended: boolean) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/registrations/${registration.id}`,
        headers: admin.headers,
        payload: { attended },
      });
    expect((await patch(true)).statusCode).toBe(200);
    const { registration: letIn } = await minor();
    await post({ registrationId: letIn.id, overrideReason: "Con la madre" }, admin.headers);
    const untick = await t.app.inject({
      method: "PATCH",
      url: `/api/registrations/${letIn.id}`,
      headers: admin.headers,
      payload: { attended: false },
    });
    expect(untick.statusCode).toBe(200);
    expect((await stored(letIn.id)).attended).toBe(false);
  });
});

describe("the card as its reader may see it", () => {
  it("names the guardian to staff holding contacts.see, and to nobody else", async () => {
    const { registration } = await minor();
    const service = createCheckInsService({ db: t.db, config: t.config });
    const card = async (role: Role) =>
      (await service.preview({ registrationId: registration.id }, new Date(), { role, status: "approved" })).registration;
    expect((await card("member")).guardian).toMatchObject({ name: "Marta Madre" });
    // A role without the capability (the viewer has neither it nor checkins.perform today; a door
    // volunteer's role would have the one without the other): the card is built without the contact.
    expect((await card("viewer")).guardian).toBeNull();
  });
});
