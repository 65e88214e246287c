import type { SessionUser } from "@common/schemas/accounts";
import { useLanguage } from "@web/lib/language";
import { useEffect } from "react";

/**
 * The app follows the language saved in the account: when the session arrives with one other than
 * the language shown, the app switches to it and remembers it on this device, so that the next
 * load starts in it. An account without one (null) keeps the device's choice.
 */
export function useAccountLanguage(user: SessionUser | null | undefined): void {
  const { language, setLanguage } = useLanguage();
  const saved = user?.language ?? null;
  useEffect(() => {
    if (saved && saved !== language) setLanguage(saved);
  }, [saved, language, setLanguage]);
}
