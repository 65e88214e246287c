import { STORAGE_KEYS } from "@common/constants";
import { useState } from "react";
import { readStorage, writeStorage } from "@web/lib/storage";

export const REGISTRATIONS_LAYOUTS = ["detailed", "compact"] as const;
export type RegistrationsLayout = (typeof REGISTRATIONS_LAYOUTS)[number];

const isLayout = (value: string | null): value is RegistrationsLayout => REGISTRATIONS_LAYOUTS.some((layout) => layout === value);

/**
 * The registrations list's layout, remembered on this device for each staff member (two people
 * sharing a computer keep their own); the detailed rows until someone chooses otherwise.
 */
export function useRegistrationsLayout(userId: string | undefined) {
  const key = userId ? `${STORAGE_KEYS.registrationsLayoutPrefix}${userId}` : null;
  // Storage is read while rendering so that the session arriving (or changing) shows that user's choice at once.
  const [chosen, setChosen] = useState<Record<string, RegistrationsLayout>>({});
  const stored = key ? readStorage(key) : null;
  const layout: RegistrationsLayout = (key && chosen[key]) || (isLayout(stored) ? stored : "detailed");
  const setLayout = (next: RegistrationsLayout) => {
    if (!key) return;
    writeStorage(key, next);
    setChosen((current) => ({ ...current, [key]: next }));
  };
  return [layout, setLayout] as const;
}

/**
 * The layout shown: the address's when it names one (a shared link, issue 32), else the staff
 * member's own; a choice goes to both.
 */
export function useShownLayout(
  userId: string | undefined,
  address: { layout: RegistrationsLayout | null; changeLayout: (layout: RegistrationsLayout) => void },
) {
  const [stored, store] = useRegistrationsLayout(userId);
  const setLayout = (next: RegistrationsLayout) => {
    store(next);
    address.changeLayout(next);
  };
  return [address.layout ?? stored, setLayout] as const;
}
