import { describe, expect, it } from "vitest";
import { eventShortPath, isPublicVisitorPath, linkShortPath, matchPublicVisitorPage, visitSource } from "./public-paths";

describe("public visitor paths", () => {
  it("matches the visitor pages and their parameters", () => {
    expect(matchPublicVisitorPage("/")).toEqual({ page: "home" });
    expect(matchPublicVisitorPage("/landing")).toEqual({ page: "landing" });
    expect(matchPublicVisitorPage("/landing/")).toEqual({ page: "landing" });
    expect(matchPublicVisitorPage("/events/abc-123/register")).toEqual({ page: "register", eventId: "abc-123" });
    expect(matchPublicVisitorPage("/events/abc/register/")).toEqual({ page: "register", eventId: "abc" });
    expect(matchPublicVisitorPage("/registration/success")).toEqual({ page: "success" });
    expect(matchPublicVisitorPage("/verify/Zx_9-a")).toEqual({ page: "verify", token: "Zx_9-a" });
    expect(matchPublicVisitorPage("/privacy")).toEqual({ page: "privacy" });
  });

  it("matches an event's short address, in any case, leaving /e/<slug>/<link> free (issue 32)", () => {
    expect(matchPublicVisitorPage("/e/casting-cordoba-2027")).toEqual({ page: "register", slug: "casting-cordoba-2027" });
    expect(matchPublicVisitorPage("/e/Casting-2027/")).toEqual({ page: "register", slug: "casting-2027" });
    expect(eventShortPath("casting-cordoba-2027")).toBe("/e/casting-cordoba-2027");
    for (const path of ["/e", "/e/", "/e/casting/instagram/more", "/e//instagram"]) {
      expect(isPublicVisitorPath(path), path).toBe(false);
    }
  });

  it("matches a tracked link's address, /e/<slug>/<link> (issue 38), and reads a visit's source", () => {
    expect(matchPublicVisitorPage("/e/Casting-2027/Historia-IG/")).toEqual({
      page: "register",
      slug: "casting-2027",
      linkSlug: "historia-ig",
    });
    expect(linkShortPath("casting-2027", "historia-ig")).toBe("/e/casting-2027/historia-ig");
    expect(visitSource("/e/casting-2027/historia-ig", "?utm_source=whatsapp")).toBe("historia-ig");
    expect(visitSource("/e/casting-2027", "?utm_source=%20whatsapp%20&utm_medium=x")).toBe("whatsapp");
    expect(visitSource("/events/abc/register", "?utm_source=")).toBeUndefined();
    expect(visitSource("/e/casting-2027", "")).toBeUndefined();
  });

  it("matches the casting day's pages: a person's place and the venue's screen (issue 35)", () => {
    expect(matchPublicVisitorPage("/turno")).toEqual({ page: "place" });
    expect(matchPublicVisitorPage("/turno/")).toEqual({ page: "place" });
    expect(matchPublicVisitorPage("/events/abc-123/display")).toEqual({ page: "display", eventId: "abc-123" });
    for (const path of ["/turno/x", "/events/x/display/more", "/events//display"]) {
      expect(isPublicVisitorPath(path), path).toBe(false);
    }
  });

  it("leaves every other path to the main app", () => {
    for (const path of [
      "/register",
      "/landing/x",
      "/login",
      "/events",
      "/events/x",
      "/events/x/register/more",
      "/verify",
      "/verify/a/b",
      "/dashboard/scouting/events",
      "/privacy/request",
      "/check-in",
    ]) {
      expect(isPublicVisitorPath(path), path).toBe(false);
    }
  });
});
