/**
 * One app and one SMTP server for the whole run: the built app on a free port, a temporary data
 * directory (PGlite), and every e-mail it sends written to E2E_MAIL_DIR.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startApp } from "./support/app-server";
import { startMailServer } from "./support/smtp";
import { E2E_SUPERADMIN } from "./support/constants";

export default async function globalSetup() {
  const root = mkdtempSync(path.join(tmpdir(), "opencall-e2e-"));
  const mailDir = path.join(root, "mail");
  const mail = await startMailServer(mailDir);
  const app = await startApp({
    DATA_DIR: path.join(root, "data"),
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    MAIL_FROM: "OpenCall <no-reply@agency.test>",
    SUPERADMIN_EMAIL: E2E_SUPERADMIN.email,
    SUPERADMIN_PASSWORD: E2E_SUPERADMIN.password,
    AGENCY_EMAIL_DOMAIN: "agency.test",
    CONTACT_EMAIL: "contacto@agency.test",
    PUBLIC_REGISTRATION_RATE_LIMIT: "10000",
    SIGN_IN_RATE_LIMIT: "10000",
    LOG_LEVEL: "warn",
    ...(process.env.DATABASE_URL_E2E ? { DATABASE_URL: process.env.DATABASE_URL_E2E } : {}),
  });
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    const code = await app.stop();
    await mail.close();
    if (code !== 0) process.stderr.write(`app exited with ${code}:\n${app.output()}\n`);
    rmSync(root, { recursive: true, force: true });
  };
}
