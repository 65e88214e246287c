import { describe, expect, it } from "vitest";
import { createEvent, registrationBody } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp({ publicRegistrationRateLimit: 3 });

describe("the submit route's per-IP rate limit", () => {
  it("answers 429 rate_limited past PUBLIC_REGISTRATION_RATE_LIMIT per minute, per address", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 50 }] });
    const post = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/registrations`,
        payload: registrationBody(event.timeslots[0]!.id),
        remoteAddress: ip,
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post("203.0.113.7")).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await post("203.0.113.7");
    expect(limited.json().error.code).toBe("rate_limited");
    expect((await post("198.51.100.2")).statusCode).toBe(201);
    // Reading the event is not limited.
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ url: `/api/public/events/${event.id}`, remoteAddress: "203.0.113.7" })).statusCode).toBe(200);
    }
  });
});
