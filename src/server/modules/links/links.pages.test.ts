/** A tracked link's address /e/<event slug>/<link slug> serves the event's registration page (issue 38). */
import { describe, expect, it } from "vitest";
import { createEvent } from "../../test/factories";
import { bodyOf, PUBLIC_URL, stateOf, useRenderedPublicPages } from "../public/public.pages.test-support";

const pages = useRenderedPublicPages();

describe("a tracked link's address (issue 38)", () => {
  it("serves the event's registration page, its canonical address the event's own", async () => {
    const event = await createEvent(pages.db, { eventName: "Casting Links 2027" });
    const short = await pages.app.inject({ url: `/e/${event.slug}` });
    for (const url of [`/e/${event.slug}/historia-ig`, `/e/${event.slug}/Historia-IG/?utm_source=x`]) {
      const res = await pages.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(bodyOf(res.body)).toBe(bodyOf(short.body));
      expect(stateOf(res.body).event).toEqual(stateOf(short.body).event);
      expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/e/${event.slug}" />`);
    }
    expect((await pages.app.inject({ url: "/e/no-existe/historia-ig" })).statusCode).toBe(404);
  });
});
