/** The share cards and the home-screen icon: PNGs of the sizes crawlers and phones expect (issue 21). */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { formatDateFor } from "@common/dates-language";
import { createEvent, signedInAs } from "../../test/factories";
import { eventCardSvg, rasterise } from "./share.card";
import { useTestApp } from "../../test/harness";

const t = useTestApp();

describe("GET /og/events/:eventId.png", () => {
  it("answers an active event's preview: a PNG of 1200×630, the same bytes again from the cache", async () => {
    const event = await createEvent(t.db, { eventName: "Casting abierto de primavera para nuevas caras 2027" });
    const res = await t.app.inject({ url: `/og/events/${event.id}.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    const meta = await sharp(res.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "png", width: 1200, height: 630 });
    // Not a blank image: the text is drawn (many distinct colours from anti-aliased glyphs).
    const { channels } = await sharp(res.rawPayload).stats();
    expect(channels[0]!.stdev).toBeGreaterThan(10);
    const again = await t.app.inject({ url: `/og/events/${event.id}.png?lang=en` });
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, res.rawPayload), "English spells the date differently").not.toBe(0);
  });

  it("names the agency (issue 32): its saved name is drawn on the card", async () => {
    const event = await createEvent(t.db, { eventName: "Casting Invierno", location: "Rosario" });
    const card = (siteName: string) =>
      rasterise(
        eventCardSvg({
          siteName,
          eyebrow: "Casting abierto",
          eventName: "Casting Invierno",
          date: formatDateFor("es-AR", event.eventDate),
          place: "Rosario",
          cta: "Inscribite online",
        }),
      );
    const before = await t.app.inject({ url: `/og/events/${event.id}.png` });
    expect(Buffer.compare(before.rawPayload, await card("OpenCall"))).toBe(0);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/settings/agency",
      headers: (await signedInAs(t.app, { role: "superadmin" })).headers,
      payload: { name: "Estudio Sur Modelos", contactEmail: "casting@estudiosur.test" },
    });
    expect(saved.statusCode).toBe(200);
    const after = await t.app.inject({ url: `/og/events/${event.id}.png` });
    expect(Buffer.compare(after.rawPayload, await card("Estudio Sur Modelos"))).toBe(0);
  });

  it("answers 404 for an inactive, missing or malformed event", async () => {
    const inactive = await createEvent(t.db, { status: "inactive" });
    for (const url of [
      `/og/events/${inactive.id}.png`,
      "/og/events/6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f.png",
      "/og/events/x.png",
      `/og/events/${inactive.id}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).not.toContain("image/png");
    }
  });

  it("the home-screen icon is a PNG of 180×180", async () => {
    const res = await t.app.inject({ url: "/apple-touch-icon.png" });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 180, 180]);
  });

  it("the landing's card is a PNG of 1200×630 too", async () => {
    const res = await t.app.inject({ url: "/og/landing.png" });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
  });
});
