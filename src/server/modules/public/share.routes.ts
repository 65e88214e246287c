/**
 * The preview images of shared links (Open Graph / Twitter cards, docs/api.md): an active event's
 * card (named by the agency) and the product's, 1200×630 PNGs made on the server (share.card.ts) and
 * kept in memory (public.cache.ts).
 */
import { formatDateFor } from "@common/dates-language";
import { DEFAULT_LANGUAGE, isLanguage, translator, type Language } from "@common/i18n";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { publicErrors } from "./public.errors";
import { createShareRepository } from "./share.repository";
import { publicCaches } from "./public.cache";
import { eventCardSvg, productCardSvg, rasterise, touchIconSvg } from "./share.card";

/** `?lang=en` for the English card; the product's language otherwise. */
const cardQuery = z.object({ lang: z.string().max(10).optional() });
const languageOf = (lang: string | undefined): Language => (isLanguage(lang) ? lang : DEFAULT_LANGUAGE);

export async function shareRoutes(app: ZodApp, { db, agency }: AppContext): Promise<void> {
  const repo = createShareRepository(db);
  const cached = publicCaches(db).shareCard;

  app.get(
    "/og/events/:file",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        summary: "An active event's preview image (1200×630 PNG): GET /og/events/{eventId}.png",
        params: z.object({ file: z.string().max(80) }),
        querystring: cardQuery,
      },
    },
    async (request, reply) => {
      const eventId = request.params.file.endsWith(".png") ? request.params.file.slice(0, -4) : "";
      const event = eventId ? await repo.findActiveEventCard(eventId) : undefined;
      if (!event) throw publicErrors.eventNotFound();
      const language = languageOf(request.query.lang);
      const t = translator(language);
      // The agency's card (issue 32): named by it, drawn again when its name changes.
      const { name } = await agency.current();
      const key = `event:${event.id}:${event.updatedAt.toISOString()}:${language}:${name}`;
      const png = await cached(key, () =>
        rasterise(
          eventCardSvg({
            siteName: name,
            eyebrow: t("share.event.cardEyebrow"),
            eventName: event.eventName,
            date: formatDateFor(language, event.eventDate),
            place: event.location,
            cta: t("share.event.cardCta"),
          }),
        ),
      );
      // Crawlers fetch it once in a while; an edit of the event changes the page's image URL too.
      return reply.type("image/png").header("cache-control", "public, max-age=300").send(png);
    },
  );

  app.get(
    "/og/landing.png",
    {
      config: { access: "public" },
      schema: { tags: ["public"], summary: "The product's preview image (1200×630 PNG)", querystring: cardQuery },
    },
    async (request, reply) => {
      const language = languageOf(request.query.lang);
      const t = translator(language);
      const png = await cached(`landing:${language}`, () =>
        rasterise(
          productCardSvg({
            siteName: t("share.siteName"),
            title: t("share.landing.cardTitle"),
            body: t("share.landing.cardBody"),
          }),
        ),
      );
      return reply.type("image/png").header("cache-control", "public, max-age=86400").send(png);
    },
  );

  app.get(
    "/apple-touch-icon.png",
    { config: { access: "public" }, schema: { tags: ["public"], summary: "The home-screen icon (180×180 PNG)" } },
    async (_request, reply) => {
      const png = await cached("touch-icon", () => rasterise(touchIconSvg()));
      return reply.type("image/png").header("cache-control", "public, max-age=86400").send(png);
    },
  );
}
