import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { passwordStrength } from "../password-strength";
import { createAdminSchema, isAgencyEmail, signInSchema, signUpFormSchema, signUpRequestSchema } from "./accounts";

describe("isAgencyEmail (docs/product.md §5 create admin)", () => {
  it("accepts only the agency's own domain, case-insensitively", () => {
    expect(isAgencyEmail("ana@agency.com", "agency.com")).toBe(true);
    expect(isAgencyEmail("ana@AGENCY.com", "agency.com")).toBe(true);
    expect(isAgencyEmail("ana@sub.agency.com", "agency.com")).toBe(false);
    expect(isAgencyEmail("ana@agency.com.evil.io", "agency.com")).toBe(false);
    expect(isAgencyEmail("agency.com@evil.io", "agency.com")).toBe(false);
    expect(isAgencyEmail("@agency.com", "agency.com")).toBe(false);
  });

  it("never accepts an address whose last @ is followed by another domain", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const domain = email.slice(email.lastIndexOf("@") + 1);
        expect(isAgencyEmail(email, domain)).toBe(true);
        expect(isAgencyEmail(email, `x${domain}`)).toBe(false);
      }),
    );
  });
});

describe("account schemas", () => {
  it("trims and lower-cases e-mails", () => {
    expect(createAdminSchema.parse({ email: "  Ana@Agency.COM " }).email).toBe("ana@agency.com");
    expect(signInSchema.parse({ email: " X@Y.io", password: "p" }).email).toBe("x@y.io");
  });

  it("requires e-mail and password at login (§5), and nothing more", () => {
    expect(signInSchema.safeParse({ email: "", password: "" }).success).toBe(false);
    expect(signInSchema.safeParse({ email: "a@b.io", password: "1" }).success).toBe(true);
  });

  it("asks sign-up for 10+ characters and a matching confirmation", () => {
    const base = { fullName: "Ana", email: "ana@b.io", password: "0123456789", confirmPassword: "0123456789" };
    expect(signUpFormSchema.safeParse(base).success).toBe(true);
    expect(signUpFormSchema.safeParse({ ...base, password: "012345678", confirmPassword: "012345678" }).success).toBe(false);
    const mismatch = signUpFormSchema.safeParse({ ...base, confirmPassword: "0123456780" });
    expect(mismatch.error?.issues[0]?.path).toEqual(["confirmPassword"]);
  });

  it("lets no role or status through the sign-up request", () => {
    const body = { name: "Ana", email: "ana@b.io", password: "0123456789" };
    expect(signUpRequestSchema.safeParse(body).success).toBe(true);
    expect(signUpRequestSchema.safeParse({ ...body, role: "admin" }).success).toBe(false);
    expect(signUpRequestSchema.safeParse({ ...body, name: "   " }).success).toBe(false);
  });
});

describe("passwordStrength", () => {
  it("scores short or monotonous passwords 0 and long varied ones 4", () => {
    expect(passwordStrength("short")).toBe(0);
    expect(passwordStrength("aaaaaaaaaaaaaaaa")).toBe(0);
    expect(passwordStrength("abcdefghij")).toBe(1);
    expect(passwordStrength("Correct-Horse-Battery-9")).toBe(4);
  });

  it("never decreases when a password grows", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 10, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 10 }), (pw, more) => {
        expect(passwordStrength(pw + more)).toBeGreaterThanOrEqual(passwordStrength(pw));
      }),
    );
  });
});
