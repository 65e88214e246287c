/**
 * A value as a configuration error may show it: a URL's user and password (DATABASE_URL, SMTP_URL,
 * STORAGE_URL…) replaced by `***`. The value is wrong, so it may not parse as a URL: everything
 * after `//` (or from the start, without one) up to the last `@` goes, even a password holding
 * `/`, `@` or `?`.
 */
export function withoutCredentials(value: string): string {
  const at = value.lastIndexOf("@");
  if (at < 0) return value;
  const slashes = value.indexOf("//");
  const kept = slashes >= 0 && slashes < at ? value.slice(0, slashes + 2) : "";
  return `${kept}***${value.slice(at)}`;
}

/**
 * How a configuration error shows a variable's wrong value: secrets, passwords and keys not at all, a
 * URL-valued variable (…_URL, …ENDPOINT…) without its user and password, anything else as it is.
 */
export function shownValue(name: string, value: string): string {
  if (name.includes("PASSWORD") || name.includes("SECRET") || name.endsWith("PRIVATE_KEY")) return "";
  return ` (got "${/URL|ENDPOINT/.test(name) ? withoutCredentials(value) : value}")`;
}
