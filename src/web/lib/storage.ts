import { STORAGE_KEYS } from "@common/constants";

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the app works without persistence.
  }
}

/**
 * On sign-out: everything the app stored goes, except the saved theme (docs/product.md §4), the language,
 * each staff member's layout of the registrations list (a preference of that person's, keyed by
 * their id, that would otherwise be forgotten at every sign-out on a shared computer) and the room
 * a device calls the line from (the tablet stays in its room whoever signs in).
 */
export function clearStorageExceptTheme(): void {
  try {
    const kept = (key: string) =>
      key === STORAGE_KEYS.theme ||
      key === STORAGE_KEYS.language ||
      key === STORAGE_KEYS.roomName ||
      key.startsWith(STORAGE_KEYS.registrationsLayoutPrefix);
    const keep = Object.keys(localStorage)
      .filter(kept)
      .map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    for (const [key, value] of keep) if (value !== null) localStorage.setItem(key, value);
  } catch {
    // nothing stored
  }
}
