import { common } from "@common/texts/common";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@web/components/ui/button";

export function HomePage() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
      <h1 className="text-balance text-4xl font-bold tracking-tight sm:text-5xl">{common.home.headline}</h1>
      <p className="text-pretty text-lg text-muted-foreground">{common.home.body}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/login">{common.signIn}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/landing">
            {common.home.moreInfo} <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}

export const Component = HomePage;
