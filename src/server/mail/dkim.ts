/**
 * The agency's DKIM key (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE;
 * read by config.ts) and the DNS records a receiver checks the agency's mail against: SPF, DKIM
 * and DMARC, printed by `npm run mail:dns` (docs/deploy.md, "Signed mail").
 */
import { createPrivateKey, createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";

export interface DkimConfig {
  /** The signing domain, the signature's d= (the domain of MAIL_FROM's address, or its parent). */
  domain: string;
  /** The key's selector: its public key is published at `<selector>._domainkey.<domain>`. */
  selector: string;
  /** The private key, PEM. */
  privateKey: string;
}

/**
 * The private key as PEM, or why it cannot sign: an RSA key of at least 1024 bits (receivers
 * ignore shorter ones; 2048 is the usual size). A PEM given in one line with `\n` escapes (as some
 * secret stores hand it over) is accepted too.
 */
export function parseDkimPrivateKey(value: string): { pem: string } | { problem: string } {
  const pem = value.includes("\\n") ? value.replace(/\\n/g, "\n") : value;
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== "rsa") return { problem: "must be an RSA private key (PEM)" };
    if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 1024) return { problem: "must be an RSA key of at least 1024 bits" };
    return { pem: key.export({ type: "pkcs8", format: "pem" }).toString() };
  } catch {
    return { problem: "is not a readable PEM private key" };
  }
}

/** The public half of the key as a DKIM record's p= value (base64 of the SubjectPublicKeyInfo). */
export function dkimPublicKey(privateKey: string): string {
  return createPublicKey(privateKey).export({ type: "spki", format: "der" }).toString("base64");
}

export interface DnsRecord {
  name: string;
  type: "TXT";
  value: string;
  /** What it is for, one line. */
  purpose: string;
}

/** The domain of an address, lower-cased ("OpenCall <no-reply@agency.com>" → "agency.com"). */
export function addressDomain(address: string): string {
  const bare = /<([^<>]+)>\s*$/.exec(address)?.[1] ?? address;
  return bare
    .slice(bare.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
}

/**
 * The records to publish for mail from MAIL_FROM's domain signed with `dkim`: SPF naming the SMTP
 * relay's host as the one sender (a provider's relay says its own `include:` instead), the DKIM
 * public key, and a DMARC policy asking receivers to quarantine mail that passes neither.
 */
export function mailDnsRecords(config: { mailFrom: string; smtpUrl: string | undefined; dkim: DkimConfig }): DnsRecord[] {
  const fromDomain = addressDomain(config.mailFrom);
  const relay = config.smtpUrl ? new URL(config.smtpUrl).hostname : undefined;
  const { domain, selector } = config.dkim;
  return [
    {
      name: fromDomain,
      type: "TXT",
      value: `v=spf1 ${relay ? `a:${relay} ` : ""}mx ~all`,
      purpose: "SPF: the servers allowed to send mail from this domain",
    },
    {
      name: `${selector}._domainkey.${domain}`,
      type: "TXT",
      value: `v=DKIM1; k=rsa; p=${dkimPublicKey(config.dkim.privateKey)}`,
      purpose: "DKIM: the public key receivers check OpenCall's signature with",
    },
    {
      name: `_dmarc.${fromDomain}`,
      type: "TXT",
      value: `v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:postmaster@${fromDomain}`,
      purpose: "DMARC: what receivers do with mail that claims this domain and fails both checks",
    },
  ];
}

/** A record as a zone-file line: the value cut into quoted strings of at most 255 characters. */
export function zoneLine(record: DnsRecord): string {
  const chunks = record.value.match(/.{1,255}/g) ?? [""];
  return `${record.name}. IN TXT ${chunks.map((chunk) => `"${chunk}"`).join(" ")}`;
}

/** Is the signing domain the From domain or a parent of it (DMARC's relaxed alignment)? */
export function dkimAligned(mailFrom: string, domain: string): boolean {
  const from = addressDomain(mailFrom);
  return from === domain || from.endsWith(`.${domain}`);
}

/** The DKIM variables as config.ts parsed them. */
export interface DkimEnv {
  MAIL_FROM: string;
  DKIM_DOMAIN?: string | undefined;
  DKIM_SELECTOR?: string | undefined;
  DKIM_PRIVATE_KEY?: string | undefined;
  DKIM_PRIVATE_KEY_FILE?: string | undefined;
}

/** DKIM_* set all together or not at all, one readable RSA key, a domain MAIL_FROM's address belongs to. */
export function dkimProblems(env: DkimEnv): Array<[string, string]> {
  const key = env.DKIM_PRIVATE_KEY ?? env.DKIM_PRIVATE_KEY_FILE;
  if (!env.DKIM_DOMAIN && !env.DKIM_SELECTOR && !key) return [];
  if (env.DKIM_PRIVATE_KEY && env.DKIM_PRIVATE_KEY_FILE) {
    return [["DKIM_PRIVATE_KEY_FILE", "set either it or DKIM_PRIVATE_KEY, not both"]];
  }
  if (!env.DKIM_DOMAIN) return [["DKIM_DOMAIN", "is required with the other DKIM_ variables"]];
  if (!env.DKIM_SELECTOR) return [["DKIM_SELECTOR", "is required with the other DKIM_ variables"]];
  if (!key) return [["DKIM_PRIVATE_KEY", "(or DKIM_PRIVATE_KEY_FILE) is required with DKIM_DOMAIN"]];
  const name = env.DKIM_PRIVATE_KEY ? "DKIM_PRIVATE_KEY" : "DKIM_PRIVATE_KEY_FILE";
  let pem: string;
  try {
    pem = readDkimKey(env);
  } catch {
    return [[name, "cannot be read"]];
  }
  const parsed = parseDkimPrivateKey(pem);
  if ("problem" in parsed) return [[name, parsed.problem]];
  if (!dkimAligned(env.MAIL_FROM, env.DKIM_DOMAIN.toLowerCase())) {
    return [["DKIM_DOMAIN", "must be MAIL_FROM's domain or a parent of it, or receivers will not count the signature"]];
  }
  return [];
}

/** The key configured, once dkimProblems found none. */
export function dkimFromEnv(env: DkimEnv): DkimConfig | undefined {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR) return undefined;
  const parsed = parseDkimPrivateKey(readDkimKey(env));
  if ("problem" in parsed) throw new Error(`DKIM key: ${parsed.problem}`);
  return { domain: env.DKIM_DOMAIN.toLowerCase(), selector: env.DKIM_SELECTOR, privateKey: parsed.pem };
}

const readDkimKey = (env: DkimEnv) => env.DKIM_PRIVATE_KEY ?? readFileSync(env.DKIM_PRIVATE_KEY_FILE ?? "", "utf8");
