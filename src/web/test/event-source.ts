import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

/**
 * A stand-in for the browser's EventSource (jsdom has none): each one made is kept in `instances`,
 * and the test plays the server: `open()`, `send()` a message, `drop()` the connection (the browser
 * then retries by itself) or `fail()` it for good (an error status: the browser gives up).
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.CONNECTING;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  /** The query of the address it was opened at. */
  get query(): URLSearchParams {
    return new URL(this.url, "http://localhost").searchParams;
  }

  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event("open"));
  }

  send(event: string, data: unknown, id: number | string): void {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data), lastEventId: String(id) }));
  }

  drop(): void {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event("error"));
  }

  fail(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event("error"));
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The latest one made: the page's current connection. */
  static get latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error("no EventSource was opened");
    return last;
  }
}

/**
 * Puts FakeEventSource in the browser's place for each test of the file, and takes it (and every
 * other stubbed global) away after the test's components are gone, so no late effect meets none.
 */
export function useFakeEventSource(): void {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** Makes the page hidden or shown, as a locked screen or another app does. */
export function setVisibility(state: "hidden" | "visible"): void {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}
