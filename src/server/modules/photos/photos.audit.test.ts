/**
 * A person's photos viewed, in the audit trail (issue 32): the large photos (the viewer, the fast
 * review, the sheet) are recorded once per staff member, registration and hour, whichever photo
 * and however many requests, concurrent ones from any process included (a unique key, the table
 * being append-only); a list's thumbnails are not recorded.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, modelRegistrations } from "../../db/schema";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { recordAuditOncePerHour } from "../audit/audit.record";
import { registrantWithPhoto } from "../privacy/privacy.test-support";

const t = useTestApp();
let registrationId: string;

beforeAll(async () => {
  const person = await registrantWithPhoto(t.app);
  const [row] = await t.db
    .select({ id: modelRegistrations.id })
    .from(modelRegistrations)
    .where(eq(modelRegistrations.registrationCode, person.registrationCode));
  registrationId = row!.id;
});

const views = (actorId: string, id = registrationId) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "registration.photo_view"), eq(auditLog.actorId, actorId), eq(auditLog.registrationId, id)));

const photo = (headers: Record<string, string>, size: "thumb" | "large", etag?: string) =>
  t.app.inject({
    url: `/api/registrations/${registrationId}/photos/face?size=${size}`,
    headers: etag ? { ...headers, "if-none-match": etag } : headers,
  });

describe("a person's photos viewed", () => {
  it("records the large view once per staff member and hour, and no thumbnail", async () => {
    const scout = await signedInAs(t.app, { role: "member" });
    for (let i = 0; i < 3; i++) expect((await photo(scout.headers, "thumb")).statusCode).toBe(200);
    expect(await views(scout.user.id)).toEqual([]);

    const first = await photo(scout.headers, "large");
    expect(first.statusCode).toBe(200);
    expect(await photo(scout.headers, "large", first.headers.etag as string)).toMatchObject({ statusCode: 304 });
    expect((await photo(scout.headers, "large")).statusCode).toBe(200);
    expect(await views(scout.user.id)).toEqual([expect.objectContaining({ actorRole: "member", registrationId, details: {} })]);

    // Another staff member's view is theirs.
    const other = await signedInAs(t.app, { role: "admin" });
    await photo(other.headers, "large");
    expect(await views(other.user.id)).toHaveLength(1);
    expect(await views(scout.user.id)).toHaveLength(1);
  });

  it("writes one row for requests at the same moment", async () => {
    const scout = await signedInAs(t.app, { role: "member" });
    const answers = await Promise.all(Array.from({ length: 8 }, () => photo(scout.headers, "large")));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(await views(scout.user.id)).toHaveLength(1);
  });

  it("records again in the next hour, by the row's own time", async () => {
    const scout = await signedInAs(t.app, { role: "member" });
    const entry = {
      actor: { id: scout.user.id, role: "member" },
      ip: "127.0.0.1",
      action: "registration.photo_view" as const,
      registrationId,
    };
    const at = (iso: string) => recordAuditOncePerHour(t.db, { ...entry, at: new Date(iso) });
    expect(await at("2026-03-05T13:05:00.000Z")).toBe(true);
    expect(await at("2026-03-05T13:59:59.000Z")).toBe(false);
    expect(await at("2026-03-05T14:00:00.000Z")).toBe(true);
    expect(await at("2026-03-06T13:30:00.000Z")).toBe(true);
    expect((await views(scout.user.id)).map((row) => row.at.toISOString()).sort()).toEqual([
      "2026-03-05T13:05:00.000Z",
      "2026-03-05T14:00:00.000Z",
      "2026-03-06T13:30:00.000Z",
    ]);
  });
});
