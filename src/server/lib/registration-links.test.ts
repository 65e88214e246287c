import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  callbackUrl,
  isWalkInToken,
  manageUrl,
  registrationIdFromToken,
  registrationToken,
  walkInToken,
  walkInUrl,
} from "./registration-links";

const config = { authSecret: "a".repeat(43), publicUrl: "https://casting.example" };
const other = { authSecret: "b".repeat(43) };

describe("registration links", () => {
  it("name the registration they were made for, for their purpose only", () => {
    const id = randomUUID();
    const token = registrationToken(config, "manage", id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(registrationToken(config, "manage", id)).toBe(token); // any process writes the same link
    expect(registrationIdFromToken(config, "manage", token)).toBe(id);
    expect(registrationIdFromToken(config, "check-in", token)).toBeUndefined();
    expect(registrationIdFromToken(config, "guardian", token)).toBeUndefined();
    expect(registrationIdFromToken(config, "callback", token)).toBeUndefined();
    expect(registrationIdFromToken(other, "manage", token)).toBeUndefined(); // another secret opens nothing
    expect(registrationToken(config, "check-in", id)).not.toBe(token);
    expect(manageUrl(config, id)).toBe(`https://casting.example/manage?t=${token}`);
    // A callback invitation's answer opens the same page, by its own token (issue 36).
    expect(callbackUrl(config, id)).toBe(`https://casting.example/manage?c=${registrationToken(config, "callback", id)}`);
  });

  it("refuse a token with any character changed, cut, or made up", () => {
    const id = randomUUID();
    const token = registrationToken(config, "manage", id);
    for (let i = 0; i < token.length; i++) {
      const changed = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
      expect(registrationIdFromToken(config, "manage", changed)).toBeUndefined();
    }
    // Another registration's id with this token's MAC: refused.
    const forged = registrationToken(config, "manage", randomUUID()).slice(0, 21) + token.slice(21);
    expect(registrationIdFromToken(config, "manage", forged)).toBeUndefined();
    for (const bad of [token.slice(0, 42), `${token}A`, "", null, 42, undefined, "x".repeat(43), { token }])
      expect(registrationIdFromToken(config, "manage", bad)).toBeUndefined();
  });

  it("make an event's walk-in token, which opens that event only, for that purpose only", () => {
    const eventId = randomUUID();
    const token = walkInToken(config, eventId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(walkInToken(config, eventId)).toBe(token);
    expect(isWalkInToken(config, eventId, token)).toBe(true);
    expect(isWalkInToken(config, randomUUID(), token)).toBe(false); // another event's poster
    expect(isWalkInToken(other, eventId, token)).toBe(false);
    // Not the event's other links' MAC: the check-in token of a registration with this id opens nothing.
    expect(isWalkInToken(config, eventId, registrationToken(config, "check-in", eventId).slice(22))).toBe(false);
    for (let i = 0; i < token.length; i++) {
      const changed = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
      expect(isWalkInToken(config, eventId, changed)).toBe(false);
    }
    for (const bad of [token.slice(0, 21), `${token}A`, "", null, 42, undefined, { token }])
      expect(isWalkInToken(config, eventId, bad)).toBe(false);
    expect(isWalkInToken(config, "not-an-id", token)).toBe(false);
    expect(walkInUrl(config, { id: eventId, slug: "casting-cordoba" })).toBe(
      `https://casting.example/e/casting-cordoba?walkin=${token}`,
    );
  });
});
