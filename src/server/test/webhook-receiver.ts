/**
 * A real HTTP receiver for webhook tests (issue 37): it records every request it gets (headers and
 * raw body) and answers as the test says: a status (500 to fail), a redirect, or no answer at all.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How to answer the n-th request (0-based): a status, a redirect to `location`, or "hang". */
export type Answer = number | { status: number; location: string } | "hang";

export async function startWebhookReceiver(answer: (request: ReceivedRequest, n: number) => Answer = () => 204) {
  const received: ReceivedRequest[] = [];
  let respond = answer;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const got = { path: request.url ?? "/", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      const reply = respond(got, received.length);
      received.push(got);
      if (reply === "hang") return;
      if (typeof reply === "number") return response.writeHead(reply).end();
      response.writeHead(reply.status, { location: reply.location }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    host: `127.0.0.1:${port}`,
    received,
    answerWith(next: typeof answer) {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
