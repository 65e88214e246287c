/**
 * /privacy (issue 18): the agency's current privacy notice on its own page, rendered by the server
 * in the visitor's language, with the way to ask for one's data; the public pages' footer links it.
 */
import { describe, expect, it } from "vitest";
import { privacyNotices } from "../../db/schema";
import { createEvent } from "../../test/factories";
import { bodyOf, stateOf, useRenderedPublicPages, visibleText } from "./public.pages.test-support";

const pages = useRenderedPublicPages();

describe("the privacy notice's page, without JavaScript", () => {
  it("shows the current version in the visitor's language, and how to reach one's own data", async () => {
    await pages.db.insert(privacyNotices).values({
      version: 3,
      textEs: "Guardamos tus datos seis meses después del casting.",
      textEn: "We keep your data for six months after the casting.",
    });

    const res = await pages.app.inject({ url: "/privacy" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Aviso de privacidad · OpenCall</title>");
    const text = visibleText(bodyOf(res.body));
    expect(text).toContain("Versión 3");
    expect(text).toContain("Guardamos tus datos seis meses después del casting.");
    expect(bodyOf(res.body)).toMatch(/<a [^>]*href="\/privacy\/request"/);
    expect(stateOf(res.body).notice).toMatchObject({ version: 3 });

    const english = await pages.app.inject({ url: "/privacy", headers: { "accept-language": "en" } });
    expect(visibleText(bodyOf(english.body))).toContain("We keep your data for six months after the casting.");
    // /privacy/request stays the staff app's page.
    expect((await pages.app.inject({ url: "/privacy/request" })).body).not.toContain("Guardamos tus datos");
  });

  it("is linked from the public pages' footer and from the registration form", async () => {
    const event = await createEvent(pages.db);
    for (const url of ["/", "/landing", `/events/${event.id}/register`]) {
      const res = await pages.app.inject({ url });
      expect(bodyOf(res.body), url).toMatch(/<a [^>]*href="\/privacy"[^>]*>Privacidad<\/a>/);
    }
    const form = bodyOf((await pages.app.inject({ url: `/events/${event.id}/register` })).body);
    expect(form).toMatch(/<a [^>]*href="\/privacy"[^>]*target="_blank"[^>]*>Ver el aviso en su propia página<\/a>/);
  });
});
