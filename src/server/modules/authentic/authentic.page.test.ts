/**
 * /authentic (issue 39), rendered by the server in the visitor's language: the agency's upcoming
 * open calls with their official links, the check box, the rules with the only senders, and the
 * report form with its signed token; every form control labelled.
 */
import { describe, expect, it } from "vitest";
import { createEvent } from "../../test/factories";
import { bodyOf, PUBLIC_URL, stateOf, useRenderedPublicPages, visibleText } from "../public/public.pages.test-support";
import { formTokenAccepted, MIN_FILL_MS } from "./authentic.form-token";

const pages = useRenderedPublicPages();

/** Every textarea, input and select of the page has a <label for> or an aria-label. */
function unlabelledControls(html: string): string[] {
  const labelled = new Set([...html.matchAll(/<label [^>]*for="([^"]+)"/g)].map((match) => match[1]));
  return [...html.matchAll(/<(textarea|input|select)\b([^>]*)>/g)]
    .map(([, , attributes = ""]) => attributes)
    .filter((attributes) => !/aria-label=/.test(attributes))
    .map((attributes) => /\sid="([^"]+)"/.exec(attributes)?.[1] ?? attributes)
    .filter((id) => !labelled.has(id));
}

describe("the /authentic page, without JavaScript", () => {
  it("lists the upcoming open calls with their official links, the rules, the senders and both forms", async () => {
    const upcoming = await createEvent(pages.db, { eventName: "Casting Verano Rosario", eventDate: "2099-01-15" });
    await createEvent(pages.db, { eventName: "Casting Pasado", eventDate: "2020-01-15" });
    await createEvent(pages.db, { eventName: "Casting Cerrado", eventDate: "2099-02-01", status: "inactive" });

    const res = await pages.app.inject({ url: "/authentic" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>¿Es real este casting? · OpenCall</title>");
    const body = bodyOf(res.body);
    const text = visibleText(body);
    expect(text).toContain("Casting Verano Rosario");
    expect(text).toContain("15/01/99");
    expect(body).toContain(`href="${PUBLIC_URL}/e/${upcoming.slug}"`);
    expect(text).not.toContain("Casting Pasado");
    expect(text).not.toContain("Casting Cerrado");
    for (const line of [
      "Verificá un enlace, un código o un mensaje",
      "Nunca cobramos: ni inscripción, ni casting, ni book, ni cursos.",
      "No te vamos a pedir que pagues a un fotógrafo ni que contrates fotos.",
      "Si tenés menos de 18 años, siempre participás con tu madre, padre o tutor.",
      "Solo te escribimos desde estas direcciones y dominios:",
      "no-reply@localhost",
      "contacto@agency.test",
      "Nuestras páginas están solo en opencall.test.",
      "Denunciá un mensaje sospechoso",
    ])
      expect(text).toContain(line);
    expect(unlabelledControls(body)).toEqual([]);
    expect(body).toMatch(/<textarea[^>]*id="authentic-text"/);
    expect(body).toMatch(/<textarea[^>]*id="report-message"/);

    const state = stateOf(res.body).authentic!;
    expect(state.events).toEqual([
      { name: "Casting Verano Rosario", date: "2099-01-15", url: `${PUBLIC_URL}/e/${upcoming.slug}` },
    ]);
    expect(
      formTokenAccepted(
        { authSecret: "test-secret-that-is-long-enough-0123456789abcdef" },
        state.formToken,
        new Date(Date.now() + MIN_FILL_MS),
      ),
    ).toBe(true);
  });

  it("is linked from every public page's footer, which names PUBLIC_URL's host", async () => {
    const event = await createEvent(pages.db);
    for (const url of ["/", "/landing", "/privacy", `/events/${event.id}/register`, "/authentic"]) {
      const body = bodyOf((await pages.app.inject({ url })).body);
      expect(body, url).toMatch(
        /<a [^>]*href="\/authentic"[^>]*>¿Dudás de un casting o un mensaje\? Verificá en opencall.test\/authentic.<\/a>/,
      );
    }
  });

  it("speaks English to an English reader", async () => {
    const res = await pages.app.inject({ url: "/authentic", headers: { "accept-language": "en" } });
    expect(res.body).toContain("<title>Is this casting real? · OpenCall</title>");
    const text = visibleText(bodyOf(res.body));
    expect(text).toContain("We never charge: no registration, casting, portfolio or course fees.");
    expect(text).toContain("Report a suspicious message");
  });
});
