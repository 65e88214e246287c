import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelRegistrations } from "../../db/schema";
import { createEvent, registrationBody } from "../../test/factories";
import { useTestApp } from "../../test/harness";

// Its own file (and database): it breaks the outbox on purpose.
const t = useTestApp();

describe("a verification e-mail that cannot be queued", () => {
  it("keeps the registration and says verificationEmailQueued: false", async () => {
    const event = await createEvent(t.db);
    await t.db.execute(
      sql`alter table outbox_messages add constraint outbox_refuses_verification check (kind <> 'registration_verification')`,
    );
    try {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/registrations`,
        payload: registrationBody(event.timeslots[0]!.id),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().verificationEmailQueued).toBe(false);
      const rows = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.eventId, event.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.registrationCode).toBe(res.json().registrationCode);
    } finally {
      await t.db.execute(sql`alter table outbox_messages drop constraint outbox_refuses_verification`);
    }
  });
});
