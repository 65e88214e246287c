/** What the door pass tests need: a pass made through the API, and a phone signed in with its link. */
import { expect } from "vitest";
import type { App } from "../../app";
import { TEST_PUBLIC_URL } from "../../test/harness";
import { DOOR_PASS_COOKIE } from "./door-pass.cookie";

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** Makes a pass for `eventId` as the admin of `headers`; its id and the secret of its link. */
export async function makePass(app: App, headers: Record<string, string>, eventId: string, body: object = {}) {
  const res = await app.inject({
    method: "POST",
    url: `/api/events/${eventId}/door-passes`,
    headers,
    payload: { name: "Lucía (puerta)", expiresAt: hoursFromNow(8), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, url, expiresAt } = res.json<{ id: string; url: string; expiresAt: string }>();
  const secret = new URL(url).searchParams.get("p")!;
  return { id, url, expiresAt, secret };
}

/** A fresh browser signing in with a pass's secret: the reply, and the headers its later requests carry. */
export async function signInWithPass(app: App, secret: string, cookie?: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/door-passes/sign-in",
    headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
    payload: { token: secret },
  });
  const setCookie = [res.headers["set-cookie"] ?? []].flat()[0] ?? "";
  const passCookie = setCookie.split(";")[0]!;
  return { res, setCookie, headers: { cookie: cookie ? `${cookie}; ${passCookie}` : passCookie, origin: TEST_PUBLIC_URL } };
}

/** The headers of a browser holding the pass's cookie (as after a sign-in), without signing in. */
export const passHeaders = (secret: string) => ({ cookie: `${DOOR_PASS_COOKIE}=${secret}`, origin: TEST_PUBLIC_URL });
