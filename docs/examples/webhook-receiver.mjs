/**
 * A receiver of OpenCall's webhooks (docs/integrations.md), in plain Node: it checks each delivery's
 * signature over the raw body with the Standard Webhooks library, drops the repeats of a delivery by
 * its `webhook-id`, and answers 204 once the event is handled.
 *
 *   npm install standardwebhooks
 *   WEBHOOK_SECRET=whsec_… PORT=8080 node webhook-receiver.mjs
 *
 * OpenCall posts only to https in production: put this behind your TLS proxy (or terminate TLS here).
 */
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { Webhook } from "standardwebhooks";

/** OpenCall's events are a few kilobytes; anything far bigger is not one of them. */
const MAX_BODY_BYTES = 1024 * 1024;

/** The example's handling: print the event. Yours goes here (see docs/integrations.md for each type). */
function printEvent(event, webhookId) {
  console.log(`${webhookId} ${event.type} ${JSON.stringify(event.data)}`);
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error("body too large"));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

function answer(response, status) {
  response.writeHead(status).end();
}

/**
 * The receiver's HTTP server (not listening yet). `onEvent(event, webhookId)` handles one event; it
 * may be async. Delivery is at least once, so a `webhook-id` already handled is answered 204 without
 * handling it again. `seen` remembers the handled ids: this example keeps them in memory, a real
 * receiver keeps them where it keeps its data (a unique column, written with the event's effects).
 */
export function createWebhookReceiver({ secret, onEvent = printEvent, seen = new Set() }) {
  // The secret as the endpoint was given it, `whsec_…`: the library reads that form.
  const webhook = new Webhook(secret);
  return createServer(async (request, response) => {
    if (request.method !== "POST") return answer(response, 405);
    let body;
    try {
      body = await readBody(request);
    } catch {
      return answer(response, 413);
    }
    const headers = {
      "webhook-id": String(request.headers["webhook-id"] ?? ""),
      "webhook-timestamp": String(request.headers["webhook-timestamp"] ?? ""),
      "webhook-signature": String(request.headers["webhook-signature"] ?? ""),
    };
    let event;
    try {
      // Over the raw bytes as they came (never a re-serialised JSON), and refused when the timestamp
      // is more than 5 minutes from now, so that a captured delivery cannot be replayed later.
      event = webhook.verify(body, headers);
    } catch {
      return answer(response, 400);
    }
    const webhookId = headers["webhook-id"];
    if (seen.has(webhookId)) return answer(response, 204);
    // Taken before handling, so that a repeat arriving meanwhile is not handled twice; given back
    // when the handling fails, so that OpenCall's retry is handled.
    seen.add(webhookId);
    try {
      await onEvent(event, webhookId);
    } catch (error) {
      seen.delete(webhookId);
      console.warn(`${webhookId} not handled, OpenCall will retry it:`, error);
      return answer(response, 500);
    }
    // Within 10 seconds: a slower answer counts as a failure and the event comes again.
    return answer(response, 204);
  });
}

// Run as a program (not imported): listen on PORT with the secret in WEBHOOK_SECRET.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error("Set WEBHOOK_SECRET to the endpoint's secret (whsec_…), as OpenCall showed it once.");
    process.exit(1);
  }
  const server = createWebhookReceiver({ secret });
  server.listen(Number(process.env.PORT ?? 8080), () => {
    console.log(`Receiving OpenCall webhooks on port ${server.address().port}`);
  });
}
