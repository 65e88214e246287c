import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createUser, outboxFor, signedInAs, signIn } from "../../test/factories";
import { TEST_PUBLIC_URL, useTestApp } from "../../test/harness";

const t = useTestApp();
const origin = { origin: TEST_PUBLIC_URL };

const putLanguage = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: "PUT", url: "/api/account/language", headers, payload: payload as object });
const storedLanguage = async (id: string) =>
  (await t.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]?.language;

describe("PUT /api/account/language", () => {
  it("saves the language of any signed-in account, pending ones too, and the session carries it", async () => {
    for (const options of [{ status: "pending" as const }, { role: "admin" as const }, {}]) {
      const { user, headers } = await signedInAs(t.app, options);
      expect((await t.app.inject({ method: "GET", url: "/api/session", headers })).json().user.language).toBeNull();

      const res = await putLanguage(headers, { language: "en" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ language: "en" });
      expect(await storedLanguage(user.id)).toBe("en");
      expect((await t.app.inject({ method: "GET", url: "/api/session", headers })).json().user).toMatchObject({
        id: user.id,
        language: "en",
      });

      expect((await putLanguage(headers, { language: "es-AR" })).json()).toEqual({ language: "es-AR" });
      expect(await storedLanguage(user.id)).toBe("es-AR");
    }
  });

  it("refuses anonymous callers with 401 and a request without the app's Origin with 403", async () => {
    const anonymous = await putLanguage(origin, { language: "en" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe("unauthenticated");

    const { user, headers } = await signedInAs(t.app);
    const foreign = await putLanguage({ cookie: headers.cookie!, origin: "https://evil.example" }, { language: "en" });
    expect(foreign.statusCode).toBe(403);
    expect(await storedLanguage(user.id)).toBeNull();
  });

  it.each([[{ language: "fr" }], [{ language: "EN" }], [{ language: null }], [{}], [{ language: "en", extra: 1 }]])(
    "refuses %j with 400 and a clear message in the request's language",
    async (body) => {
      const { user, headers } = await signedInAs(t.app);
      const spanish = await putLanguage(headers, body);
      expect(spanish.statusCode).toBe(400);
      expect(spanish.json().error.code).toBe("validation_failed");
      if ((body as { language?: unknown }).language !== "en") {
        expect(spanish.json().error.fields.language).toBe("Elegí uno de los idiomas ofrecidos: es-AR o en.");
        const english = await putLanguage({ ...headers, "accept-language": "en" }, body);
        expect(english.json().error.fields.language).toBe("Choose one of the offered languages: es-AR or en.");
      }
      expect(await storedLanguage(user.id)).toBeNull();
    },
  );
});

describe("the account's language", () => {
  it("is the request's at sign-up", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { ...origin, "accept-language": "en-GB,en;q=0.9" },
      payload: { name: "Jane Doe", email: "jane@example.com", password: "a-long-passphrase" },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, "jane@example.com"));
    expect(row?.language).toBe("en");
    const [mail] = await outboxFor(t.db, "jane@example.com");
    expect(mail?.kind).toBe("staff_verification");
    expect(mail?.subject).toBe("Confirm your e-mail for OpenCall");
  });

  it("writes the password-reset e-mail in the account's language, whatever the request's", async () => {
    const english = await createUser(t.db, { email: "english@example.com", language: "en" });
    const spanish = await createUser(t.db, { email: "spanish@example.com", language: "es-AR" });
    const unset = await createUser(t.db, { email: "unset@example.com" });
    const requestReset = (email: string, language: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        headers: { ...origin, "accept-language": language },
        payload: { email },
      });

    expect((await requestReset(english.email, "es-AR")).statusCode).toBe(200);
    expect((await requestReset(spanish.email, "en")).statusCode).toBe(200);
    expect((await requestReset(unset.email, "en")).statusCode).toBe(200);

    const [toEnglish] = await outboxFor(t.db, english.email);
    expect(toEnglish?.subject).toBe("Reset your OpenCall password");
    expect(toEnglish?.textBody).toContain(`Hello ${english.name},`);
    expect(toEnglish?.textBody).toContain("Choose a new password:");
    expect(toEnglish?.textBody).toContain("— The OpenCall team");
    expect(toEnglish?.htmlBody).toContain("Choose a new password");

    const [toSpanish] = await outboxFor(t.db, spanish.email);
    expect(toSpanish?.subject).toBe("Restablecé tu contraseña de OpenCall");
    expect(toSpanish?.textBody).toContain("Elegir una contraseña nueva:");

    // No language saved: the language of the request that asked for it.
    const [toUnset] = await outboxFor(t.db, unset.email);
    expect(toUnset?.subject).toBe("Reset your OpenCall password");
  });

  it("writes the approval e-mail in the account's language, not the approving admin's", async () => {
    const pending = await createUser(t.db, { status: "pending", language: "en" });
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const res = await t.app.inject({ method: "POST", url: `/api/users/${pending.id}/approve`, headers, payload: {} });
    expect(res.statusCode).toBe(200);
    const [mail] = await outboxFor(t.db, pending.email);
    expect(mail?.kind).toBe("profile_approved");
    expect(mail?.subject).toBe("Your OpenCall account was approved");
    expect(await signIn(t.app, pending.email)).toHaveProperty("cookie");
  });
});
