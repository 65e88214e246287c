/**
 * Hands a Fastify request to better-auth's fetch-style handler and its Response back to Fastify,
 * every failure in the API's error shape (better-auth answers some with `{code, message}`, an
 * unknown path with an empty 404).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { requestPath, targetUnder } from "../../http/request-target";
import { accountErrors, betterAuthErrorBody } from "./accounts.errors";
import type { Auth } from "./auth.config";

export function createAuthProxy(auth: Auth, publicUrl: string) {
  const forward = async (request: FastifyRequest): Promise<Response> => {
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const item of [value].flat()) headers.append(key, item);
    }
    // better-auth sees the client's address for its per-IP limits.
    headers.set("x-forwarded-for", request.ip);
    const body = request.method === "POST" && request.body !== undefined ? JSON.stringify(request.body) : undefined;
    if (body !== undefined) headers.set("content-type", "application/json");
    // Our own address, whatever host an absolute-form request line named.
    return auth.handler(new Request(targetUnder(publicUrl, request.url), { method: request.method, headers, body }));
  };

  /** Sends better-auth's answer, with `extraCookies` (Set-Cookie values of ours) besides its own. */
  const send = async (request: FastifyRequest, response: Response, reply: FastifyReply, extraCookies: string[] = []) => {
    const contentType = response.headers.get("content-type") ?? "";
    const isJson = contentType.includes("application/json");
    if (response.status === 404 && !isJson) {
      throw accountErrors.routeNotFound(request.method, requestPath(request.url));
    }
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== "set-cookie" && key !== "content-length" && key !== "content-type") reply.header(key, value);
    });
    const cookies = [...response.headers.getSetCookie(), ...extraCookies];
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    const raw = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
    if (response.status >= 400) {
      const retryAfter = Number(response.headers.get("x-retry-after") ?? 0);
      if (retryAfter > 0) reply.header("retry-after", String(retryAfter));
      const upstream = isJson && raw ? raw.toString("utf8") : "";
      return reply.type("application/json").send(betterAuthErrorBody(response.status, upstream, retryAfter));
    }
    if (!raw) return reply.send(null);
    return reply.type(contentType || "application/octet-stream").send(raw);
  };

  return { forward, send };
}
