/**
 * Where a webhook may be sent (issue 37, SSRF): over https, or plain http to this machine outside
 * production; and in production never to a private, loopback, link-local or otherwise internal
 * address, unless its host is one the configuration allows (WEBHOOK_ALLOWED_HOSTS: an agency's own
 * system on its network). The check runs on the address as written, on every address its name
 * resolves to (the connection itself looks the name up through `guardedLookup`, so a name that
 * resolves elsewhere at sending time is refused then: DNS rebinding), and again on every redirect.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import ipaddr from "ipaddr.js";
import type { Config } from "../../config";

export type AddressRefusal = "https" | "private" | "unresolved" | "credentials";

export class AddressNotAllowed extends Error {
  constructor(readonly reason: AddressRefusal) {
    super(`webhook address refused: ${reason}`);
  }
}

export interface AddressPolicy {
  production: boolean;
  /** `host` or `host:port` (lower case) reachable although internal. */
  allowedHosts: readonly string[];
}

export const policyOf = (config: Pick<Config, "isProduction" | "webhookAllowedHosts">): AddressPolicy => ({
  production: config.isProduction,
  allowedHosts: config.webhookAllowedHosts,
});

/** Only ordinary public unicast addresses (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "");

function isLoopbackHost(hostname: string): boolean {
  const host = bare(hostname).toLowerCase();
  if (host === "localhost" || host === "localhost.") return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === "loopback";
}

const isAllowedHost = (url: URL, policy: AddressPolicy) =>
  policy.allowedHosts.includes(url.host.toLowerCase()) || policy.allowedHosts.includes(url.hostname.toLowerCase());

/** The address as written: its scheme, its credentials and, for an IP literal, its range. */
export function checkUrl(url: URL, policy: AddressPolicy): void {
  if (url.username || url.password) throw new AddressNotAllowed("credentials");
  const allowed = isAllowedHost(url, policy);
  const loopback = isLoopbackHost(url.hostname);
  const plainHttpOk = allowed || (loopback && !policy.production);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && plainHttpOk)) throw new AddressNotAllowed("https");
  if (!policy.production || allowed) return;
  const host = bare(url.hostname);
  if (loopback || (ipaddr.isValid(host) && !isPublicAddress(host))) throw new AddressNotAllowed("private");
}

/** Every address the name resolves to now; refused if any is internal (production only). */
export async function checkResolved(url: URL, policy: AddressPolicy): Promise<void> {
  checkUrl(url, policy);
  if (!policy.production || isAllowedHost(url, policy)) return;
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(bare(url.hostname), { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
  ).catch(() => {
    throw new AddressNotAllowed("unresolved");
  });
  if (addresses.length === 0) throw new AddressNotAllowed("unresolved");
  if (addresses.some((found) => !isPublicAddress(found.address))) throw new AddressNotAllowed("private");
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http's request options for `url`: the connection goes only to addresses that
 * passed the check (in production), so a name cannot resolve to a public address when registered
 * and to an internal one when sent. (An IP literal is never looked up: checkUrl judged it.)
 */
export function guardedLookup(url: URL, policy: AddressPolicy) {
  const guarded = policy.production && !isAllowedHost(url, policy);
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, []);
      if (guarded && found.some((entry) => !isPublicAddress(entry.address))) {
        return callback(Object.assign(new AddressNotAllowed("private"), { code: "EADDRNOTALLOWED" }), []);
      }
      if ((options as { all?: boolean }).all) return callback(null, found);
      const first = found[0]!;
      callback(null, first.address, first.family);
    });
  };
}
