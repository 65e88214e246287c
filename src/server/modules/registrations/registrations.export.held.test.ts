/**
 * A staff member's CSV download that stalls (a slow or frozen connection) must not hold the
 * database: on PGlite there is one connection for everyone, and the public form has to keep
 * answering. The real server on a port, a client that opens the export and does not read it, and
 * the public form's requests timed meanwhile.
 */
import { request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedEvent } from "../../../../scripts/lib/seed";
import { createEvent, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();
// Far more than the stream and the sockets hold (about 24 MB, several chunks of the export), so
// that a client that does not read leaves the export waiting on it.
const ROWS = 12_000;
let base: string;
let admin: Record<string, string>;
let big: Awaited<ReturnType<typeof seedEvent>>;
let open: Awaited<ReturnType<typeof createEvent>>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
  big = await seedEvent(t.db, {
    seed: 11,
    eventName: "Casting Multitudinario",
    eventDate: "2026-05-01",
    location: "La Rural, Palermo, CABA",
    slots: [{ startTime: "10:00", endTime: "18:00", capacity: ROWS }],
    registrations: ROWS,
  });
  await t.db.execute(
    sql`update model_registrations set location = location || repeat(' Buenos Aires', 150) where event_id = ${big.id}`,
  );
  open = await createEvent(t.db, { timeslots: [{ capacity: 100 }] });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await t.app.close();
});

/** Opens the export and reads nothing: the response stays paused, as a stalled client's would. */
function openStalledDownload(): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/registrations/export.csv?eventId=${big.id}`,
      { headers: { cookie: admin.cookie! } },
      (res) => {
        res.pause();
        resolve(res);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function timed(path: string, init: RequestInit = {}): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(5000) }).catch(() => undefined);
  await res?.arrayBuffer();
  return { status: res?.status ?? 0, ms: performance.now() - started };
}

describe("a CSV download whose client does not read", () => {
  it("leaves the public form answering within a second", { timeout: 60_000 }, async () => {
    const download = await openStalledDownload();
    expect(download.statusCode).toBe(200);
    // Let the server fill what the stream and the sockets hold.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const slotId = open.timeslots[0]!.id;
    try {
      await expectPublicFormAnswering(slotId);
    } catch (error) {
      download.destroy();
      throw error;
    }

    // The download, read at last, is whole.
    let text = "";
    download.setEncoding("utf8");
    download.on("data", (chunk: string) => (text += chunk));
    download.resume();
    await new Promise((resolve) => download.once("end", resolve));
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(ROWS + 1);
  });
});

async function expectPublicFormAnswering(slotId: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const event = await timed(`/api/public/events/${open.id}`);
    expect(event).toMatchObject({ status: 200 });
    expect(event.ms).toBeLessThan(1000);
    const registration = await timed(`/api/public/events/${open.id}/registrations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(registrationBody(slotId)),
    });
    expect(registration).toMatchObject({ status: 201 });
    expect(registration.ms).toBeLessThan(1000);
  }
}
