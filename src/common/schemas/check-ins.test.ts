import { describe, expect, it } from "vitest";
import { checkInRequestSchema, normaliseRegistrationCode } from "./check-ins";

describe("normaliseRegistrationCode", () => {
  it("reads a typed code however it was typed", () => {
    for (const typed of ["OC-7K3F9Q", "oc-7k3f9q", "oc 7k3f9q", "OC7K3F9Q", " 7k3f9q ", "oc–7k3f9q"]) {
      expect(normaliseRegistrationCode(typed), typed).toBe("OC-7K3F9Q");
    }
  });
});

describe("checkInRequestSchema", () => {
  it("takes exactly one of token, registrationId or code", () => {
    const id = "0b6c8e3e-4a43-4c4a-9d55-8a9f1c2d3e4f";
    expect(checkInRequestSchema.safeParse({ token: "abc" }).success).toBe(true);
    expect(checkInRequestSchema.safeParse({ registrationId: id, eventId: id }).success).toBe(true);
    expect(checkInRequestSchema.safeParse({ code: "oc 7k3f9q", scannedAt: "2026-03-05T12:00:00.000Z" }).success).toBe(true);
    expect(checkInRequestSchema.safeParse({}).success).toBe(false);
    expect(checkInRequestSchema.safeParse({ token: "abc", code: "OC-7K3F9Q" }).success).toBe(false);
    expect(checkInRequestSchema.safeParse({ code: "OC\u00007K3F9Q" }).success).toBe(false);
    expect(checkInRequestSchema.safeParse({ token: "abc", extra: 1 }).success).toBe(false);
  });
});
