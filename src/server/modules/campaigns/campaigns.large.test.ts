/**
 * A large campaign must not hold the database while its messages are written (issue 15, point 4):
 * on PGlite there is one connection for everyone. The real server on a port, a campaign of a 99 KB HTML
 * message to hundreds of registrations, and the public form's requests timed meanwhile.
 */
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedEvent } from "../../../../scripts/lib/seed";
import { modelRegistrations, outboxMessages } from "../../db/schema";
import { createEvent, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();
const RECIPIENTS = 300;
let base: string;
let admin: Record<string, string>;
let crowd: Awaited<ReturnType<typeof seedEvent>>;
let open: Awaited<ReturnType<typeof createEvent>>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
  crowd = await seedEvent(t.db, {
    seed: 5,
    eventName: "Casting Multitudinario",
    eventDate: "2026-05-01",
    location: "La Rural, Palermo, CABA",
    slots: [{ startTime: "10:00", endTime: "18:00", capacity: RECIPIENTS }],
    registrations: RECIPIENTS,
  });
  open = await createEvent(t.db, { timeslots: [{ capacity: 10_000 }] });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await t.app.close();
});

/** About 99 KB of the HTML staff paste from a newsletter editor, with a placeholder in each block. */
function largeHtml(): string {
  const block = (i: number) =>
    `<h2>Novedades ${i}</h2><p style="color:#333;font-size:14px">Hola <b>{nombre}</b>, tu código es {codigo}. ` +
    `Te esperamos en <a href="https://agency.test/eventos/${i}">nuestro próximo casting</a> con tu book actualizado.</p>` +
    `<table><tr><td>Fecha</td><td>{fecha}</td></tr><tr><td>Horario</td><td>{horario}</td></tr></table>`;
  let html = "";
  for (let i = 0; html.length < 99_000; i++) html += block(i);
  return html;
}

async function timed(path: string, init: RequestInit = {}): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
  await res?.arrayBuffer();
  return { status: res?.status ?? 0, ms: performance.now() - started };
}

describe("a large campaign being queued", () => {
  it("leaves the public form answering within a second, and queues every message", { timeout: 120_000 }, async () => {
    const ids = (
      await t.db.select({ id: modelRegistrations.id }).from(modelRegistrations).where(eq(modelRegistrations.eventId, crowd.id))
    ).map((r) => r.id);
    expect(ids).toHaveLength(RECIPIENTS);
    const campaignStarted = performance.now();
    const campaign = await fetch(`${base}/api/campaigns`, {
      method: "POST",
      headers: { ...admin, "content-type": "application/json" },
      body: JSON.stringify({
        eventId: crowd.id,
        registrationIds: ids,
        subject: "Novedades para {nombre}",
        content: largeHtml(),
        isHtml: true,
      }),
    });
    // Answered at once (issue 32): the messages are written in the background.
    expect(campaign.status).toBe(202);
    let written = false;
    let campaignMs = 0;
    void t.app.ctx.campaignMessages.idle().finally(() => {
      written = true;
      campaignMs = performance.now() - campaignStarted;
    });

    // A visitor on the public form all along, while the campaign's messages are written.
    const slotId = open.timeslots[0]!.id;
    const timings: number[] = [];
    while (!written) {
      const event = await timed(`/api/public/events/${open.id}`);
      expect(event.status).toBe(200);
      const registration = await timed(`/api/public/events/${open.id}/registrations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(registrationBody(slotId)),
      });
      expect(registration.status).toBe(201);
      timings.push(event.ms, registration.ms);
    }
    // Served while the messages were being written, each within a second, or (on a machine slowed by
    // other test files) within half the writing's own time: writing them all in one transaction
    // makes the first request wait for nearly all of it.
    expect(timings.length).toBeGreaterThan(4);
    expect(Math.max(...timings)).toBeLessThan(Math.max(1000, campaignMs / 2));
    const [queued] = await t.db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.kind, "campaign"));
    expect(queued!.n).toBe(RECIPIENTS);
  });
});
