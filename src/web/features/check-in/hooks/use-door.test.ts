import { describe, expect, it } from "vitest";
import { tokenOfScan } from "./use-door";

describe("tokenOfScan", () => {
  it("takes the token from a check-in QR code's URL, and nothing from any other code", () => {
    expect(tokenOfScan("https://casting.example/check-in?t=abc_DEF-123")).toBe("abc_DEF-123");
    expect(tokenOfScan("http://127.0.0.1:3000/check-in?t=x")).toBe("x");
    expect(tokenOfScan("https://casting.example/manage?t=abc")).toBeUndefined();
    expect(tokenOfScan("https://casting.example/check-in")).toBeUndefined();
    expect(tokenOfScan("OC-7K3F9Q")).toBeUndefined();
  });
});
