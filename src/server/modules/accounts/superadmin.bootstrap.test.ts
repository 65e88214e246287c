import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { createUser, signIn } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger } from "../../test/outbox";
import { ensureSuperadmin } from "./superadmin.bootstrap";

const t = useTestApp();
const superadminConfig = () => ({ ...t.config, superadmin: { email: "boss@agency.test", password: "the-operators-passphrase" } });
const superadmins = () => t.db.select().from(users).where(eq(users.role, "superadmin"));

afterEach(async () => {
  await t.db.delete(users);
});

describe("ensureSuperadmin", () => {
  it("creates the configured superadmin once; a second start changes nothing", async () => {
    await ensureSuperadmin(t.db, superadminConfig(), memoryLogger());
    await ensureSuperadmin(t.db, superadminConfig(), memoryLogger());
    expect((await superadmins()).map((u) => u.email)).toEqual(["boss@agency.test"]);
    await signIn(t.app, "boss@agency.test", "the-operators-passphrase");
  });

  it("promotes an existing account of that address, ending what its creator set up", async () => {
    const earlier = await createUser(t.db, { email: "boss@agency.test", emailVerified: false, password: "someone-elses-pass" });
    await signIn(t.app, earlier.email, "someone-elses-pass");
    await ensureSuperadmin(t.db, superadminConfig(), memoryLogger());
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, earlier.id))).toEqual([]);
    await expect(signIn(t.app, earlier.email, "someone-elses-pass")).rejects.toThrow();
    await signIn(t.app, earlier.email, "the-operators-passphrase");
    expect((await superadmins()).map((u) => u.id)).toEqual([earlier.id]);
  });

  it.skipIf(process.env.TEST_DB !== "pg")(
    "two processes starting together on a fresh PostgreSQL database: both start, one superadmin",
    async () => {
      const other = await openDatabase({ url: t.databaseUrl, poolSize: 2 });
      const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
      try {
        const config = { ...t.config, superadmin: { email: "boss@agency.test", password: undefined } };
        const starts = await Promise.allSettled([
          ensureSuperadmin(t.db, config, memoryLogger()),
          ensureSuperadmin(other.db, config, memoryLogger()),
        ]);
        expect(starts.map((s) => s.status)).toEqual(["fulfilled", "fulfilled"]);
        expect(await superadmins()).toHaveLength(1);
        // The generated password is printed by the one process that created the account.
        expect(write.mock.calls.filter(([text]) => String(text).includes("superadmin created"))).toHaveLength(1);
      } finally {
        write.mockRestore();
        await other.close();
      }
    },
  );
});
