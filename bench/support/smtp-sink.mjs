/**
 * The outbox benchmark's SMTP server, run as a child process (like any real mail server) so that
 * it does not share the measured process's event loop. Accepts everything and counts Message-IDs
 * (no parsing beyond the header). Talks to its parent over IPC: sends `{ port }` once listening,
 * answers `"counts"` with `{ counts: [[messageId, n], …] }`, clears on `"clear"`.
 * Plain JavaScript so that it starts without a TypeScript loader.
 */
import { SMTPServer } from "smtp-server";

const counts = new Map();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  disableReverseLookup: true,
  closeTimeout: 100,
  onData(stream, _session, callback) {
    let head = "";
    stream.on("data", (chunk) => {
      if (head.length < 4096) head += chunk.toString("latin1");
    });
    stream.on("end", () => {
      const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? "";
      counts.set(id, (counts.get(id) ?? 0) + 1);
      callback(null, "OK");
    });
  },
});

server.listen(0, "127.0.0.1", () => process.send({ port: server.server.address().port }));
process.on("message", (message) => {
  if (message === "counts") process.send({ counts: [...counts] });
  else if (message === "clear") counts.clear();
});
process.on("disconnect", () => server.close(() => process.exit(0)));
