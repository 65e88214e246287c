import { useEffect, useRef, useState } from "react";

export type LoadState<T> = { status: "loading" } | { status: "success"; data: T } | { status: "error"; error: unknown };

/**
 * A small loader for the public pages: they stay free of TanStack Query to keep their JavaScript small.
 * `key` changes re-run it; `reload()` runs it again (keeping what is shown until the answer comes).
 * `initial`: what the server rendered the page with; the first load is then skipped.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string, initial?: LoadState<T>) {
  const [state, setState] = useState<LoadState<T>>(initial ?? { status: "loading" });
  const [round, setRound] = useState(0);
  const skip = useRef(initial ? `${key}:0` : null);
  useEffect(() => {
    if (skip.current === `${key}:${round}`) return;
    skip.current = null;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: "success", data }),
      (error: unknown) => !controller.signal.aborted && setState({ status: "error", error }),
    );
    return () => controller.abort();
    // `load` is expected to change with `key` only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  return { state, reload: () => setRound((n) => n + 1), setState };
}
