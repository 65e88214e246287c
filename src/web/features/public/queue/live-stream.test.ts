import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource, setVisibility, useFakeEventSource } from "@web/test/event-source";
import { openLiveStream, type StreamStatus } from "./live-stream";

const STREAM = "/api/public/queue/stream?t=token-1";

function open() {
  const messages: unknown[] = [];
  const statuses: StreamStatus[] = [];
  const close = openLiveStream(STREAM, "place", { onMessage: (m) => messages.push(m), onStatus: (s) => statuses.push(s) });
  return { messages, statuses, close };
}

/** The status the probe of a given-up stream reads. */
const answerProbe = (status: number) =>
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(null, { status }));

describe("a live stream (issue 35)", () => {
  useFakeEventSource();
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("hands over each message, and reports the connection", () => {
    const { messages, statuses, close } = open();
    const source = FakeEventSource.latest;
    expect(source.url).toBe(STREAM);
    source.open();
    source.send("place", { version: 3 }, 3);
    source.send("other", { version: 4 }, 4);
    expect(messages).toEqual([{ version: 3 }]);
    expect(statuses).toEqual(["open"]);
    // The browser retries a dropped connection by itself (with Last-Event-ID): nothing opened here.
    source.drop();
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(FakeEventSource.instances).toHaveLength(1);
    close();
  });

  it("opens a new stream from the last id after the browser gave up (a 502 while a process restarts)", async () => {
    const probe = answerProbe(502);
    const { statuses, close } = open();
    const first = FakeEventSource.latest;
    first.open();
    first.send("place", { version: 7 }, 7);
    first.fail();
    expect(statuses.at(-1)).toBe("reconnecting");
    await vi.waitFor(() => expect(probe).toHaveBeenCalledTimes(1));
    expect(String(probe.mock.calls[0]![0])).toBe(`${STREAM}&lastEventId=7`);
    // It waits (at most the first back-off) before trying again, then again from version 7.
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest.query.get("lastEventId")).toBe("7");
    expect(FakeEventSource.latest.query.get("t")).toBe("token-1");
    // Failing again, it waits longer: 4 s at most, never less than half of it.
    FakeEventSource.latest.fail();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeEventSource.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2001);
    expect(FakeEventSource.instances).toHaveLength(3);
    close();
  });

  it("stops for good when the server refuses the address (an unknown token, a revoked key)", async () => {
    answerProbe(404);
    const { statuses, close } = open();
    FakeEventSource.latest.fail();
    await vi.waitFor(() => expect(statuses.at(-1)).toBe("invalid"));
    await vi.advanceTimersByTimeAsync(120_000);
    setVisibility("visible");
    window.dispatchEvent(new Event("online"));
    expect(FakeEventSource.instances).toHaveLength(1);
    close();
  });

  it("reconnects at once from the last id when the page is shown after a locked screen, or the network returns", async () => {
    const { statuses, close } = open();
    const first = FakeEventSource.latest;
    first.open();
    first.send("place", { version: 12 }, 12);
    // Shown again after a short look elsewhere, the open stream is kept.
    setVisibility("hidden");
    await vi.advanceTimersByTimeAsync(5_000);
    setVisibility("visible");
    expect(FakeEventSource.instances).toHaveLength(1);
    // After a locked screen, a stream that still reads open may be dead: a new one, from version 12.
    setVisibility("hidden");
    await vi.advanceTimersByTimeAsync(60_000);
    setVisibility("visible");
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.latest.query.get("lastEventId")).toBe("12");
    FakeEventSource.latest.open();
    FakeEventSource.latest.send("place", { version: 13 }, 13);
    // The network returns (a phone between Wi-Fi and mobile data): a new one, from version 13.
    window.dispatchEvent(new Event("online"));
    expect(FakeEventSource.instances).toHaveLength(3);
    expect(FakeEventSource.latest.query.get("lastEventId")).toBe("13");
    expect(statuses).not.toContain("invalid");
    close();
  });

  it("closes everything when the page leaves", async () => {
    answerProbe(503);
    const { close } = open();
    const source = FakeEventSource.latest;
    source.fail();
    close();
    await vi.advanceTimersByTimeAsync(60_000);
    window.dispatchEvent(new Event("online"));
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });
});
