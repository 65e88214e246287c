/**
 * Making the app send an e-mail from a journey: a staff sign-up with a unique address (its
 * verification e-mail). Plain fetch, so no cookie of the new account lands in a page's context.
 */
import { expect } from "@playwright/test";

export async function triggerStaffSignupEmail(baseURL: string | undefined): Promise<string> {
  const base = baseURL ?? process.env.E2E_BASE_URL ?? "";
  const email = `buzon-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  const res = await fetch(new URL("/api/auth/sign-up/email", base), {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: "una-clave-larga-123", name: "Persona Buzón" }),
  });
  expect(res.ok, `staff sign-up for ${email}: ${res.status}`).toBe(true);
  return email;
}
