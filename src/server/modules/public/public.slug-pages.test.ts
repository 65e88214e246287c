/**
 * An event's short address /e/<slug>, read as the server sends it (issue 32).
 */
import { describe, expect, it } from "vitest";
import { createEvent } from "../../test/factories";
import { bodyOf, metaContent, PUBLIC_URL, stateOf, useRenderedPublicPages, visibleText } from "./public.pages.test-support";

const pages = useRenderedPublicPages();

describe("an event's short address /e/<slug> (issue 32)", () => {
  it("serves the same registration page as /events/<id>/register, with one canonical address", async () => {
    const event = await createEvent(pages.db, { eventName: "Casting Córdoba 2027", location: "Nueva Córdoba" });
    expect(event.slug).toBe("casting-cordoba-2027");

    const short = await pages.app.inject({ url: "/e/casting-cordoba-2027" });
    const byId = await pages.app.inject({ url: `/events/${event.id}/register` });
    expect(short.statusCode).toBe(200);
    expect(short.headers["content-type"]).toContain("text/html");
    const text = visibleText(bodyOf(short.body));
    expect(text).toContain("Registro para Casting Córdoba 2027");
    expect(text).toContain("Nueva Córdoba");
    expect(text).toContain("Enviar registro");
    // The same page: its body, its state for hydration (the id the form posts to), its head and its modules.
    expect(bodyOf(short.body)).toBe(bodyOf(byId.body));
    expect(stateOf(short.body).event).toEqual(stateOf(byId.body).event);
    expect(stateOf(short.body).event).toMatchObject({ id: event.id, slug: "casting-cordoba-2027" });
    const head = (html: string) => html.slice(0, html.indexOf("</head>"));
    expect(head(short.body)).toBe(head(byId.body));
    expect(short.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/e/casting-cordoba-2027" />`);
    expect(metaContent(short.body, "og:url")).toBe(`${PUBLIC_URL}/e/casting-cordoba-2027`);
    expect(metaContent(short.body, "og:title")).toBe("Casting Córdoba 2027");
    const modules = (html: string) => /<script data-modules="([^"]+)">/.exec(html)?.[1];
    expect(modules(short.body)).toBe(modules(byId.body));

    // Typed in capitals, or with a final slash: the same page.
    for (const url of ["/e/Casting-Cordoba-2027", "/e/casting-cordoba-2027/"]) {
      const res = await pages.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(visibleText(bodyOf(res.body)), url).toContain("Registro para Casting Córdoba 2027");
    }
  });

  it("answers an unknown, inactive or malformed slug, or a callback's, with the same not-found page as an unknown id", async () => {
    const inactive = await createEvent(pages.db, { status: "inactive" });
    // A callback (issue 36) is never public: its page is nobody's, by its slug or its id.
    const callback = await createEvent(pages.db, { kind: "callback", callbackOf: inactive.id });
    const unknownId = await pages.app.inject({ url: "/events/6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f/register" });
    const byId = await pages.app.inject({ url: `/events/${callback.id}/register` });
    expect(byId.statusCode).toBe(404);
    expect(bodyOf(byId.body)).toBe(bodyOf(unknownId.body));
    for (const slug of ["no-existe", inactive.slug, callback.slug, "no%20v%C3%A1lido", "x".repeat(90)]) {
      const res = await pages.app.inject({ url: `/e/${slug}` });
      expect(res.statusCode, slug).toBe(404);
      expect(visibleText(bodyOf(res.body)), slug).toContain("Evento no encontrado o inactivo");
      expect(bodyOf(res.body)).toBe(bodyOf(unknownId.body));
      expect(res.body).not.toMatch(/og:|twitter:|rel="canonical"/);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(stateOf(res.body).event).toMatchObject({ notFound: true });
    }
  });

  it("the public API answers the event at a slug as it does by id", async () => {
    const event = await createEvent(pages.db, { eventName: "Casting por slug" });
    const bySlug = await pages.app.inject({ url: `/api/public/events/by-slug/${event.slug}` });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toEqual((await pages.app.inject({ url: `/api/public/events/${event.id}` })).json());
    for (const slug of ["no-existe", "NO VALIDO"]) {
      const res = await pages.app.inject({ url: `/api/public/events/by-slug/${encodeURIComponent(slug)}` });
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: "event_not_found" } });
    }
  });
});
