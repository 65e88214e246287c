/**
 * The per-event photo setting (issue 17) through POST and PUT /api/events: new events ask for
 * photos unless staff say otherwise, an edit changes it, and an edit that does not mention it
 * keeps it. The public form reads it (GET /api/public/events/:id) and the upload route obeys it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ScoutingEvent } from "@common/schemas/events";
import type { PhotoSetting } from "@common/photos";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { eventBody, updateBodyFrom } from "./events.test-support";

const t = useTestApp();
let headers: Record<string, string>;

beforeAll(async () => {
  headers = (await signedInAs(t.app, { role: "admin" })).headers;
});

const create = (payload: object) => t.app.inject({ method: "POST", url: "/api/events", headers, payload });
const put = (id: string, payload: object) => t.app.inject({ method: "PUT", url: `/api/events/${id}`, headers, payload });
const get = async (id: string) =>
  (await t.app.inject({ method: "GET", url: `/api/events/${id}`, headers })).json<ScoutingEvent>();
/** What the public form is told about photos. */
const publicSetting = async (id: string) =>
  (await t.app.inject({ method: "GET", url: `/api/public/events/${id}` })).json<{ photos: PhotoSetting }>().photos;

async function createdWith(photos?: PhotoSetting): Promise<ScoutingEvent> {
  const body = eventBody(photos ? { photos } : {});
  expect("photos" in body).toBe(photos !== undefined);
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ScoutingEvent>();
}

describe("POST /api/events: the photo setting", () => {
  it("a new event without a setting asks for photos (required), and the public form is told so", async () => {
    const event = await createdWith();
    expect(event.photos).toBe("required");
    expect((await get(event.id)).photos).toBe("required");
    expect(await publicSetting(event.id)).toBe("required");
  });

  it.each(["off", "optional", "required"] as const)("stores %s when it is sent", async (photos) => {
    const event = await createdWith(photos);
    expect(event.photos).toBe(photos);
    expect((await get(event.id)).photos).toBe(photos);
    expect(await publicSetting(event.id)).toBe(photos);
  });

  it("refuses a setting that is not off, optional or required, and creates nothing", async () => {
    const before = (await t.app.inject({ method: "GET", url: "/api/events", headers })).json<unknown[]>().length;
    const res = await create({ ...eventBody(), photos: "sometimes" });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(error.code).toBe("validation_failed");
    expect(Object.keys(error.fields)).toContain("photos");
    const after = (await t.app.inject({ method: "GET", url: "/api/events", headers })).json<unknown[]>().length;
    expect(after).toBe(before);
  });
});

describe("PUT /api/events/:id: the photo setting", () => {
  it.each([
    ["required", "off"],
    ["required", "optional"],
    ["off", "required"],
    ["optional", "off"],
  ] as const)("changes %s to %s", async (from, to) => {
    const event = await createdWith(from);
    const res = await put(event.id, updateBodyFrom(event, { photos: to }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ScoutingEvent>().photos).toBe(to);
    expect((await get(event.id)).photos).toBe(to);
    expect(await publicSetting(event.id)).toBe(to);
  });

  it.each(["off", "optional", "required"] as const)(
    "an edit without the field keeps %s, and still saves the rest",
    async (photos) => {
      const event = await createdWith(photos);
      const body = updateBodyFrom(event, { eventName: "Casting renombrado" });
      expect("photos" in body).toBe(false);
      const res = await put(event.id, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<ScoutingEvent>()).toMatchObject({ eventName: "Casting renombrado", photos });
      expect((await get(event.id)).photos).toBe(photos);
    },
  );

  it("refuses a setting that is not off, optional or required, and keeps the old one", async () => {
    const event = await createdWith("optional");
    const res = await put(event.id, { ...updateBodyFrom(event), photos: "always" });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe("validation_failed");
    expect((await get(event.id)).photos).toBe("optional");
  });

  it("a member cannot change it", async () => {
    const event = await createdWith("required");
    const member = await signedInAs(t.app, { role: "member" });
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/events/${event.id}`,
      headers: member.headers,
      payload: updateBodyFrom(event, { photos: "off" }),
    });
    expect(res.statusCode).toBe(403);
    expect((await get(event.id)).photos).toBe("required");
  });
});

describe("the public upload follows the edited setting", () => {
  it("refuses photos once staff turn them off, and takes uploads again once they are back on", async () => {
    const event = await createdWith("required");
    // The route checks the event before it reads the body: a body without a file is refused for
    // its missing file when the event takes photos, and for the event when it does not.
    const upload = async () => {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/photos`,
        headers: { "content-type": "multipart/form-data; boundary=x" },
        payload: "--x--\r\n",
      });
      return { status: res.statusCode, ...res.json<{ error: { code: string; fields?: Record<string, string> } }>().error };
    };
    const takesPhotos = { status: 400, code: "validation_failed", fields: { file: expect.any(String) } };
    expect(await upload()).toMatchObject(takesPhotos);

    expect((await put(event.id, updateBodyFrom(event, { photos: "off" }))).statusCode).toBe(200);
    expect(await upload()).toMatchObject({ status: 400, code: "photos_not_accepted" });

    expect((await put(event.id, updateBodyFrom(event, { photos: "optional" }))).statusCode).toBe(200);
    expect(await upload()).toMatchObject(takesPhotos);
  });
});
