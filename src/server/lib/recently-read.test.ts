import { describe, expect, it } from "vitest";
import { recentlyRead } from "./recently-read";

function counter(answers: Record<string, string | undefined>) {
  const reads: string[] = [];
  let now = 0;
  const cache = recentlyRead(
    async (key: string) => {
      reads.push(key);
      return answers[key];
    },
    1000,
    () => now,
  );
  return { cache, reads, advance: (ms: number) => void (now += ms) };
}

describe("recentlyRead", () => {
  it("shares one read between callers arriving at once and reuses it until it is too old", async () => {
    const { cache, reads, advance } = counter({ a: "A" });
    expect(await Promise.all([cache.get("a"), cache.get("a"), cache.get("a")])).toEqual(["A", "A", "A"]);
    advance(999);
    expect(await cache.get("a")).toBe("A");
    expect(reads).toEqual(["a"]);
    advance(1);
    expect(await cache.get("a")).toBe("A");
    expect(reads).toEqual(["a", "a"]);
  });

  it("reads again when asked for a fresh answer", async () => {
    const { cache, reads } = counter({ a: "A" });
    await cache.get("a");
    await cache.get("a", { fresh: true });
    expect(reads).toEqual(["a", "a"]);
  });

  it("never remembers a miss or a failure", async () => {
    const { cache, reads } = counter({});
    expect(await cache.get("nothing")).toBeUndefined();
    expect(await cache.get("nothing")).toBeUndefined();
    expect(reads).toEqual(["nothing", "nothing"]);

    let fail = true;
    const flaky = recentlyRead(async () => {
      if (fail) throw new Error("database down");
      return "up";
    }, 1000);
    await expect(flaky.get("k")).rejects.toThrow("database down");
    fail = false;
    expect(await flaky.get("k")).toBe("up");
  });
});
