import type { PublicPageState } from "@common/schemas/public-page";
import { createContext, useContext, useEffect, useState } from "react";

/**
 * The state the server rendered the page with (null when the page was not server-rendered: the Vite
 * dev server, component tests). Pages start from it instead of fetching what they already show.
 */
export const PageStateContext = createContext<PublicPageState | null>(null);

export function usePageState(): PublicPageState | null {
  return useContext(PageStateContext);
}

/**
 * False on the server and in the hydrating render, true once the client has taken over: what only
 * the browser knows (the saved theme) is drawn after hydration, never in the hydrated tree itself.
 * (An effect, not useSyncExternalStore's server snapshot: Preact's compat layer has none.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // Once, right after hydration: the one render that must differ from the server's comes second.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
