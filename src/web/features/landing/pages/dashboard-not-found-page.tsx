import { NotFound } from "../components/not-found";

/** An unknown path under /dashboard: the 404 inside the dashboard shell. */
export function DashboardNotFoundPage() {
  return <NotFound className="min-h-[60dvh]" />;
}

export const Component = DashboardNotFoundPage;
