/**
 * Many phones on Server-Sent Events streams, as a browser's EventSource behaves: each reads `place`
 * messages, remembers the last `id`, and when the stream ends or fails reconnects after the stream's
 * `retry` with `Last-Event-ID`. For the casting-day bench: when each phone first saw a version.
 */
import http from "node:http";
import type { QueuePlace } from "../../src/common/schemas/queue";

interface Phone {
  path: string;
  lastId: string | undefined;
  last: QueuePlace | undefined;
  /** When (performance.now()) each version was first shown. */
  seen: Map<number, number>;
  request: http.ClientRequest | undefined;
}

export function openPhones(port: number, paths: string[]) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let closed = false;
  let reconnections = 0;
  let retryMs = 2000;
  const phones: Phone[] = paths.map((path) => ({
    path,
    lastId: undefined,
    last: undefined,
    seen: new Map(),
    request: undefined,
  }));

  const onEvent = (phone: Phone, block: string) => {
    let event = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data += line.slice(5).trimStart();
      else if (line.startsWith("id:")) phone.lastId = line.slice(3).trim();
      else if (line.startsWith("retry:")) retryMs = Number(line.slice(6).trim()) || retryMs;
    }
    if (event !== "place" || !data) return;
    const place = JSON.parse(data) as QueuePlace;
    phone.last = place;
    if (!phone.seen.has(place.version)) phone.seen.set(place.version, performance.now());
  };

  const connect = (phone: Phone) => {
    if (closed) return;
    const headers: Record<string, string> = { accept: "text/event-stream" };
    if (phone.lastId) headers["last-event-id"] = phone.lastId;
    let ended = false;
    const again = () => {
      if (ended || closed) return;
      ended = true;
      reconnections++;
      setTimeout(() => connect(phone), retryMs);
    };
    const request = http.get({ host: "127.0.0.1", port, path: phone.path, headers, agent }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        response.on("end", again);
        return;
      }
      response.setEncoding("utf8");
      let buffer = "";
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          onEvent(phone, buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      });
      response.on("end", again);
      response.on("error", again);
    });
    request.on("error", again);
    phone.request = request;
  };
  phones.forEach(connect);

  const waitUntil = async (done: () => boolean, timeoutMs: number) => {
    const deadline = performance.now() + timeoutMs;
    while (!done() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  return {
    /** Resolves once every phone has shown its first place (or after a minute). */
    firstMessages: () => waitUntil(() => phones.every((p) => p.last !== undefined), 60_000),
    /**
     * How long after `sentAt` each phone first showed a version newer than `before`; `missing`: the
     * phones that had not within `timeoutMs`.
     */
    async reached(before: number, sentAt: number, timeoutMs: number) {
      const firstAfter = (phone: Phone) => {
        let at: number | undefined;
        for (const [version, when] of phone.seen) if (version > before && (at === undefined || when < at)) at = when;
        return at;
      };
      await waitUntil(() => phones.every((p) => firstAfter(p) !== undefined), timeoutMs);
      const latencies: number[] = [];
      let missing = 0;
      for (const phone of phones) {
        const at = firstAfter(phone);
        if (at === undefined) missing++;
        else latencies.push(Math.max(0, at - sentAt));
      }
      return { latencies, missing };
    },
    last: () => phones.map((p) => p.last),
    reconnections: () => reconnections,
    close() {
      closed = true;
      for (const phone of phones) phone.request?.destroy();
      agent.destroy();
    },
  };
}
