import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { todayIso } from "@common/dates";
import { modelRegistrations, outboxMessages } from "../../db/schema";
import { createEvent, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { useOutboxWorkers } from "../../test/outbox";

// The confirmation e-mail carries the check-in QR code as an inline image: read from a real SMTP
// server, decoded from its pixels, and used at the door.
const t = useTestApp({ publicUrl: "http://opencall.test" });
const mail = useOutboxWorkers(t);

async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

describe("the confirmation e-mail's check-in QR code", () => {
  it("is an inline image the HTML shows, and its URL checks the person in", async () => {
    const event = await createEvent(t.db, { eventDate: todayIso(), timeslots: [{ startTime: "00:00", endTime: "23:59" }] });
    const body = registrationBody(event.timeslots[0]!.id);
    const created = await t.app.inject({ method: "POST", url: `/api/public/events/${event.id}/registrations`, payload: body });
    expect(created.statusCode).toBe(201);
    const [verification] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, body.email as string));
    const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(verification!.textBody)![1];
    const verified = await t.app.inject({ method: "POST", url: "/api/public/verify", payload: { token } });
    expect(verified.statusCode).toBe(200);

    const smtp = await mail.smtpServer();
    const { worker } = mail.worker(smtp.url);
    await worker.drainOnce();
    await smtp.waitForReceived(2);
    const confirmation = smtp.received.find((m) => m.subject.startsWith("Registro confirmado"))!;
    // skipImageLinks: the HTML as sent (mailparser otherwise inlines cid: images as data: URIs).
    const parsed = await simpleParser(confirmation.raw, { skipImageLinks: true });
    const image = parsed.attachments.find((a) => a.contentType === "image/png");
    expect(image?.cid).toBe("check-in-qr@opencall");
    expect(image?.contentDisposition).toBe("inline");
    expect(parsed.html).toContain('src="cid:check-in-qr@opencall"');
    expect(confirmation.text).toContain("Mostrá el código QR de este correo");

    const url = await decodeQr(image!.content);
    expect(url).toMatch(/^http:\/\/opencall\.test\/check-in\?t=[A-Za-z0-9_-]{43}$/);
    const { headers } = await signedInAs(t.app, { role: "member" });
    const checkIn = await t.app.inject({
      method: "POST",
      url: "/api/check-ins",
      headers: { ...headers, origin: "http://opencall.test" },
      payload: { token: new URL(url!).searchParams.get("t"), eventId: event.id },
    });
    expect(checkIn.statusCode).toBe(200);
    expect(checkIn.json()).toMatchObject({ checkedIn: true, warnings: [], registration: { fullName: body.fullName } });
    const [row] = await t.db
      .select()
      .from(modelRegistrations)
      .where(eq(modelRegistrations.email, String(body.email).trim().toLowerCase()));
    expect(row!.attended).toBe(true);
  });
});
