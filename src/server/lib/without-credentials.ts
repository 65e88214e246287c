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
