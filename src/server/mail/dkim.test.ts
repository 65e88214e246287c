/**
 * Every kind of e-mail OpenCall sends leaves DKIM-signed with the agency's key, and a maintained
 * verifier (mailauth) finds the signature good against the very record `npm run mail:dns` prints:
 * the receiver's check, offline (mailauth is handed that record instead of asking the DNS).
 */
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { promisify } from "node:util";
import { dkimVerify } from "mailauth";
import { describe, expect, it } from "vitest";
import { enqueueEmail } from "./outbox";
import { everyMailKind } from "../test/every-mail-kind";
import { useTestApp } from "../test/harness";
import { TEST_MAIL_FROM, useOutboxWorkers } from "../test/outbox";
import type { TestSmtpServer } from "../test/smtp";

const t = useTestApp();
const { smtpServer, worker } = useOutboxWorkers(t);

const newKey = () =>
  generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const agencyKey = newKey();
const DOMAIN = "agency.test";
const SELECTOR = "oc2027";

/** What `npm run mail:dns` prints for the agency's configuration: each record's name and value. */
async function printedRecords(privateKey: string): Promise<Map<string, string>> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/mail-dns.ts"], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: "/tmp/opencall-mail-dns-test",
      AUTH_SECRET: "x".repeat(40),
      MAIL_FROM: TEST_MAIL_FROM,
      SMTP_URL: "smtp://smtp.agency.test:587",
      DKIM_DOMAIN: DOMAIN,
      DKIM_SELECTOR: SELECTOR,
      DKIM_PRIVATE_KEY: privateKey,
    },
  });
  const records = new Map<string, string>();
  for (const line of stdout.split("\n")) {
    const match = /^(\S+)\. IN TXT (.+)$/.exec(line);
    if (match) records.set(match[1]!, [...match[2]!.matchAll(/"([^"]*)"/g)].map((chunk) => chunk[1]).join(""));
  }
  return records;
}

/** A DNS that answers from the printed records only. */
const resolverOf = (records: Map<string, string>) => async (name: string, type: string) => {
  const value = type === "TXT" ? records.get(name) : undefined;
  if (value === undefined) throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
  return [[value]];
};

async function sendEveryKind(signingKey: string): Promise<TestSmtpServer> {
  const smtp = await smtpServer();
  const emails = everyMailKind(t.config);
  await t.db.transaction(async (tx) => {
    for (const email of emails) await enqueueEmail(tx, email);
  });
  const { worker: w } = worker(smtp.url, { dkim: { domain: DOMAIN, selector: SELECTOR, privateKey: signingKey } });
  while (smtp.received.length < emails.length) {
    if ((await w.drainOnce()).claimed === 0) break;
  }
  expect(smtp.received).toHaveLength(emails.length);
  return smtp;
}

describe("DKIM-signed mail", () => {
  it("prints SPF, the DKIM public key and DMARC for the configured domain", async () => {
    const records = await printedRecords(agencyKey);
    expect([...records.keys()]).toEqual([DOMAIN, `${SELECTOR}._domainkey.${DOMAIN}`, `_dmarc.${DOMAIN}`]);
    expect(records.get(DOMAIN)).toBe("v=spf1 a:smtp.agency.test mx ~all");
    expect(records.get(`${SELECTOR}._domainkey.${DOMAIN}`)).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(records.get(`_dmarc.${DOMAIN}`)).toMatch(/^v=DMARC1; p=quarantine;/);
  });

  it("signs every kind of e-mail so that it verifies against the printed key", async () => {
    const resolver = resolverOf(await printedRecords(agencyKey));
    const smtp = await sendEveryKind(agencyKey);
    for (const mail of smtp.received) {
      const { results } = await dkimVerify(mail.raw, { resolver });
      expect({ subject: mail.subject, result: results[0]?.status.result, domain: results[0]?.signingDomain }).toEqual({
        subject: mail.subject,
        result: "pass",
        domain: DOMAIN,
      });
    }
  });

  it("a message signed with another key does not verify", async () => {
    const resolver = resolverOf(await printedRecords(agencyKey));
    const smtp = await sendEveryKind(newKey());
    for (const mail of smtp.received) {
      const { results } = await dkimVerify(mail.raw, { resolver });
      expect(results[0]?.status.result).toBe("fail");
    }
  });
});
