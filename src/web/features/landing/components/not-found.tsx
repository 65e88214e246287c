import { useT } from "@web/lib/language";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";

/** The 404 content ('Página no encontrada' with a link back to the start), alone or inside a shell. */
export function NotFound({ className }: { className?: string }) {
  const t = useT();
  return (
    <section className={cn("flex flex-col items-center justify-center gap-4 px-4 text-center", className)}>
      <p className="rounded-full bg-primary/10 px-3 py-1 text-sm font-semibold text-primary">{t("common.notFound.code")}</p>
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t("common.notFound.title")}</h1>
      <p className="max-w-md text-pretty text-muted-foreground">{t("common.notFound.body")}</p>
      <Button asChild size="lg" className="mt-2">
        <Link to="/" reloadDocument>
          <ArrowLeft aria-hidden="true" />
          {t("common.notFound.back")}
        </Link>
      </Button>
    </section>
  );
}
