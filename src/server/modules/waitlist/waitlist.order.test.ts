import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Tx } from "../../db/client";
import { waitlistEntries } from "../../db/schema";
import { registrationBody } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { waitlistHelpers } from "./waitlist.test-support";

// Issue 19: first come, first served holds while an entry's row is locked, on both databases.
const t = useTestApp();
const { join, cancelByLink, slotCounts, entriesByEmail, fullEvent } = waitlistHelpers(t);

describe("offers in line order", () => {
  /**
   * Frees a spot (a cancellation) while the first in line's entry is locked by another transaction
   * (what opening their link does), which `then` may change before it lets go.
   */
  async function freeWhileFirstIsLocked(prefix: string, then?: (tx: Tx, entryId: string) => Promise<unknown>) {
    const { slot, event, held } = await fullEvent();
    for (const name of ["a", "b", "c"]) await join(event.id, registrationBody(slot.id, { email: `${name}@${prefix}.test` }));
    const [first] = await entriesByEmail([`a@${prefix}.test`]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let lockTaken!: () => void;
    const taken = new Promise<void>((resolve) => (lockTaken = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, first!.id)).for("update");
      await then?.(tx, first!.id);
      lockTaken();
      await released;
    });
    await taken;
    let answered = false;
    const cancelling = cancelByLink(held[0]!.id).then((res) => ((answered = true), res));
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The offer waits for the lock (on PGlite, for the one connection).
    expect(answered).toBe(false);
    release();
    await holder;
    expect((await cancelling).statusCode).toBe(200);
    const line = await entriesByEmail(["a", "b", "c"].map((name) => `${name}@${prefix}.test`));
    return { slot, statuses: line.sort((x, y) => x.email.localeCompare(y.email)).map((e) => e.status) };
  }

  it("the first in line held a moment by another transaction: the offer waits for it, never skips to the second", async () => {
    const { slot, statuses } = await freeWhileFirstIsLocked("order");
    expect(statuses).toEqual(["offered", "waiting", "waiting"]);
    expect(await slotCounts(slot.id)).toEqual([0, 1]);
  });

  it("the first in line leaving while the spot frees: after the wait, the spot goes to the second, once", async () => {
    const { slot, statuses } = await freeWhileFirstIsLocked("leave", (tx, id) =>
      tx.update(waitlistEntries).set({ status: "removed" }).where(eq(waitlistEntries.id, id)),
    );
    expect(statuses).toEqual(["removed", "offered", "waiting"]);
    expect(await slotCounts(slot.id)).toEqual([0, 1]);
  });
});
