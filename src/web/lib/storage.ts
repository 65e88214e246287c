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

/** On sign-out: everything the app stored goes, except the saved theme (SPEC.md §4) and language. */
export function clearStorageExceptTheme(): void {
  try {
    const keep = [STORAGE_KEYS.theme, STORAGE_KEYS.language].map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    for (const [key, value] of keep) if (value !== null) localStorage.setItem(key, value);
  } catch {
    // nothing stored
  }
}
