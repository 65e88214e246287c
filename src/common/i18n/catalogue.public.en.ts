/** The public entry's English namespaces: their own chunk, loaded on demand (catalogue.public.ts). */
import enCommon from "./en/common.json";
import enLanding from "./en/landing.json";
import enPrivacy from "./en/privacy.json";
import enPublic from "./en/public.json";
import enRegistrant from "./en/registrant.json";
import type { PublicNamespaces } from "./catalogue.public";

export const english: PublicNamespaces = {
  common: enCommon,
  landing: enLanding,
  privacy: enPrivacy,
  public: enPublic,
  registrant: enRegistrant,
};
