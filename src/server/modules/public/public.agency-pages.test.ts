/**
 * The agency on its public pages, read as the server sends them (issue 32): once a superadmin saves
 * the agency's name and logo, the registration page's header shows them, its title and share tags
 * name the agency, and the footer gives its contact address; the product's home page stays the
 * product's.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createEvent, signedInAs } from "../../test/factories";
import { bodyOf, metaContent, PUBLIC_URL, stateOf, useRenderedPublicPages, visibleText } from "./public.pages.test-support";

const pages = useRenderedPublicPages();

describe("an agency's public pages", () => {
  it("name the agency in the header, the title and the share tags, with its logo and contact address", async () => {
    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const saved = await pages.app.inject({
      method: "PUT",
      url: "/api/settings/agency",
      headers: { ...(await signedInAs(pages.app, { role: "superadmin" })).headers, origin: PUBLIC_URL },
      payload: {
        name: "Estudio Sur <Modelos>",
        contactEmail: "casting@estudiosur.test",
        website: "https://estudiosur.test",
        logo: `data:image/png;base64,${logo.toString("base64")}`,
      },
    });
    expect(saved.statusCode).toBe(200);
    const { logoUrl } = saved.json();

    const event = await createEvent(pages.db, { eventName: "Casting Invierno" });
    const res = await pages.app.inject({ url: `/e/${event.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Registro para Casting Invierno · Estudio Sur &lt;Modelos&gt;</title>");
    expect(metaContent(res.body, "og:site_name")).toBe("Estudio Sur &lt;Modelos&gt;");

    const body = bodyOf(res.body);
    const header = body.slice(body.indexOf("<header"), body.indexOf("</header>"));
    expect(visibleText(header)).toContain("Estudio Sur <Modelos>");
    expect(header).toContain(`<img src="${logoUrl}"`);
    expect(header).toMatch(/aria-label="Estudio Sur (&lt;|<)Modelos(&gt;|>), inicio"/);
    expect(header).not.toContain("OpenCall");
    const footer = body.slice(body.indexOf("<footer"));
    expect(visibleText(footer)).toContain("casting@estudiosur.test");
    expect(stateOf(res.body).agency).toEqual({
      name: "Estudio Sur <Modelos>",
      contactEmail: "casting@estudiosur.test",
      website: "https://estudiosur.test",
      logoUrl,
    });

    // The other visitor pages likewise; the product's home page is the product's.
    const privacy = await pages.app.inject({ url: "/privacy" });
    expect(privacy.body).toContain("· Estudio Sur &lt;Modelos&gt;</title>");
    const home = await pages.app.inject({ url: "/" });
    expect(home.body).toMatch(/<title>OpenCall · [^<]*<\/title>/);
  });
});
