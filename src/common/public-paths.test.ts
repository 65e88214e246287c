import { describe, expect, it } from "vitest";
import { isPublicVisitorPath, matchPublicVisitorPage } from "./public-paths";

describe("public visitor paths", () => {
  it("matches the three visitor pages and their parameters", () => {
    expect(matchPublicVisitorPage("/events/abc-123/register")).toEqual({ page: "register", eventId: "abc-123" });
    expect(matchPublicVisitorPage("/events/abc/register/")).toEqual({ page: "register", eventId: "abc" });
    expect(matchPublicVisitorPage("/registration/success")).toEqual({ page: "success" });
    expect(matchPublicVisitorPage("/verify/Zx_9-a")).toEqual({ page: "verify", token: "Zx_9-a" });
  });

  it("leaves every other path to the main app", () => {
    for (const path of [
      "/",
      "/register",
      "/login",
      "/events",
      "/events/x",
      "/events/x/register/more",
      "/verify",
      "/verify/a/b",
      "/dashboard/scouting/events",
    ]) {
      expect(isPublicVisitorPath(path), path).toBe(false);
    }
  });
});
