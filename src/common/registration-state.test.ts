import { describe, expect, it } from "vitest";
import { GUARDIAN_STATUSES, REGISTRATION_STATUSES } from "./constants";
import { guardianStopsArrival, registrationState, REGISTRATION_STATES } from "./registration-state";

describe("registrationState", () => {
  it("an adult is confirmed once the e-mail is verified, as docs/product.md says", () => {
    expect(registrationState({ status: "pending", emailVerified: false, guardianStatus: "not_required" })).toBe("awaiting_email");
    expect(registrationState({ status: "confirmed", emailVerified: true, guardianStatus: "not_required" })).toBe("confirmed");
  });

  it("a minor whose guardian has not decided is never confirmed, whatever the e-mail", () => {
    expect(registrationState({ status: "pending", emailVerified: false, guardianStatus: "pending" })).toBe(
      "awaiting_email_and_guardian",
    );
    expect(registrationState({ status: "confirmed", emailVerified: true, guardianStatus: "pending" })).toBe("awaiting_guardian");
  });

  it("a minor is confirmed when both the e-mail and the guardian's approval are there", () => {
    expect(registrationState({ status: "confirmed", emailVerified: true, guardianStatus: "approved" })).toBe("confirmed");
    expect(registrationState({ status: "pending", emailVerified: false, guardianStatus: "approved" })).toBe("awaiting_email");
  });

  it("a guardian's refusal reads as such, not as any cancellation", () => {
    for (const emailVerified of [true, false])
      expect(registrationState({ status: "cancelled", emailVerified, guardianStatus: "refused" })).toBe("guardian_refused");
    expect(registrationState({ status: "cancelled", emailVerified: true, guardianStatus: "approved" })).toBe("cancelled");
    expect(registrationState({ status: "cancelled", emailVerified: true, guardianStatus: "pending" })).toBe("cancelled");
  });

  it("answers one of its states for every combination, and 'confirmed' only with the e-mail and no guardian missing", () => {
    for (const status of REGISTRATION_STATUSES)
      for (const guardianStatus of GUARDIAN_STATUSES)
        for (const emailVerified of [true, false]) {
          const state = registrationState({ status, emailVerified, guardianStatus });
          expect(REGISTRATION_STATES).toContain(state);
          expect(state === "confirmed").toBe(
            status !== "cancelled" && emailVerified && (guardianStatus === "not_required" || guardianStatus === "approved"),
          );
        }
  });
});

describe("guardianStopsArrival", () => {
  it("stops a minor whose guardian is pending or refused, nobody else", () => {
    expect(GUARDIAN_STATUSES.filter(guardianStopsArrival)).toEqual(["pending", "refused"]);
  });
});
