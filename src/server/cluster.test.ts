/**
 * The multi-process deployment end to end (issue 22): HAProxy in front of two app processes on one
 * PostgreSQL database. Clients connect from different loopback addresses (127.0.0.0/8), so the
 * proxy sees them as different clients and forwards each one's address.
 * On PostgreSQL only (PGlite is one process), and it needs Debian's haproxy (.ci/run installs it).
 */
import { request } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf, type Database } from "./db/client";
import type { QueuePlace } from "@common/schemas/queue";
import { createEvent, createRegistration, createUser, registrationBody, TEST_PASSWORD } from "./test/factories";
import { registrationToken } from "./lib/registration-links";
import { arrive, lastOf, openStream } from "./modules/queue/queue.test-support";
import { phoneJpeg } from "./modules/photos/photos.test-support";
import { haproxyAvailable, startCluster, type Cluster } from "./test/cluster";
import { testDbKind } from "./test/database";
import { enqueueMany } from "./test/outbox";
import { startTestSmtpServer, type TestSmtpServer } from "./test/smtp";

const LIMIT = 25;
const MAIL_RATE = 2;
const RUSH = 2000;
const runs = testDbKind() === "pg" && (haproxyAvailable() || process.env.CI === "true");

interface Answer {
  status: number;
  servedBy: string;
  body: string;
}

function post(
  cluster: Cluster,
  path: string,
  body: unknown,
  from: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      {
        host: "127.0.0.1",
        port: cluster.port,
        path,
        method: "POST",
        localAddress: from,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, servedBy: String(res.headers["x-served-by"] ?? ""), body: text }),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function scrape(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

function metric(text: string, name: string): number {
  let total = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith(name + " ") || line.startsWith(name + "{")) total += Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return total;
}

describe.runIf(runs)("two app processes behind HAProxy on one PostgreSQL", { timeout: 240_000 }, () => {
  let cluster: Cluster;
  let smtp: TestSmtpServer;
  let database: Database;
  let event: Awaited<ReturnType<typeof createEvent>>;
  const acceptedAt: number[] = [];
  const registerPath = () => `/api/public/events/${event.id}/registrations`;
  const register = (from: string, headers: Record<string, string> = {}) =>
    post(cluster, registerPath(), registrationBody(event.timeslots[0]!.id), from, headers);

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ beforeReply: async () => void acceptedAt.push(Date.now()) });
    cluster = await startCluster({
      appProcesses: 2,
      env: {
        PUBLIC_REGISTRATION_RATE_LIMIT: String(LIMIT),
        SMTP_URL: smtp.url,
        MAIL_RATE_PER_SECOND: String(MAIL_RATE),
      },
    });
    database = await openDatabase({ url: cluster.databaseUrl, poolSize: 2 });
    event = await createEvent(database.db, { timeslots: [{ capacity: 500 }] });
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
    await smtp?.close();
  });

  it("shares the mail send rate: both processes send, together at MAIL_RATE_PER_SECOND", async () => {
    const MESSAGES = 30;
    await enqueueMany(database.db, MESSAGES);
    await smtp.waitForReceived(MESSAGES, 60_000);
    const seconds = (Math.max(...acceptedAt) - Math.min(...acceptedAt)) / 1000;
    // 30 messages at 2 per second in fixed windows: 15 windows, 14 s from the first permit to the
    // last (13 s asked, for the first connections' set-up). Each process at its own 2 per second
    // would have taken about 7.5 s. A worker claims 10 at a time (5 s of sending), two batches
    // ahead: the other process claims the third.
    expect(seconds).toBeGreaterThanOrEqual(MESSAGES / MAIL_RATE - 2);
    // A batch's sends are counted once all its results are recorded, just after the last reply.
    let sent: number[] = [];
    for (let tries = 0; tries < 50; tries++) {
      const texts = await Promise.all(cluster.appPorts.map(scrape));
      sent = texts.map((text) => metric(text, "opencall_mail_sent_total"));
      if (sent.reduce((a, b) => a + b, 0) >= MESSAGES) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(sent.reduce((a, b) => a + b, 0)).toBe(MESSAGES);
    expect(sent.every((n) => n > 0)).toBe(true);
  });

  it("refuses the limit plus one from a client, whichever process it reaches", async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < LIMIT + 2; i++) answers.push(await register("127.0.0.21"));
    expect(answers.slice(0, LIMIT).map((a) => a.status)).toEqual(Array(LIMIT).fill(201));
    expect(new Set(answers.slice(0, LIMIT).map((a) => a.servedBy))).toEqual(new Set(["app1", "app2"]));
    const refused = answers.slice(LIMIT);
    expect(refused.map((a) => a.status)).toEqual([429, 429]);
    // Round robin: the two refusals came from the two processes.
    expect(new Set(refused.map((a) => a.servedBy))).toEqual(new Set(["app1", "app2"]));
    expect(JSON.parse(refused[0]!.body).error.code).toBe("rate_limited");
    // Another client has its own count.
    expect((await register("127.0.0.22")).status).toBe(201);
  });

  it("counts a forged X-Forwarded-For from an untrusted client against its real address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      statuses.push((await register("127.0.0.23", { "x-forwarded-for": `192.0.2.${i + 1}` })).status);
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(201));
    expect(statuses[LIMIT]).toBe(429);
    // Its real address is spent, with or without the header.
    expect((await register("127.0.0.23")).status).toBe(429);
  });

  it("a rush of 2,000 registrations overbooks no slot, and the processes' metrics add up to the database", async () => {
    const rush = await createEvent(database.db, {
      timeslots: Array.from({ length: 4 }, (_, i) => ({
        capacity: 400,
        startTime: `${String(10 + i).padStart(2, "0")}:00`,
        endTime: `${String(11 + i).padStart(2, "0")}:00`,
      })),
    });
    // 2,000 requests for 1,600 places from 100 addresses (20 each, under the limit), 50 at a time.
    const statuses: Record<number, number> = {};
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < RUSH) {
          const i = next++;
          const slot = rush.timeslots[i % rush.timeslots.length]!;
          const from = `127.0.1.${(i % 100) + 1}`;
          const { status } = await post(cluster, `/api/public/events/${rush.id}/registrations`, registrationBody(slot.id), from);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    expect(statuses).toEqual({ 201: 1600, 409: 400 });

    const slots = rowsOf<{ capacity: number; taken: number }>(
      await database.db.execute(
        sql`select t.capacity, count(r.id)::int as taken from event_timeslots t
            left join model_registrations r on r.timeslot_id = t.id where t.event_id = ${rush.id} group by t.id, t.capacity`,
      ),
    );
    expect(slots).toHaveLength(4);
    for (const slot of slots) expect(slot.taken).toBe(slot.capacity);

    const [{ total } = { total: 0 }] = rowsOf<{ total: number }>(
      await database.db.execute(sql`select count(*)::int as total from model_registrations`),
    );
    const texts = await Promise.all(cluster.appPorts.map(scrape));
    const sum = (name: string) => texts.reduce((s, text) => s + metric(text, name), 0);
    expect(sum("opencall_registrations_created_total")).toBe(total);
    expect(sum('opencall_registrations_refused_total{reason="timeslot_full"}')).toBe(400);
    expect(sum('opencall_registrations_refused_total{reason="rate_limited"}')).toBe(4);
    // Each process served part of the rush.
    for (const text of texts) expect(metric(text, "opencall_registrations_created_total")).toBeGreaterThan(500);
  });

  it("shares the photos' store: a photo uploaded to one process, registered with it, is read through the other", async () => {
    const [first, second] = cluster.appPorts.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    const photoEvent = await createEvent(database.db, { photos: "optional" });
    const form = new FormData();
    form.append("kind", "face");
    form.append("file", new Blob([new Uint8Array(await phoneJpeg(300, 200))], { type: "image/jpeg" }), "face.jpg");
    const uploaded = await fetch(`${first}/api/public/events/${photoEvent.id}/photos`, { method: "POST", body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { photoId } = (await uploaded.json()) as { photoId: string };
    const registered = await fetch(`${first}/api/public/events/${photoEvent.id}/registrations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(registrationBody(photoEvent.timeslots[0]!.id, { photos: { face: photoId } })),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);

    const staff = await createUser(database.db, { role: "member" });
    const origin = new URL(cluster.url.replace("127.0.0.1", "localhost")).origin;
    const signedIn = await fetch(`${first}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: staff.email, password: TEST_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const list = await fetch(`${second}/api/registrations?eventId=${photoEvent.id}`, { headers: { cookie } });
    const [item] = ((await list.json()) as { items: Array<{ id: string; photos: Array<{ kind: string; id: string }> }> }).items;
    expect(item!.photos).toEqual([{ kind: "face", id: photoId }]);

    const read = (base: string) =>
      fetch(`${base}/api/registrations/${item!.id}/photos/face?size=large&v=${photoId}`, { headers: { cookie } });
    const [viaFirst, viaSecond] = await Promise.all([read(first), read(second)]);
    expect(viaSecond.status).toBe(200);
    expect(viaSecond.headers.get("content-type")).toBe("image/jpeg");
    expect(viaSecond.headers.get("etag")).toBe(`"${photoId}"`);
    const bytes = Buffer.from(await viaSecond.arrayBuffer());
    expect(bytes.equals(Buffer.from(await viaFirst.arrayBuffer()))).toBe(true);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it("carries the line's streams: a call on one process reaches a phone streaming through the proxy from the other", async () => {
    const day = await createEvent(database.db, { timeslots: [{ capacity: 10 }] });
    const people = [];
    for (let i = 0; i < 2; i++) {
      const person = await createRegistration(database.db, { eventId: day.id, timeslotId: day.timeslots[0]!.id });
      await arrive(database.db, person.id);
      people.push(person);
    }
    const token = registrationToken({ authSecret: cluster.authSecret }, "manage", people[1]!.id);
    // A browser asks for compression: a stream must come through unbuffered and uncompressed.
    const phone = await openStream(cluster.port, `/api/public/queue/stream?t=${token}`, { "accept-encoding": "gzip" });
    try {
      expect(phone.status).toBe(200);
      expect(phone.headers["content-type"]).toBe("text/event-stream");
      expect(phone.headers["content-encoding"]).toBeUndefined();
      await expect.poll(() => lastOf<QueuePlace>(phone, "place")?.ahead).toBe(1);
      const servedBy = String(phone.headers["x-served-by"]);
      expect(["app1", "app2"]).toContain(servedBy);
      const otherPort = cluster.appPorts[servedBy === "app1" ? 1 : 0]!;

      const staff = await createUser(database.db, { role: "member" });
      const origin = new URL(cluster.url.replace("127.0.0.1", "localhost")).origin;
      const signedIn = await fetch(`http://127.0.0.1:${otherPort}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: staff.email, password: TEST_PASSWORD }),
      });
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const calledAt = Date.now();
      const called = await fetch(`http://127.0.0.1:${otherPort}/api/events/${day.id}/queue/call`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie },
        body: JSON.stringify({ room: "Sala 1", count: 2 }),
      });
      expect(called.status, await called.clone().text()).toBe(200);
      await expect.poll(() => lastOf<QueuePlace>(phone, "place")?.state, { timeout: 2000, interval: 10 }).toBe("called");
      expect(Date.now() - calledAt).toBeLessThan(1000);
      expect(lastOf<QueuePlace>(phone, "place")).toMatchObject({ number: 2, room: "Sala 1" });
    } finally {
      phone.close();
    }
  });
});
