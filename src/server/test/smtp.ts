/**
 * A real SMTP server for tests (smtp-server + mailparser). It records what it accepted, can be made
 * slow, can refuse (a reply code of the test's choice), and can hold its replies until the test
 * lets them go. A message counts as received only when its 250 reply goes to a live connection:
 * a message whose connection died before that is not delivered, as in SMTP itself.
 *
 *   const smtp = await startTestSmtpServer();
 *   const config = testConfig({ smtpUrl: smtp.url });
 *   … await smtp.waitForReceived(1); smtp.received[0].subject
 */
import { createServer } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  messageId: string;
  from: string;
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The message as it came over the wire (headers and body). */
  raw: string;
}

/** An SMTP reply for a refused message, e.g. { code: 451, message: "Try again later" }. */
export interface SmtpReply {
  code: number;
  message: string;
}

export interface TestSmtpOptions {
  /** Listen on this port (default: a free one). */
  port?: number;
  /** Wait this long before answering each message: a slow server. */
  delayMs?: number;
  /**
   * The reply to a message; undefined accepts it. `attempt` counts the times this Message-ID
   * has reached the end of DATA (1 for the first).
   */
  answer?: (mail: ReceivedMail, attempt: number) => SmtpReply | undefined;
  /** Refuse a recipient at RCPT TO; undefined accepts it. */
  answerRecipient?: (address: string) => SmtpReply | undefined;
  /** Awaited before each reply, so a test can hold replies (e.g. to kill the client meanwhile). */
  beforeReply?: (mail: ReceivedMail) => Promise<void>;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  /** Accepted messages, in order. */
  received: ReceivedMail[];
  /** Every message that reached the end of DATA, accepted or not. */
  seen: ReceivedMail[];
  /** Client connections currently open. */
  openConnections(): number;
  /** How many times each Message-ID was accepted. */
  countByMessageId(): Map<string, number>;
  waitForReceived(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const smtpError = (reply: SmtpReply) => Object.assign(new Error(reply.message), { responseCode: reply.code });

export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const seen: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  const closedSessions = new Set<string>();
  let open = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const reply = options.answerRecipient?.(address.address);
      callback(reply ? smtpError(reply) : null);
    },
    onConnect(_session, callback) {
      open++;
      callback();
    },
    onClose(session) {
      open--;
      closedSessions.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        void (async () => {
          const raw = Buffer.concat(chunks);
          const parsed = await simpleParser(raw);
          const mail: ReceivedMail = {
            messageId: parsed.messageId ?? "",
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            raw: raw.toString("utf8"),
          };
          seen.push(mail);
          const attempt = (attempts.get(mail.messageId) ?? 0) + 1;
          attempts.set(mail.messageId, attempt);
          if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
          await options.beforeReply?.(mail);
          const reply = options.answer?.(mail, attempt);
          if (reply) return callback(smtpError(reply));
          if (closedSessions.has(session.id)) return callback(new Error("connection closed before the reply"));
          received.push(mail);
          callback(null, `OK: queued as ${received.length}`);
        })().catch((error: Error) => callback(error));
      });
    },
  });
  server.on("error", () => {}); // a client killed mid-command is not the test's failure

  const port = options.port ?? 0;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    seen,
    openConnections: () => open,
    countByMessageId() {
      const counts = new Map<string, number>();
      for (const mail of received) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
      return counts;
    },
    async waitForReceived(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`SMTP server received ${received.length} of ${count} messages`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
