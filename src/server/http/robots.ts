import type { FastifyInstance } from "fastify";

/**
 * Crawlers may read the public pages (landing, events' registration forms), never the staff app, the
 * API, or a selection shared with a client (issue 36: its link is its key).
 */
export const ROBOTS_TXT = ["User-agent: *", "Allow: /", "Disallow: /dashboard", "Disallow: /api", "Disallow: /shared", ""].join(
  "\n",
);

/** /robots.txt as text, not the single-page app's HTML that every other unknown path gets. */
export function registerRobots(app: FastifyInstance): void {
  app.get("/robots.txt", { config: { access: "public" }, schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(ROBOTS_TXT),
  );
}
