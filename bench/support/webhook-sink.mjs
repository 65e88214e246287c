/**
 * The webhooks benchmark's receiver, run as a child process (like an agency's real system) so that
 * it does not share the sender's event loop. Answers every request 204 once its body is read, and
 * counts the `webhook-id` headers of the POSTs to /hooks. Talks to its parent over IPC: sends
 * `{ port }` once listening, answers `"received"` with `{ requests, ids: [distinct webhook-ids],
 * stray }` (stray: requests elsewhere or without a webhook-id), clears on `"clear"`.
 * Plain JavaScript so that it starts without a TypeScript loader.
 */
import { createServer } from "node:http";

let requests = 0;
let stray = 0;
const ids = new Set();
const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    const id = request.headers["webhook-id"];
    if (request.method === "POST" && request.url === "/hooks" && typeof id === "string") {
      requests++;
      ids.add(id);
    } else stray++;
    response.writeHead(204).end();
  });
});

server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
process.on("message", (message) => {
  if (message === "received") process.send({ requests, ids: [...ids], stray });
  else if (message === "clear") {
    requests = 0;
    stray = 0;
    ids.clear();
  }
});
process.on("disconnect", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
