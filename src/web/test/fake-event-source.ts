/**
 * An EventSource for tests (jsdom has none): each stream the page opens is kept, and the test opens
 * it, sends it messages, drops it (the browser then reconnects) or closes it for good.
 */
import { act } from "@testing-library/react";
import { vi } from "vitest";

/** Runs `change` and lets what it causes render (React Query tells its observers on a timer). */
async function settle(change: () => void) {
  await act(async () => {
    change();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

type Listener = (event: MessageEvent<string>) => void;

export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every stream opened since `installEventSource`, the latest last. */
  static opened: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, (this.listeners.get(type) ?? new Set()).add(listener));
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server answered: the stream is open. */
  open() {
    return settle(() => {
      this.readyState = FakeEventSource.OPEN;
      this.onopen?.(new Event("open"));
    });
  }

  /** A message of the `event:` type `type` with `data` as its JSON. */
  send(type: string, data: unknown) {
    return settle(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }

  /** The connection dropped: the browser reconnects by itself, or (`forGood`) gave up. */
  drop({ forGood = false } = {}) {
    return settle(() => {
      this.readyState = forGood ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
      this.onerror?.(new Event("error"));
    });
  }
}

/** Puts FakeEventSource in the page's place (undone by vi.unstubAllGlobals). */
export function installEventSource() {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  return FakeEventSource;
}

/** The latest stream the page opened. */
export function latestStream(): FakeEventSource {
  const stream = FakeEventSource.opened.at(-1);
  if (!stream) throw new Error("the page opened no stream");
  return stream;
}
