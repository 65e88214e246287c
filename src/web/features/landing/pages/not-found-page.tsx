import { SiteHeader } from "@web/features/public";
import { NotFound } from "../components/not-found";

/** Any path outside the route table. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader frame="wide" />
      <main id="main" className="flex flex-1 items-center justify-center pb-16">
        <NotFound />
      </main>
    </div>
  );
}

export const Component = NotFoundPage;
