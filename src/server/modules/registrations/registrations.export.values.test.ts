/**
 * scouting.csv as the agency reads it (issue 32): docs/product.md's 25 headers as they are, the values in
 * the exporting staff member's language (statuses, stages, eye colours, the guardian's decision),
 * moments on Buenos Aires' clock, docs/product.md's Yes/No, then the guardian's and the consent's columns.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { REGISTRATION_CSV_HEADERS } from "@common/csv";
import { users } from "../../db/schema";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { parseCsv } from "./registrations.test-support";

const t = useTestApp();
let eventId: string;
let admin: { user: { id: string }; headers: Record<string, string> };

beforeAll(async () => {
  admin = await signedInAs(t.app, { role: "admin" });
  const event = await createEvent(t.db, { eventName: "Casting Valores" });
  eventId = event.id;
  const slot = event.timeslots[0]!.id;
  await createRegistration(t.db, {
    eventId,
    timeslotId: slot,
    fullName: "Lola Menor",
    age: 16,
    status: "confirmed",
    emailVerified: true,
    eyeColor: "Avellana/Hazel",
    stage: "shortlisted",
    createdAt: new Date("2026-03-01T02:30:00.000Z"),
    guardianName: "Marta Menor",
    guardianEmail: "marta@example.com",
    guardianStatus: "approved",
    guardianDecidedAt: new Date("2026-03-01T15:45:10.000Z"),
    consentDataProcessing: true,
    consentPhotoScouting: true,
    privacyNoticeVersion: 1,
    consentedAt: new Date("2026-03-01T02:29:00.000Z"),
  });
  await createRegistration(t.db, {
    eventId,
    timeslotId: slot,
    fullName: "Pía Adulta",
    status: "pending",
    eyeColor: "Marrón",
    stage: "new",
    createdAt: new Date("2026-02-28T12:00:00.000Z"),
  });
});

/** The file's rows as header → cell, by full name. */
async function exported(headers: Record<string, string>): Promise<Map<string, Record<string, string>>> {
  const res = await t.app.inject({ method: "GET", url: `/api/registrations/export.csv?eventId=${eventId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...lines] = parseCsv(res.body.slice(1));
  expect(header).toEqual([...REGISTRATION_CSV_HEADERS]);
  return new Map(
    lines.map((cells) => {
      const row = Object.fromEntries(REGISTRATION_CSV_HEADERS.map((name, i) => [name, cells[i]!]));
      return [row["Full Name"]!, row];
    }),
  );
}

describe("scouting.csv's values", () => {
  it("writes statuses, stages and eye colours in Spanish, times on Buenos Aires' clock, and the guardian and consent", async () => {
    const rows = await exported(admin.headers);
    expect(rows.get("Lola Menor")).toMatchObject({
      Status: "Confirmada",
      "Email Verified": "Yes",
      // 02:30 UTC is still the evening before in Buenos Aires.
      "Created At": "2026-02-28 23:30",
      "Eye Color": "Avellana/Hazel",
      Stage: "Preseleccionado",
      "Guardian Name": "Marta Menor",
      "Guardian Email": "marta@example.com",
      "Guardian Status": "Autorizada",
      "Guardian Decided At": "2026-03-01 12:45",
      "Consent Data Processing": "Yes",
      "Consent Photo Scouting": "Yes",
      "Privacy Notice Version": "1",
      "Consented At": "2026-02-28 23:29",
    });
    expect(rows.get("Pía Adulta")).toMatchObject({
      Status: "Pendiente",
      "Created At": "2026-02-28 09:00",
      "Eye Color": "Marrón",
      Stage: "Nuevo",
      "Guardian Name": "",
      "Guardian Status": "No hace falta",
      "Guardian Decided At": "",
      "Consent Data Processing": "No",
      "Privacy Notice Version": "",
      "Consented At": "",
    });
  });

  it("speaks the staff member's language: the one saved in their account, else the request's", async () => {
    const english = await exported({ ...admin.headers, "accept-language": "en" });
    expect(english.get("Lola Menor")).toMatchObject({
      Status: "Confirmed",
      "Eye Color": "Hazel",
      Stage: "Shortlisted",
      "Guardian Status": "Approved",
      // docs/product.md §3 writes booleans Yes/No, whatever the language.
      "Consent Photo Scouting": "Yes",
      "Created At": "2026-02-28 23:30",
    });
    expect(english.get("Pía Adulta")).toMatchObject({ Status: "Pending", "Eye Color": "Brown" });

    await t.db.update(users).set({ language: "en" }).where(eq(users.id, admin.user.id));
    const saved = await exported({ ...admin.headers, "accept-language": "es-AR" });
    expect(saved.get("Pía Adulta")).toMatchObject({ Status: "Pending", Stage: "New" });
  });
});
