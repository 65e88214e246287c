/**
 * The agency's identity (issue 32): anyone reads it, only the superadmin changes it, each change is
 * audited, bad values are refused field by field and change nothing, and the logo is stored as a
 * bounded PNG served at an address named by its content.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp({ mailFrom: "Agencia de Prueba <no-reply@agency.test>", contactEmail: "hola@agency.test" });

const png = async (width: number, height: number, format: "png" | "jpeg" = "png") => {
  const image = sharp({ create: { width, height, channels: 3, background: "#7c3aed" } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
};
const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;

const put = async (payload: Record<string, unknown>, role: "superadmin" | "admin" | "member" = "superadmin") =>
  t.app.inject({ method: "PUT", url: "/api/settings/agency", headers: (await signedInAs(t.app, { role })).headers, payload });
const current = async () => (await t.app.inject({ url: "/api/public/agency" })).json();

describe("the agency's identity", () => {
  it("reads the configuration's name and contact until a superadmin saves its own", async () => {
    const res = await t.app.inject({ url: "/api/public/agency" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    expect(res.json()).toEqual({ name: "Agencia de Prueba", contactEmail: "hola@agency.test", website: null, logoUrl: null });
  });

  it("is changed by the superadmin alone: an admin and a member are refused, nothing changes", async () => {
    for (const role of ["admin", "member"] as const) {
      const res = await put({ name: "Otra", contactEmail: "otra@agency.test" }, role);
      expect(res.statusCode, role).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: "PUT",
      url: "/api/settings/agency",
      payload: { name: "X", contactEmail: "x@x.com" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await current()).name).toBe("Agencia de Prueba");
  });

  it("refuses bad values field by field, and keeps what was saved", async () => {
    const res = await put({
      name: "  ",
      contactEmail: "no-es-un-mail",
      website: "javascript:alert(1)",
      logo: "data:image/gif;base64,R0lGOD",
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toMatchObject({
      name: "Escribí el nombre de la agencia.",
      contactEmail: "Escribí un e-mail válido.",
      website: "Escribí una dirección completa, que empiece con http:// o https://.",
      logo: "El logo tiene que ser una imagen PNG, JPEG o WebP.",
    });
    const tooLong = await put({ name: "A".repeat(81), contactEmail: "a@agency.test" });
    expect(tooLong.json().error.fields.name).toBe("Máximo 80 caracteres.");
    const big = Buffer.alloc(1024 * 1024 + 10, 1);
    expect((await put({ name: "A", contactEmail: "a@agency.test", logo: dataUrl(big) })).json().error.fields.logo).toBe(
      "El logo pesa más de 1 MB. Elegí una imagen más liviana.",
    );
    // A data URL that says PNG but holds no image: refused after decoding, nothing saved.
    const fake = await put({ name: "A", contactEmail: "a@agency.test", logo: dataUrl(Buffer.from("not an image")) });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.fields.logo).toBe("No pudimos leer la imagen del logo. Probá con otro archivo.");
    expect((await current()).name).toBe("Agencia de Prueba");
  });

  it("saves name, contact, web site and logo (a PNG of at most 512 px, cached for good), audited; null removes the logo", async () => {
    const res = await put({
      name: " Estudio Sur Modelos ",
      contactEmail: "Casting@EstudioSur.test",
      website: "https://estudiosur.test",
      logo: dataUrl(await png(1200, 600, "jpeg"), "image/jpeg"),
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      name: "Estudio Sur Modelos",
      contactEmail: "casting@estudiosur.test",
      website: "https://estudiosur.test",
    });
    expect(saved.logoUrl).toMatch(/^\/api\/public\/agency\/logo\/[0-9a-f]{64}\.png$/);
    expect(await current()).toEqual(saved);
    expect((await t.app.inject({ url: "/api/public/settings" })).json().contactEmail).toBe("casting@estudiosur.test");

    const logo = await t.app.inject({ url: saved.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(logo.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "png", width: 512, height: 256 });
    expect((await t.app.inject({ url: `/api/public/agency/logo/${"0".repeat(64)}.png` })).statusCode).toBe(404);

    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "agency.settings_change"), eq(auditLog.actorRole, "superadmin")));
    expect(audited?.details).toMatchObject({ logo: "replaced" });

    // Left out, the logo stays; the web site may be cleared.
    const kept = (await put({ name: "Estudio Sur Modelos", contactEmail: "casting@estudiosur.test", website: "" })).json();
    expect(kept).toMatchObject({ website: null, logoUrl: saved.logoUrl });
    const removed = (await put({ name: "Estudio Sur Modelos", contactEmail: "casting@estudiosur.test", logo: null })).json();
    expect(removed.logoUrl).toBeNull();
    expect((await t.app.inject({ url: saved.logoUrl })).statusCode).toBe(404);
  });
});
