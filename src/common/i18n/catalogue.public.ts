/**
 * The namespaces the public visitor entry (public.html) speaks (`landing`: the home page and /landing). Spanish, the product's language,
 * is part of the entry; English is a separate chunk fetched only by an English reader (at start, or
 * on the switch), so a phone downloads one language (bench/public-bundle.bench.ts).
 */
import esCommon from "./es-AR/common.json";
import esLanding from "./es-AR/landing.json";
import esPrivacy from "./es-AR/privacy.json";
import esPublic from "./es-AR/public.json";
import esRegistrant from "./es-AR/registrant.json";
import type { NamespaceMessages } from "./index";
import type { Language } from "./languages";

export type PublicNamespaces = Record<string, NamespaceMessages>;

const spanish: PublicNamespaces = {
  common: esCommon,
  landing: esLanding,
  privacy: esPrivacy,
  public: esPublic,
  registrant: esRegistrant,
};

export const publicCatalogue: Record<Language, () => Promise<PublicNamespaces>> = {
  "es-AR": () => Promise.resolve(spanish),
  en: () => import("./catalogue.public.en").then((module) => module.english),
};
