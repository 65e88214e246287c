/**
 * The casting day's public pages (issue 35) as the server sends them, read without JavaScript: a
 * person's place in the line (/turno), the venue's screen (/events/:id/display) and the registration
 * page in walk-in mode (the poster's `?walkin=`). The live parts arrive over their streams, in the
 * browser; the server sends the frame they fill.
 */
import { todayIso } from "@common/dates";
import { describe, expect, it } from "vitest";
import { createEvent } from "../../test/factories";
import { bodyOf, stateOf, useRenderedPublicPages, visibleText } from "./public.pages.test-support";

const pages = useRenderedPublicPages();
const head = (html: string) => html.slice(0, html.indexOf("</head>"));

describe("the casting day's public pages (issue 35)", () => {
  it("/turno: the person's place, in the agency's frame, connecting, never indexed", async () => {
    const res = await pages.app.inject({ url: "/turno?t=check-in-token" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("<title>Tu turno · OpenCall</title>");
    expect(head(res.body)).toContain('<meta name="robots" content="noindex" />');
    const text = visibleText(bodyOf(res.body));
    expect(text).toContain("Tu turno");
    expect(text).toContain("Conectando…");
    // The agency's frame: its footer, with the privacy notice and the contact address.
    expect(text).toContain("Privacidad");
    expect(text).toContain("contacto@agency.test");
    // The token stays in the address: the page's state carries nothing of it.
    expect(JSON.stringify(stateOf(res.body))).not.toContain("check-in-token");

    const english = await pages.app.inject({ url: "/turno?t=check-in-token", headers: { "accept-language": "en" } });
    expect(english.body).toContain('<html lang="en"');
    expect(visibleText(bodyOf(english.body))).toContain("Your turn");
    expect(visibleText(bodyOf(english.body))).toContain("Connecting…");
  });

  it("/events/:id/display: the venue's screen, dark whatever the theme, with no header or footer", async () => {
    const event = await createEvent(pages.db, { eventName: "Casting de otoño" });
    const res = await pages.app.inject({ url: `/events/${event.id}/display?key=screen-key` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Pantalla de turnos · OpenCall</title>");
    expect(head(res.body)).toContain('<meta name="robots" content="noindex" />');
    const body = bodyOf(res.body);
    expect(visibleText(body)).toContain("Pantalla de turnos");
    expect(visibleText(body)).toContain("Conectando…");
    expect(body).toMatch(/<main class="[^"]*bg-black[^"]*text-white/);
    expect(body.match(/<main/g)).toHaveLength(1);
    expect(visibleText(body)).not.toContain("Privacidad");
    expect(visibleText(body)).not.toContain("contacto@agency.test");
  });

  it("the poster's link renders the walk-in form: the door's banner, no slot to choose", async () => {
    // Walk-ins on, and today the event's day: the public event says the door is open.
    const event = await createEvent(pages.db, {
      eventName: "Casting en la puerta",
      eventDate: todayIso(),
      walkInsEnabled: true,
      timeslots: [
        { startTime: "10:00", endTime: "11:00", capacity: 5 },
        { startTime: "11:00", endTime: "12:00", capacity: 5 },
      ],
    });
    const walkIn = await pages.app.inject({ url: `/e/${event.slug}?walkin=poster-token` });
    expect(walkIn.statusCode).toBe(200);
    const text = visibleText(bodyOf(walkIn.body));
    expect(text).toContain("Registro para Casting en la puerta");
    expect(text).toContain("Registro en la puerta");
    expect(text).toContain("Registrarme y tomar número");
    expect(text).not.toContain("Enviar registro");
    expect(text).not.toContain("Elegí un horario");
    expect(bodyOf(walkIn.body)).not.toContain('type="radio"');
    // The same event's page without the poster's token keeps its slots.
    const regular = visibleText(bodyOf((await pages.app.inject({ url: `/e/${event.slug}` })).body));
    expect(regular).toContain("Enviar registro");
    expect(regular).not.toContain("Registro en la puerta");
  });

  it("leaves /check-in to the staff app, which sends a phone nobody is signed in on to /turno", async () => {
    const res = await pages.app.inject({ url: "/check-in?t=check-in-token" });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('id="page-state"');
  });
});
