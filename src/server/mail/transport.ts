/**
 * The SMTP side of the outbox: one pooled nodemailer transport per process, built from SMTP_URL,
 * MAIL_FROM, MAIL_RATE_PER_SECOND and the DKIM key (nodemailer signs each message). The worker (src/server/jobs/outbox-worker.ts) is its only user.
 */
import nodemailer from "nodemailer";
import type { OutboxAttachment } from "../db/schema";
import type { DkimConfig } from "./dkim";
import { headerSafe, isSingleAddress } from "./layout";

export interface TransportMessage {
  to: string;
  /** One address copied (Cc), or none. */
  cc?: string | null | undefined;
  subject: string;
  text: string;
  html: string;
  /** The row's stable Message-ID, so a receiver can recognise a retry of the same message. */
  messageId: string;
  attachments?: OutboxAttachment[] | null | undefined;
  /** A calendar invite (RFC 5545), sent as the message's text/calendar alternative. */
  icalEvent?: string | null;
  /** The From display name (the agency's, issue 32); MAIL_FROM's own when null. */
  fromName?: string | null;
}

export interface MailTransport {
  /** Resolves with the SMTP server's final reply once it has accepted the message. */
  send(message: TransportMessage): Promise<{ response: string }>;
  close(): void;
}

export interface SmtpTransportOptions {
  smtpUrl: string;
  mailFrom: string;
  ratePerSecond: number;
  maxConnections?: number;
  /** The agency's key: every message is DKIM-signed with it (docs/deploy.md, "Signed mail"). */
  dkim?: DkimConfig | undefined;
}

/**
 * Bounds on every wait of a send. The lease after which a half-sent message is queued again
 * (MAIL_SEND_LEASE_SECONDS, 120 s by default) must stay above the longest of them.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** nodemailer's pool counts messages per window: turn "n per second" into a whole count per window. */
export function rateWindow(ratePerSecond: number): { rateLimit: number; rateDelta: number } {
  const rateLimit = Math.max(1, Math.floor(ratePerSecond));
  return { rateLimit, rateDelta: Math.round((1000 * rateLimit) / ratePerSecond) };
}

export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
  const transporter = nodemailer.createTransport({
    pool: true,
    url: options.smtpUrl,
    maxConnections: options.maxConnections ?? 5,
    maxMessages: 500,
    // The outbox retries, and counts, every attempt: the pool must not resend on its own.
    maxRequeues: 0,
    ...rateWindow(options.ratePerSecond),
    ...SMTP_TIMEOUTS_MS,
    disableFileAccess: true,
    disableUrlAccess: true,
    ...(options.dkim
      ? { dkim: { domainName: options.dkim.domain, keySelector: options.dkim.selector, privateKey: options.dkim.privateKey } }
      : {}),
  });
  return {
    async send(message) {
      // Enqueueing already checks both; checking again keeps a row edited by hand just as safe.
      for (const address of [message.to, ...(message.cc ? [message.cc] : [])]) {
        if (!isSingleAddress(address)) {
          throw Object.assign(new Error(`Invalid recipient address: ${JSON.stringify(address)}`), { code: "EENVELOPE" });
        }
      }
      const info = await transporter.sendMail({
        from: message.fromName
          ? { name: headerSafe(message.fromName), address: senderAddress(options.mailFrom) }
          : options.mailFrom,
        to: message.to,
        ...(message.cc ? { cc: message.cc } : {}),
        subject: headerSafe(message.subject),
        text: message.text,
        html: message.html,
        messageId: headerSafe(message.messageId),
        attachments: message.attachments?.map(({ filename, contentType, content, cid }) => ({
          filename,
          contentType,
          content: Buffer.from(content, "base64"),
          ...(cid ? { cid, contentDisposition: "inline" as const } : {}),
        })),
        ...(message.icalEvent ? { icalEvent: { method: icalMethod(message.icalEvent), content: message.icalEvent } } : {}),
      });
      return { response: info.response };
    },
    close() {
      transporter.close();
    },
  };
}

/** MAIL_FROM's address, without its display name ("OpenCall <no-reply@agency.com>" → the address). */
export function senderAddress(mailFrom: string): string {
  return /<([^<>]+)>\s*$/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/** The METHOD of an invite (REQUEST or CANCEL): nodemailer writes it into the part's content type. */
function icalMethod(content: string): string {
  return /^METHOD:([A-Z-]+)\r?$/m.exec(content)?.[1] ?? "PUBLISH";
}

export type SendFailure = { permanent: boolean; message: string };

interface SmtpError {
  code?: string | undefined;
  response?: string | undefined;
  responseCode?: number | undefined;
  permanent?: boolean | undefined;
  message?: string | undefined;
}

/**
 * Permanent: the server refused this message for good (5xx except 503, which nodemailer flags
 * `permanent`), or the address cannot be used at all. Everything else (refused or dropped
 * connections, time-outs, 4xx replies, and failed logins, which are the configuration's fault
 * and not the message's) is worth another attempt.
 */
export function classifySendError(error: unknown): SendFailure {
  const err = (typeof error === "object" && error !== null ? error : {}) as SmtpError;
  const message = (err.response ?? err.message ?? String(error)).trim() || "unknown error";
  if (err.code === "EAUTH" || err.code === "ENOAUTH") return { permanent: false, message };
  if (err.permanent === true) return { permanent: true, message };
  if (err.code === "EENVELOPE" && err.responseCode === undefined) return { permanent: true, message };
  return { permanent: false, message };
}
