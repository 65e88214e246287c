import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { createUser, signIn } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger } from "../../test/outbox";
import { ensureSuperadmin, superadminNotice } from "./superadmin.bootstrap";

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

  it("returns a generated password (printing nothing itself), signs in with it, and returns nothing next time", async () => {
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const config = { ...t.config, superadmin: { email: "boss@agency.test", password: undefined } };
      const generated = await ensureSuperadmin(t.db, config, memoryLogger());
      expect(generated).toEqual({ email: "boss@agency.test", password: expect.stringMatching(/^[\w-]{24}$/) });
      await signIn(t.app, "boss@agency.test", generated!.password);
      expect(await ensureSuperadmin(t.db, config, memoryLogger())).toBeNull();
      expect(await ensureSuperadmin(t.db, superadminConfig(), memoryLogger())).toBeNull();
      expect(write).not.toHaveBeenCalled();
    } finally {
      write.mockRestore();
    }
  });

  it("frames the printed password and says how to change it", () => {
    const notice = superadminNotice({ email: "admin@agency.test", password: "s3cret-Generated_pw" }, "https://casting.test");
    const lines = notice.trim().split("\n");
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    for (const line of lines.slice(1, -1)) {
      expect(line).toMatch(/^\| .* \|$/);
      expect(line).toHaveLength(lines[0]!.length);
    }
    expect(notice).toContain("| OpenCall superadmin created. Its password is shown only this once:");
    expect(notice).toMatch(/\|\s+E-mail:\s+admin@agency\.test\s+\|/);
    expect(notice).toMatch(/\|\s+Password: s3cret-Generated_pw\s+\|/);
    expect(notice).toContain("| To change it: sign in, then ask for a new password at");
    expect(notice).toContain("https://casting.test/forgot-password");
    expect(notice).toContain("https://casting.test/dashboard/admin/mailbox");
    expect(notice).toContain("set SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD");
    expect(notice.startsWith("\n") && notice.endsWith("+\n\n")).toBe(true);
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
        // The generated password goes to the one process that created the account, to print.
        expect(starts.filter((s) => s.status === "fulfilled" && s.value !== null)).toHaveLength(1);
        expect(write).not.toHaveBeenCalled();
      } finally {
        write.mockRestore();
        await other.close();
      }
    },
  );
});
