/**
 * A line between the browser and the app that a journey controls: what the browser sends is slowed
 * to a phone's upload speed (so an upload takes seconds, its progress shown as the bytes really
 * leave), and the line can be cut and brought back. Chromium's own network emulation cannot cut a
 * request already on its way; this cuts the TCP connections (a reset), as a phone losing its signal.
 */
import { connect, createServer, type Socket } from "node:net";

export interface FlakyLine {
  /** The app's origin through the line. */
  url: string;
  /** Resets every open connection (answers how many) and refuses new ones until `restore`. */
  cut(): number;
  restore(): void;
  close(): Promise<void>;
}

export async function startFlakyLine(app: string, upBytesPerSecond: number): Promise<FlakyLine> {
  const target = new URL(app);
  const clients = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) return void client.resetAndDestroy();
    const upstream = connect(Number(target.port), target.hostname);
    clients.add(client);
    const end = () => {
      clients.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    // Browser → app at the phone's speed: each chunk waits its time before the next is read.
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      client.pause();
      setTimeout(() => client.resume(), (chunk.length / upBytesPerSecond) * 1000);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // A journey that fails half-way does not keep its worker alive.
  server.unref();
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      down = true;
      const open = clients.size;
      for (const client of clients) client.resetAndDestroy();
      return open;
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of clients) client.destroy();
        server.close(() => resolve());
      }),
  };
}
