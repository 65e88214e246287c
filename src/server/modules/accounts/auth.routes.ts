import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app";

/** Mounts better-auth's own endpoints (sign-in, sign-up, sign-out, reset, two-factor) at /api/auth/*. */
export async function authRoutes(app: FastifyInstance, { auth, config }: AppContext): Promise<void> {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    config: { access: "public" },
    schema: { hide: true },
    handler: async (request, reply) => {
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined) continue;
        for (const item of [value].flat()) headers.append(key, item);
      }
      // better-auth sees the client's address for its per-IP limits.
      headers.set("x-forwarded-for", request.ip);
      const body = request.method === "POST" && request.body !== undefined ? JSON.stringify(request.body) : undefined;
      if (body !== undefined) headers.set("content-type", "application/json");
      const response = await auth.handler(
        new Request(new URL(request.url, config.publicUrl), { method: request.method, headers, body }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
