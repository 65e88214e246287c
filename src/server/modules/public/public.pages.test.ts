/**
 * The public pages as the server sends them, read without running any JavaScript (the public
 * entry's server build: public.pages.test-support.ts).
 */
import { createHash } from "node:crypto";
import { brotliDecompressSync } from "node:zlib";
import { todayIso } from "@common/dates";
import { formatDateFor } from "@common/dates-language";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { scoutingEvents } from "../../db/schema";
import { createEvent, createRegistration, registrationBody, signedInAs } from "../../test/factories";
import {
  bodyOf,
  CSS,
  HYDRATE_SCRIPT,
  metaContent,
  PUBLIC_URL,
  stateOf,
  THEME_SCRIPT,
  useRenderedPublicPages,
  visibleText,
} from "./public.pages.test-support";

const pages = useRenderedPublicPages();

describe("an active event's registration page, without JavaScript", () => {
  it("holds the event's name, date, place, description and each slot with its availability, in Spanish by default", async () => {
    const event = await createEvent(pages.db, {
      eventName: "Casting de otoño <Nuevas caras>",
      eventDate: "2027-04-09",
      location: "Palermo Soho, CABA",
      description: "Traé una foto tuya sin maquillaje.",
      timeslots: [
        { startTime: "10:00", endTime: "11:00", capacity: 3 },
        { startTime: "11:00", endTime: "12:00", capacity: 1 },
      ],
    });
    const full = event.timeslots.find((s) => s.startTime.startsWith("11"))!;
    await createRegistration(pages.db, { eventId: event.id, timeslotId: full.id });

    const res = await pages.app.inject({ url: `/events/${event.id}/register` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["content-language"]).toBe("es-AR");
    const html = res.body;
    expect(html).toContain('<html lang="es-AR"');
    const text = visibleText(bodyOf(html));
    expect(text).toContain("Registro para Casting de otoño <Nuevas caras>");
    expect(html, "the name is escaped, never markup").not.toContain("<Nuevas caras>");
    expect(text).toContain(formatDateFor("es-AR", "2027-04-09"));
    expect(text).toContain("09/04/27");
    expect(text).toContain("Palermo Soho, CABA");
    expect(text).toContain("Traé una foto tuya sin maquillaje.");
    expect(text).toMatch(/10:00\s*-\s*11:00|10:00\s*–\s*11:00/);
    expect(text).toMatch(/11:00\s*-\s*12:00|11:00\s*–\s*12:00/);
    expect(text).toContain("3 lugares disponibles");
    // A full slot says so in words (issue 32), never "0 lugares disponibles".
    expect(text).toContain("Completo · lista de espera");
    expect(text).not.toContain("0 lugares disponibles");
    // The form is there too, ready before the JavaScript arrives.
    expect(text).toContain("Enviar registro");

    // The state the client hydrates with: the same event, not fetched again.
    const state = stateOf(html);
    expect(state.language).toBe("es-AR");
    // The birth-date picker is bounded by the agency's date, which the page carries for hydration.
    expect(state.today).toBe(todayIso());
    expect(html).toMatch(new RegExp(`<input[^>]*type="date"[^>]*max="${todayIso()}"`));
    expect(state.event).toMatchObject({ id: event.id, data: { eventName: event.eventName, location: "Palermo Soho, CABA" } });

    // Head: title, description, share tags with the generated image.
    expect(html).toContain("<title>Registro para Casting de otoño &lt;Nuevas caras&gt; · OpenCall</title>");
    const description = "09/04/27 · Palermo Soho, CABA. Inscribite online y elegí tu horario.";
    expect(html).toContain(`<meta name="description" content="${description}" />`);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaContent(html, "og:title")).toBe("Casting de otoño &lt;Nuevas caras&gt;");
    expect(metaContent(html, "og:description")).toBe(description);
    expect(metaContent(html, "og:site_name")).toBe("OpenCall");
    // The short address is the canonical one (issue 32): the page by id names it too.
    expect(metaContent(html, "og:url")).toBe(`${PUBLIC_URL}/e/${event.slug}`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/e/${event.slug}" />`);
    expect(metaContent(html, "og:image")).toMatch(new RegExp(`^${PUBLIC_URL}/og/events/${event.id}\\.png\\?v=\\d+$`));
    expect(metaContent(html, "og:image:width")).toBe("1200");
    expect(metaContent(html, "og:image:height")).toBe("630");
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "twitter:title")).toBe("Casting de otoño &lt;Nuevas caras&gt;");
  });

  it("speaks the visitor's language: the saved choice's cookie first, else Accept-Language", async () => {
    const event = await createEvent(pages.db, { eventDate: "2027-04-09", timeslots: [{ capacity: 2 }] });
    const english = await pages.app.inject({
      url: `/events/${event.id}/register`,
      headers: { "accept-language": "en-US,en;q=0.9" },
    });
    expect(english.headers["content-language"]).toBe("en");
    expect(english.headers.vary).toContain("Cookie");
    expect(english.body).toContain('<html lang="en"');
    const text = visibleText(bodyOf(english.body));
    expect(text).toContain(`Registration for ${event.eventName}`);
    expect(text).toContain("Apr 9, 2027");
    expect(text).toContain("2 spots left");
    expect(metaContent(english.body, "og:image")).toMatch(/&amp;lang=en$/);
    expect(stateOf(english.body).language).toBe("en");

    const chosen = await pages.app.inject({
      url: `/events/${event.id}/register`,
      headers: { "accept-language": "en-US", cookie: "theme=dark; opencall-language=es-AR" },
    });
    expect(chosen.body).toContain('<html lang="es-AR"');
    expect(visibleText(bodyOf(chosen.body))).toContain(`Registro para ${event.eventName}`);
  });

  it("answers a missing, inactive or malformed event with the not-found page, a 404 and no share tags", async () => {
    const inactive = await createEvent(pages.db, { status: "inactive" });
    for (const id of [inactive.id, "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f", "not-a-uuid"]) {
      const res = await pages.app.inject({ url: `/events/${id}/register` });
      expect(res.statusCode, id).toBe(404);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(visibleText(bodyOf(res.body))).toContain("Evento no encontrado o inactivo");
      expect(res.body).not.toContain(inactive.eventName);
      expect(res.body).not.toMatch(/og:|twitter:/);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(stateOf(res.body).event).toEqual({ id, notFound: true });
    }
  });

  it("a page already rendered shows an event made inactive a few seconds later at most", async () => {
    const event = await createEvent(pages.db);
    expect((await pages.app.inject({ url: `/events/${event.id}/register` })).statusCode).toBe(200);
    await pages.db.update(scoutingEvents).set({ status: "inactive" }).where(eq(scoutingEvents.id, event.id));
    // The page may be a few seconds old (one read per event every 3 s); the API and registration are not.
    expect((await pages.app.inject({ url: `/api/public/events/${event.id}` })).statusCode).toBe(404);
  });
});

describe("what the first paint waits for", () => {
  it("the HTML alone: stylesheet and theme script inlined, no font or module fetched before it, the page compressed", async () => {
    const event = await createEvent(pages.db);
    const res = await pages.app.inject({
      url: `/events/${event.id}/register`,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toContain("Accept-Encoding");
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain(`Registro para ${event.eventName}`);
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).toContain(`<script>${THEME_SCRIPT}</script>`);
    expect(html).not.toContain('href="/assets/public-test.css"');
    // Nothing in the head competes with the HTML on a slow link: no font preload, no module script.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toMatch(/rel="preload"|rel="modulepreload"|type="module"/);
    expect(html).toMatch(/^<!doctype html>\s*<html lang="es-AR">/);
    // After the first paint, the inline script starts the entry, its chunk and the page's own chunks.
    const hydration = /<script data-modules="([^"]+)">([\s\S]*?)<\/script>\s*<\/body>/.exec(html);
    expect(hydration?.[2]).toBe(HYDRATE_SCRIPT);
    expect(hydration?.[1]?.split(" ").slice(0, 2)).toEqual(["/assets/public-test.js", "/assets/i18n-test.js"]);
    const csp = String(res.headers["content-security-policy"]);
    for (const script of [THEME_SCRIPT, HYDRATE_SCRIPT])
      expect(csp).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
  });
});

describe("the success and verification pages", () => {
  // Issue 32: the address the e-mail went to and the next steps, in the HTML before the JavaScript.
  it("render the success page with the address the e-mail went to and what comes next", async () => {
    const event = await createEvent(pages.db);
    const body = registrationBody(event.timeslots[0]!.id);
    const created = await pages.app.inject({
      method: "POST",
      url: `/api/public/events/${event.id}/registrations`,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    const { successToken, registrationCode } = created.json();
    const res = await pages.app.inject({ url: `/registration/success?e=${successToken}` });
    const text = visibleText(bodyOf(res.body));
    expect(text).toContain(`Te enviamos un correo a ${body.email as string} para confirmar tu registro.`);
    expect(text).toContain("Qué sigue");
    expect(text).toContain(registrationCode);
    expect(stateOf(res.body).success).toEqual({ token: successToken, registrationCode, email: body.email });
  });

  it("render with their description, noindex and (success) the code for a known token", async () => {
    const res = await pages.app.inject({ url: "/registration/success?e=unknown-token" });
    expect(res.statusCode).toBe(200);
    expect(visibleText(bodyOf(res.body))).toContain("Registro no encontrado");
    expect(res.body).toContain('<meta name="description" content="Tu código de registro para el casting." />');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');

    const verify = await pages.app.inject({ url: "/verify/some-token" });
    expect(verify.statusCode).toBe(200);
    expect(visibleText(bodyOf(verify.body))).toContain("Verificando...");
    expect(verify.body).toContain('<meta name="description" content="Confirmá tu registro al casting." />');
  });
});

describe("the home page and the landing, without JavaScript", () => {
  it("/landing holds its content: the hero, four feature cards, four benefit blocks and plain links to the sign-in", async () => {
    const res = await pages.app.inject({ url: "/landing" });
    expect(res.statusCode).toBe(200);
    const body = bodyOf(res.body);
    const text = visibleText(body);
    expect(text).toContain("Tus castings abiertos, organizados de punta a punta");
    expect(body.match(/data-testid="feature-card"/g)).toHaveLength(4);
    expect(body.match(/data-testid="benefit-block"/g)).toHaveLength(4);
    expect(text).toContain("Eventos con horarios y cupos");
    for (const name of ["Empezar ahora", "Iniciar Sesión"]) expect(body).toMatch(new RegExp(`<a href="/login"[^>]*>${name}`));
    // The shell: skip link, the footer's year, the agencies' page and the contact address.
    expect(text).toContain("Saltar al contenido");
    expect(text).toContain(String(new Date().getFullYear()));
    expect(text).toContain("Para agencias");
    expect(text).toContain("contacto@agency.test");
    expect(stateOf(res.body)).toEqual({
      language: "es-AR",
      today: todayIso(),
      // The footer's "verificá en <host>/authentic" line (issue 39).
      host: "opencall.test",
      contactEmail: "contacto@agency.test",
      agency: { name: "OpenCall", contactEmail: "contacto@agency.test", website: null, logoUrl: null },
    });
  });

  it("/ holds the home page for a visitor, and sends a signed-in user to the dashboard", async () => {
    const res = await pages.app.inject({ url: "/", headers: { cookie: "theme=dark" } });
    expect(res.statusCode).toBe(200);
    expect(visibleText(bodyOf(res.body))).toContain("Castings abiertos, sin planillas ni filas eternas");
    expect(bodyOf(res.body)).toMatch(/<a href="\/landing"[^>]*>Conocé OpenCall para agencias/);

    const { headers } = await signedInAs(pages.app, { role: "member", status: "approved" });
    const cookie = headers.cookie ?? "";
    const signedIn = await pages.app.inject({ url: "/", headers: { cookie } });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe("/dashboard");
    // The landing stays open to everyone.
    expect((await pages.app.inject({ url: "/landing", headers: { cookie } })).statusCode).toBe(200);
  });

  it("carry their own share card and description, in the visitor's language", async () => {
    for (const url of ["/landing", "/"]) {
      const res = await pages.app.inject({ url, headers: { "accept-language": "en" } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="en">');
      expect(visibleText(bodyOf(res.body))).toContain("Sign in");
      expect(metaContent(res.body, "og:image")).toBe(`${PUBLIC_URL}/og/landing.png?lang=en`);
      expect(metaContent(res.body, "twitter:card")).toBe("summary_large_image");
      expect(res.body).toContain("<title>OpenCall · Open castings for model agencies</title>");
      expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
    }
    // Staff pages keep the plain index.html.
    const login = await pages.app.inject({ url: "/login" });
    expect(login.body).not.toMatch(/og:/);
  });
});
