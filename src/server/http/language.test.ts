import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/harness";

const t = useTestApp();

describe("the request's language", () => {
  it("answers errors in Spanish by default and in English when the browser asks for it", async () => {
    const spanish = await t.app.inject({ method: "GET", url: "/api/events" });
    expect(spanish.statusCode).toBe(401);
    expect(spanish.json()).toEqual({ error: { code: "unauthenticated", message: "Tenés que iniciar sesión." } });
    expect(spanish.headers["content-language"]).toBe("es-AR");

    const english = await t.app.inject({
      method: "GET",
      url: "/api/events",
      headers: { "accept-language": "en-GB,en;q=0.9,es;q=0.5" },
    });
    expect(english.json()).toEqual({ error: { code: "unauthenticated", message: "You must sign in." } });
    expect(english.headers["content-language"]).toBe("en");
    expect(english.headers.vary).toContain("Accept-Language");
  });

  it("keeps each request's language while many run at once", async () => {
    const languages = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? "en" : "es-AR"));
    const replies = await Promise.all(
      languages.map((language) => t.app.inject({ method: "GET", url: "/api/events", headers: { "accept-language": language } })),
    );
    replies.forEach((reply, i) => {
      expect(reply.json().error.message).toBe(languages[i] === "en" ? "You must sign in." : "Tenés que iniciar sesión.");
    });
  });

  it("answers a body it cannot read in the request's language", async () => {
    const body = "{not json";
    const english = await t.app.inject({
      method: "POST",
      url: "/api/public/events/00000000-0000-4000-8000-000000000000/registrations",
      headers: { "content-type": "application/json", "accept-language": "en", origin: "http://localhost:3000" },
      payload: body,
    });
    expect(english.statusCode).toBe(400);
    expect(english.json().error.message).toBe("The request could not be read.");
  });
});
