import { CAPABILITY_NAMES, type Capability } from "@common/permissions";
import type { Translate } from "@common/i18n";

/** "registrations.read" → "registrations_read": a dot would nest the catalogue's key. */
type KeyOf<Name extends string> = Name extends `${infer Area}.${infer Action}` ? `${Area}_${Action}` : Name;

/**
 * A capability in the reader's language (`integrations.capabilities.*`; CAPABILITIES' summaries are
 * English only). The key's type makes tsc refuse a capability without a label; a name this build
 * does not know (a newer server's) shows as it is.
 */
export function capabilityLabel(t: Translate, name: string): string {
  if (!(CAPABILITY_NAMES as string[]).includes(name)) return name;
  const key = name.replace(".", "_") as KeyOf<Capability>;
  return t(`integrations.capabilities.${key}`);
}
