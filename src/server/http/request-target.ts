/**
 * A request's path and query, whichever form its request line took: the origin form
 * (`POST /api/x?q HTTP/1.1`) or the absolute form (`POST http://host/api/x?q HTTP/1.1`, which
 * HTTP/1.1 servers must accept and Fastify routes like the first). `request.url` keeps the line's
 * form: a check on `request.url.startsWith("/api/")` alone misses the second.
 */
export function requestTarget(url: string): string {
  if (url.startsWith("/")) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** The path alone (no query) of a request's target, in either form. */
export function requestPath(url: string): string {
  return requestTarget(url).split("?")[0] ?? "/";
}

/** The request's target under our own address (never the host its request line names). */
export function targetUnder(publicUrl: string, url: string): URL {
  return new URL(`${publicUrl.replace(/\/+$/, "")}${requestTarget(url)}`);
}
