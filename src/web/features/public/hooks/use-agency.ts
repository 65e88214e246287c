import type { Agency } from "@common/schemas/agency";
import { useEffect, useState } from "react";
import { api } from "@web/lib/api";
import { usePageState } from "../page-state";

/**
 * The agency whose pages these are (issue 32): the server rendered the page with it, else (the Vite
 * dev server, component tests) it is fetched.
 */
export function useAgency(): Agency | null {
  const rendered = usePageState();
  const [agency, setAgency] = useState<Agency | null>(rendered?.agency ?? null);
  useEffect(() => {
    if (rendered) return; // the server rendered the page with it
    const controller = new AbortController();
    api<Agency>("/api/public/agency", { signal: controller.signal }).then(
      (found) => setAgency(found),
      () => undefined, // the page simply goes without it
    );
    return () => controller.abort();
  }, [rendered]);
  return agency;
}

/** The footer's contact address: the agency's. */
export function useContactEmail(): string | null {
  const rendered = usePageState();
  const agency = useAgency();
  return agency?.contactEmail ?? rendered?.contactEmail ?? null;
}
