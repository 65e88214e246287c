import { eventShortPath } from "@common/public-paths";
import { useSettings } from "@web/lib/settings";

/**
 * An event's short address as people receive it: `${PUBLIC_URL}/e/<slug>`, the origin the e-mails'
 * links use (the public settings), this page's until they are read.
 */
export function useEventLink(slug: string): string {
  const settings = useSettings();
  return `${settings.data?.publicUrl ?? window.location.origin}${eventShortPath(slug)}`;
}

/** The address as printed: without its scheme, what a person types. */
export const readableLink = (url: string) => url.replace(/^https?:\/\//, "");
