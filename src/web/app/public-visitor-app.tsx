import { useT } from "@web/lib/language";
import { matchPublicVisitorPage } from "@common/public-paths";
import { Suspense, useCallback, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { PublicShell } from "@web/features/public";
import type { RegisterPage as RegisterPageType } from "@web/features/public/pages/register-page";
import type { SuccessPage as SuccessPageType } from "@web/features/public/pages/success-page";
import type { VerifyPage as VerifyPageType } from "@web/features/public/pages/verify-page";
import { LandingShell } from "@web/features/landing/components/landing-shell";
import type { ManagePage as ManagePageType } from "@web/features/public/pages/manage-page";
import type { WaitlistPage as WaitlistPageType } from "@web/features/public/pages/waitlist-page";
import type { PlacePage as PlacePageType } from "@web/features/public/pages/place-page";
import type { DisplayPage as DisplayPageType } from "@web/features/public/pages/display-page";

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
  place: ComponentType<Parameters<typeof PlacePageType>[0]>;
  display: ComponentType<Parameters<typeof DisplayPageType>[0]>;
}

export interface VisitorLocation {
  pathname: string;
  search: string;
}

const currentLocation = (): VisitorLocation => ({ pathname: window.location.pathname, search: window.location.search });

/**
 * The public visitor entry's whole router: docs/product.md §2's pages (the home page, the landing and the
 * visitor's three), issue 19's two (manage, waiting list) and issue 35's two (a person's place, the
 * venue's screen), matched by the same patterns the server uses to serve public.html. Each page loads
 * on its own; history is plain pushState. The home page and the landing speak to agencies, in the
 * staff app's wider frame; the venue's screen fills a TV, in no frame at all.
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
    place: PlacePage,
    display: DisplayPage,
  } = pages;
  const query = new URLSearchParams(location.search);
  const token = query.get("t") ?? "";
  // The walk-in poster's link (issue 35): the registration page in walk-in mode.
  const walkIn = query.get("walkin") || undefined;
  let page = null;
  if (match?.page === "home") page = <HomePage />;
  if (match?.page === "landing") page = <LandingPage />;
  if (match?.page === "register")
    page =
      match.slug !== undefined ? (
        <RegisterPage key={`slug:${match.slug}`} slug={match.slug} walkIn={walkIn} navigate={navigate} />
      ) : (
        <RegisterPage key={match.eventId} eventId={match.eventId} walkIn={walkIn} navigate={navigate} />
      );
  if (match?.page === "success") page = <SuccessPage search={location.search} />;
  if (match?.page === "verify") page = <VerifyPage key={match.token} token={match.token} />;
  if (match?.page === "manage") {
    // `c`: a callback invitation's link (issue 36).
    const callbackToken = query.get("c") ?? "";
    page = <ManagePage key={`${token}:${callbackToken}`} token={token} callbackToken={callbackToken} />;
  }
  if (match?.page === "waitlist") page = <WaitlistPage key={token} token={token} navigate={navigate} />;
  if (match?.page === "privacy") page = <PrivacyPage />;
  if (match?.page === "authentic") page = <AuthenticPage />;
  if (match?.page === "place") page = <PlacePage key={token} token={token} />;
  if (match?.page === "display")
    page = <DisplayPage key={match.eventId} eventId={match.eventId} displayKey={query.get("key") ?? ""} />;
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
  const Shell =
    match?.page === "home" || match?.page === "landing" ? LandingShell : match?.page === "display" ? ScreenFrame : PublicShell;
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

/** The venue's screen draws its whole page itself (its own main landmark, no header or footer). */
function ScreenFrame({ children }: { children: ReactNode }) {
  return children;
}
