import { useT } from "@web/lib/language";
import { matchPublicVisitorPage } from "@common/public-paths";
import { Suspense, useCallback, useEffect, useState, type ComponentType } from "react";
import { PublicShell } from "@web/features/public";
import type { RegisterPage as RegisterPageType } from "@web/features/public/pages/register-page";
import type { SuccessPage as SuccessPageType } from "@web/features/public/pages/success-page";
import type { VerifyPage as VerifyPageType } from "@web/features/public/pages/verify-page";
import { LandingShell } from "@web/features/landing/components/landing-shell";
import type { ManagePage as ManagePageType } from "@web/features/public/pages/manage-page";
import type { WaitlistPage as WaitlistPageType } from "@web/features/public/pages/waitlist-page";

/**
 * The entry's pages: loaded lazily in the browser, each on its own (public-main.tsx), given as they
 * are by the server (entry-server.tsx).
 */
export interface PublicPages {
  home: ComponentType;
  landing: ComponentType;
  register: ComponentType<Parameters<typeof RegisterPageType>[0]>;
  success: ComponentType<Parameters<typeof SuccessPageType>[0]>;
  verify: ComponentType<Parameters<typeof VerifyPageType>[0]>;
  manage: ComponentType<Parameters<typeof ManagePageType>[0]>;
  waitlist: ComponentType<Parameters<typeof WaitlistPageType>[0]>;
  privacy: ComponentType;
  authentic: ComponentType;
}

export interface VisitorLocation {
  pathname: string;
  search: string;
}

const currentLocation = (): VisitorLocation => ({ pathname: window.location.pathname, search: window.location.search });

/**
 * The public visitor entry's whole router: docs/product.md §2's pages (the home page, the landing and the
 * visitor's three) and issue 19's two (manage, waiting list), matched by the same patterns the server
 * uses to serve public.html. Each page loads on its own; history is plain pushState. The home page and
 * the landing speak to agencies, in the staff app's wider frame.
 */
export function PublicVisitorApp({ pages, at }: { pages: PublicPages; at?: VisitorLocation }) {
  const t = useT();
  const [location, setLocation] = useState(at ?? currentLocation);
  useEffect(() => {
    const onPop = () => setLocation(currentLocation());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  const navigate = useCallback((path: string) => {
    window.history.pushState(null, "", path);
    window.scrollTo(0, 0);
    setLocation(currentLocation());
  }, []);

  const match = matchPublicVisitorPage(location.pathname);
  const {
    home: HomePage,
    landing: LandingPage,
    register: RegisterPage,
    success: SuccessPage,
    verify: VerifyPage,
    manage: ManagePage,
    waitlist: WaitlistPage,
    privacy: PrivacyPage,
    authentic: AuthenticPage,
  } = pages;
  const token = new URLSearchParams(location.search).get("t") ?? "";
  let page = null;
  if (match?.page === "home") page = <HomePage />;
  if (match?.page === "landing") page = <LandingPage />;
  if (match?.page === "register")
    page =
      match.slug !== undefined ? (
        <RegisterPage key={`slug:${match.slug}`} slug={match.slug} navigate={navigate} />
      ) : (
        <RegisterPage key={match.eventId} eventId={match.eventId} navigate={navigate} />
      );
  if (match?.page === "success") page = <SuccessPage search={location.search} />;
  if (match?.page === "verify") page = <VerifyPage key={match.token} token={match.token} />;
  if (match?.page === "manage") page = <ManagePage key={token} token={token} />;
  if (match?.page === "waitlist") page = <WaitlistPage key={token} token={token} navigate={navigate} />;
  if (match?.page === "privacy") page = <PrivacyPage />;
  if (match?.page === "authentic") page = <AuthenticPage />;
  if (!match) {
    // Only reachable if the server and this router disagree: say so, and offer the way back.
    page = (
      <div className="grid gap-3 py-10">
        <h1 className="text-2xl font-bold">{t("common.notFound.title")}</h1>
        <a href="/" className="text-primary underline underline-offset-4">
          {t("common.notFound.back")}
        </a>
      </div>
    );
  }
  const Shell = match?.page === "home" || match?.page === "landing" ? LandingShell : PublicShell;
  return (
    <Shell>
      <Suspense
        fallback={
          <p role="status" className="py-16 text-center text-muted-foreground">
            {t("common.loading")}
          </p>
        }
      >
        {page}
      </Suspense>
    </Shell>
  );
}
