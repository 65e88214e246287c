/**
 * Lists of addresses and CIDR ranges from the configuration (TRUST_PROXY, METRICS_ALLOW):
 * "127.0.0.1, 10.0.0.0/8, ::1". Parsed once at start; a wrong entry stops the start.
 */
import { BlockList, isIP } from "node:net";

/** The entries of a comma-separated list, each checked; throws naming the first wrong one. */
export function parseAddressList(value: string): string[] {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = "", prefix, extra] = entry.split("/");
    const family = isIP(address);
    const bits = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || extra !== undefined) throw new Error(`"${entry}" is not an address or a CIDR range`);
  }
  return entries;
}

/** IPv4 clients of a dual-stack socket arrive as ::ffff:a.b.c.d. */
function plain(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** A matcher for a parsed list: true when `address` is one of its addresses or in one of its ranges. */
export function addressMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    const bare = plain(address);
    const family = isIP(bare);
    return family !== 0 && list.check(bare, family === 6 ? "ipv6" : "ipv4");
  };
}
