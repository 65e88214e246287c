/**
 * A client's photo (issue 36) is the stored photo made smaller for a screen and marked with the
 * agency's and the client's names: decoded, it is not the stored size, and its pixels differ from
 * the stored photo's where the mark is (the band along the bottom, the names across the middle) and
 * hardly anywhere else. It is never cached, and never the stored file.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { portrait, registrant, selectionOf, shareOf } from "./selections.test-support";
import { CLIENT_PHOTO_SIDE } from "./selections.watermark";

const t = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
});

/** The mean difference, per channel, of two RGB images of the same size over a rectangle. */
function meanDifference(
  a: Buffer,
  b: Buffer,
  width: number,
  box: { left: number; top: number; width: number; height: number },
): number {
  let sum = 0;
  for (let y = box.top; y < box.top + box.height; y++)
    for (let x = box.left; x < box.left + box.width; x++)
      for (let c = 0; c < 3; c++) sum += Math.abs(a[(y * width + x) * 3 + c]! - b[(y * width + x) * 3 + c]!);
  return sum / (box.width * box.height * 3);
}

describe("a client's photo", () => {
  it("is smaller than the stored one and carries a visible watermark where the stored one has none", async () => {
    const person = await registrant(t.app, {}, await portrait(1600, 2000));
    const selectionId = await selectionOf(t.app, admin, [person.id]);
    const { token } = await shareOf(t.app, admin, selectionId, { clientName: "Marca Norte" });
    const member = (await t.app.inject({ url: `/api/public/shares/${token}` })).json().members[0];

    const served = await t.app.inject({ url: member.photos[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cache-control"]).toBe("private, no-store");
    const stored = await t.app.inject({ url: `/api/registrations/${person.id}/photos/face?size=large`, headers: admin });
    expect(stored.statusCode).toBe(200);

    const storedMeta = await sharp(stored.rawPayload).metadata();
    const { data: servedPixels, info } = await sharp(served.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([storedMeta.width, storedMeta.height]).toEqual([1600, 2000]);
    expect([info.width, info.height]).toEqual([(1600 * CLIENT_PHOTO_SIDE) / 2000, CLIENT_PHOTO_SIDE]);
    expect(served.rawPayload.equals(stored.rawPayload)).toBe(false);

    // The stored photo at the served size: what the client's copy would be without the mark.
    const plain = await sharp(stored.rawPayload).resize(info.width, info.height).removeAlpha().raw().toBuffer();
    const band = Math.round(Math.min(info.width, info.height) * 0.08);
    const bottomBand = { left: 0, top: info.height - band + 2, width: info.width, height: band - 4 };
    const middle = {
      left: Math.round(info.width * 0.2),
      top: Math.round(info.height * 0.4),
      width: Math.round(info.width * 0.6),
      height: Math.round(info.height * 0.2),
    };
    const corner = { left: 0, top: 0, width: Math.round(info.width * 0.12), height: Math.round(info.height * 0.1) };
    expect(meanDifference(servedPixels, plain, info.width, bottomBand)).toBeGreaterThan(40);
    expect(meanDifference(servedPixels, plain, info.width, middle)).toBeGreaterThan(4);
    expect(meanDifference(servedPixels, plain, info.width, corner)).toBeLessThan(4);

    // The grid's thumbnail is marked too.
    const thumb = await t.app.inject({ url: member.photos[0].thumbUrl });
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBeLessThanOrEqual(320);
    const storedThumb = await t.app.inject({ url: `/api/registrations/${person.id}/photos/face?size=thumb`, headers: admin });
    const { data: thumbPixels, info: thumbInfo } = await sharp(thumb.rawPayload)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const plainThumb = await sharp(storedThumb.rawPayload)
      .resize(thumbInfo.width, thumbInfo.height)
      .removeAlpha()
      .raw()
      .toBuffer();
    const thumbBand = Math.max(18, Math.round(Math.min(thumbInfo.width, thumbInfo.height) * 0.08));
    expect(
      meanDifference(thumbPixels, plainThumb, thumbInfo.width, {
        left: 0,
        top: thumbInfo.height - thumbBand + 2,
        width: thumbInfo.width,
        height: thumbBand - 4,
      }),
    ).toBeGreaterThan(40);
  });
});
