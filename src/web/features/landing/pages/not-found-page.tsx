import { common } from "@common/texts/common";
import { Link } from "react-router";
import { Button } from "@web/components/ui/button";

export function NotFoundPage() {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">{common.notFound.title}</h1>
      <p className="text-muted-foreground">{common.notFound.body}</p>
      <Button asChild>
        <Link to="/">{common.notFound.back}</Link>
      </Button>
    </main>
  );
}

export const Component = NotFoundPage;
