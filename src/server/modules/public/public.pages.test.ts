/**
 * The public pages as the server sends them, read without running any JavaScript: the public
 * entry's server build (vite.config.ts ssrConfig, built here into a scratch folder) renders them
 * into a public.html like the build's.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import { tmpdir } from "node:os";
import path from "node:path";
import { formatDateFor } from "@common/dates-language";
import { PAGE_STATE_ELEMENT_ID, type PublicPageState } from "@common/schemas/public-page";
import { eq } from "drizzle-orm";
import { build, mergeConfig } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssrConfig } from "../../../../vite.config";
import { buildApp, type App } from "../../app";
import { scoutingEvents } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { testConfig } from "../../test/harness";

const PUBLIC_URL = "https://opencall.test";
const TEMPLATE = `<!doctype html>
<html lang="es-AR">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="OpenCall: castings abiertos para agencias de modelos." />
    <title>OpenCall</title>
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/public-test.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/i18n-test.js">
    <link rel="stylesheet" crossorigin href="/assets/public-test.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', false);\n";
const HYDRATE_SCRIPT = "(function (script) { window.started = script.dataset.modules; })(document.currentScript);\n";
const CSS = "@font-face{font-family:Inter;src:url(/assets/inter-test.woff2) format('woff2')}h1{font-weight:700}";

let app: App;
let testDb: TestDatabase;
const scratch = mkdtempSync(path.join(tmpdir(), "opencall-ssr-"));

beforeAll(async () => {
  const webRoot = path.join(scratch, "web");
  const ssrOut = path.join(scratch, "ssr");
  await build(mergeConfig(ssrConfig(), { configFile: false, logLevel: "silent", build: { outDir: ssrOut, sourcemap: false } }));
  mkdirSync(webRoot);
  writeFileSync(path.join(webRoot, "public.html"), TEMPLATE);
  writeFileSync(path.join(webRoot, "theme-init.js"), THEME_SCRIPT);
  writeFileSync(path.join(webRoot, "hydrate-after-paint.js"), HYDRATE_SCRIPT);
  mkdirSync(path.join(webRoot, "assets"));
  writeFileSync(path.join(webRoot, "assets", "public-test.css"), CSS);
  writeFileSync(
    path.join(webRoot, "index.html"),
    '<!doctype html><html lang="es-AR"><head><meta name="viewport" content="width=device-width" /><title>OpenCall</title></head><body><div id="root"></div></body></html>',
  );
  testDb = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ publicUrl: PUBLIC_URL }),
    database: testDb.database,
    webRoot,
    ssrEntry: path.join(ssrOut, "entry-server.js"),
    logger: false,
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

/** The text a person reads: tags dropped, entities decoded, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

const bodyOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? "";
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/:/g, "\\:")}" content="([^"]*)"`).exec(html)?.[1];
const stateOf = (html: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1] ?? "null",
  ) as PublicPageState;

describe("an active event's registration page, without JavaScript", () => {
  it("holds the event's name, date, place, description and each slot with its availability, in Spanish by default", async () => {
    const event = await createEvent(testDb.database.db, {
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
    await createRegistration(testDb.database.db, { eventId: event.id, timeslotId: full.id });

    const res = await app.inject({ url: `/events/${event.id}/register` });
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
    expect(text).toContain("0 lugares disponibles");
    // The form is there too, ready before the JavaScript arrives.
    expect(text).toContain("Enviar registro");

    // The state the client hydrates with: the same event, not fetched again.
    const state = stateOf(html);
    expect(state.language).toBe("es-AR");
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
    expect(metaContent(html, "og:url")).toBe(`${PUBLIC_URL}/events/${event.id}/register`);
    expect(metaContent(html, "og:image")).toMatch(new RegExp(`^${PUBLIC_URL}/og/events/${event.id}\\.png\\?v=\\d+$`));
    expect(metaContent(html, "og:image:width")).toBe("1200");
    expect(metaContent(html, "og:image:height")).toBe("630");
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "twitter:title")).toBe("Casting de otoño &lt;Nuevas caras&gt;");
  });

  it("speaks the visitor's language: the saved choice's cookie first, else Accept-Language", async () => {
    const event = await createEvent(testDb.database.db, { eventDate: "2027-04-09", timeslots: [{ capacity: 2 }] });
    const english = await app.inject({ url: `/events/${event.id}/register`, headers: { "accept-language": "en-US,en;q=0.9" } });
    expect(english.headers["content-language"]).toBe("en");
    expect(english.headers.vary).toContain("Cookie");
    expect(english.body).toContain('<html lang="en"');
    const text = visibleText(bodyOf(english.body));
    expect(text).toContain(`Registration for ${event.eventName}`);
    expect(text).toContain("Apr 9, 2027");
    expect(text).toContain("2 spots left");
    expect(metaContent(english.body, "og:image")).toMatch(/&amp;lang=en$/);
    expect(stateOf(english.body).language).toBe("en");

    const chosen = await app.inject({
      url: `/events/${event.id}/register`,
      headers: { "accept-language": "en-US", cookie: "theme=dark; opencall-language=es-AR" },
    });
    expect(chosen.body).toContain('<html lang="es-AR"');
    expect(visibleText(bodyOf(chosen.body))).toContain(`Registro para ${event.eventName}`);
  });

  it("answers a missing, inactive or malformed event with the not-found page, a 404 and no share tags", async () => {
    const inactive = await createEvent(testDb.database.db, { status: "inactive" });
    for (const id of [inactive.id, "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f", "not-a-uuid"]) {
      const res = await app.inject({ url: `/events/${id}/register` });
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
    const event = await createEvent(testDb.database.db);
    expect((await app.inject({ url: `/events/${event.id}/register` })).statusCode).toBe(200);
    await testDb.database.db.update(scoutingEvents).set({ status: "inactive" }).where(eq(scoutingEvents.id, event.id));
    // The page may be a few seconds old (one read per event every 3 s); the API and registration are not.
    expect((await app.inject({ url: `/api/public/events/${event.id}` })).statusCode).toBe(404);
  });
});

describe("what the first paint waits for", () => {
  it("the HTML alone: stylesheet and theme script inlined, no font or module fetched before it, the page compressed", async () => {
    const event = await createEvent(testDb.database.db);
    const res = await app.inject({ url: `/events/${event.id}/register`, headers: { "accept-encoding": "gzip, deflate, br" } });
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
    // Inter's sized stand-ins paint first (the class goes after that paint).
    expect(html).toMatch(/^<!doctype html>\s*<html lang="es-AR" class="font-pending">/);
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
  it("render with their description, noindex and (success) the code for a known token", async () => {
    const res = await app.inject({ url: "/registration/success?e=unknown-token" });
    expect(res.statusCode).toBe(200);
    expect(visibleText(bodyOf(res.body))).toContain("Registro no encontrado");
    expect(res.body).toContain('<meta name="description" content="Tu código de registro para el casting." />');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');

    const verify = await app.inject({ url: "/verify/some-token" });
    expect(verify.statusCode).toBe(200);
    expect(visibleText(bodyOf(verify.body))).toContain("Verificando...");
    expect(verify.body).toContain('<meta name="description" content="Confirmá tu registro al casting." />');
  });
});

describe("the home page and the landing, without JavaScript", () => {
  it("/landing holds its content: the hero, four feature cards, four benefit blocks and plain links to the sign-in", async () => {
    const res = await app.inject({ url: "/landing" });
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
    expect(stateOf(res.body)).toEqual({ language: "es-AR", contactEmail: "contacto@agency.test" });
  });

  it("/ holds the home page for a visitor, and sends a signed-in user to the dashboard", async () => {
    const res = await app.inject({ url: "/", headers: { cookie: "theme=dark" } });
    expect(res.statusCode).toBe(200);
    expect(visibleText(bodyOf(res.body))).toContain("Castings abiertos, sin planillas ni filas eternas");
    expect(bodyOf(res.body)).toMatch(/<a href="\/landing"[^>]*>Conocé OpenCall para agencias/);

    const { headers } = await signedInAs(app, { role: "member", status: "approved" });
    const cookie = headers.cookie ?? "";
    const signedIn = await app.inject({ url: "/", headers: { cookie } });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe("/dashboard");
    // The landing stays open to everyone.
    expect((await app.inject({ url: "/landing", headers: { cookie } })).statusCode).toBe(200);
  });

  it("carry their own share card and description, in the visitor's language", async () => {
    for (const url of ["/landing", "/"]) {
      const res = await app.inject({ url, headers: { "accept-language": "en" } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="en" class="font-pending">');
      expect(visibleText(bodyOf(res.body))).toContain("Sign in");
      expect(metaContent(res.body, "og:image")).toBe(`${PUBLIC_URL}/og/landing.png?lang=en`);
      expect(metaContent(res.body, "twitter:card")).toBe("summary_large_image");
      expect(res.body).toContain("<title>OpenCall · Open castings for model agencies</title>");
      expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
    }
    // Staff pages keep the plain index.html.
    const login = await app.inject({ url: "/login" });
    expect(login.body).not.toMatch(/og:|font-pending/);
  });
});
