import { describe, expect, it } from "vitest";
import { isPublicVisitorPath, matchPublicVisitorPage } from "./public-paths";

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
    ]) {
      expect(isPublicVisitorPath(path), path).toBe(false);
    }
  });
});
