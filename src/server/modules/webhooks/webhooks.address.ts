/**
 * Where a webhook may be sent (issue 37, SSRF): over https, or plain http to this machine outside
 * production; and in production never to a private, loopback, link-local or otherwise internal
 * address. The check runs on the address as written, on every address its name resolves to (the
 * connection itself looks the name up through `guardedLookup`, so a name that resolves elsewhere at
 * sending time is refused then), and again on every redirect.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import ipaddr from "ipaddr.js";

export type AddressRefusal = "https" | "private" | "unresolved" | "credentials";

export class AddressNotAllowed extends Error {
  constructor(readonly reason: AddressRefusal) {
    super(`webhook address refused: ${reason}`);
  }
}

/** Only ordinary public unicast addresses (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

const LOOPBACK_NAMES = new Set(["localhost", "localhost."]);

function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (LOOPBACK_NAMES.has(bare.toLowerCase())) return true;
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === "loopback";
}

/** The address as written: its scheme, its credentials and, for an IP literal, its range. */
export function checkUrl(url: URL, production: boolean): void {
  if (url.username || url.password) throw new AddressNotAllowed("credentials");
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback && !production)) {
    throw new AddressNotAllowed("https");
  }
  if (!production) return;
  const bare = url.hostname.replace(/^\[|\]$/g, "");
  if (loopback || (ipaddr.isValid(bare) && !isPublicAddress(bare))) throw new AddressNotAllowed("private");
}

/** Every address the name resolves to now; refused if any is internal (production only). */
export async function checkResolved(url: URL, production: boolean): Promise<void> {
  checkUrl(url, production);
  if (!production) return;
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(url.hostname.replace(/^\[|\]$/g, ""), { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
  ).catch(() => {
    throw new AddressNotAllowed("unresolved");
  });
  if (addresses.length === 0) throw new AddressNotAllowed("unresolved");
  if (addresses.some((found) => !isPublicAddress(found.address))) throw new AddressNotAllowed("private");
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http's request options: the connection goes only to addresses that passed
 * the check (in production), so a name cannot resolve to a public address when registered and to an
 * internal one when sent (DNS rebinding).
 */
export function guardedLookup(production: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, []);
      if (production && found.some((entry) => !isPublicAddress(entry.address))) {
        return callback(Object.assign(new AddressNotAllowed("private"), { code: "EADDRNOTALLOWED" }), []);
      }
      const all = (options as { all?: boolean }).all;
      if (all) return callback(null, found);
      const first = found[0]!;
      callback(null, first.address, first.family);
    });
  };
}
