/**
 * The namespaces the public visitor entry (public.html) speaks, in both languages: only these reach
 * a phone's bundle (bench/public-bundle.bench.ts).
 */
import enCommon from "./en/common.json";
import enPublic from "./en/public.json";
import enRegistrant from "./en/registrant.json";
import esCommon from "./es-AR/common.json";
import esPublic from "./es-AR/public.json";
import esRegistrant from "./es-AR/registrant.json";
import type { NamespaceMessages } from "./index";
import type { Language } from "./languages";

export const publicCatalogue: Record<Language, Record<string, NamespaceMessages>> = {
  "es-AR": { common: esCommon, public: esPublic, registrant: esRegistrant },
  en: { common: enCommon, public: enPublic, registrant: enRegistrant },
};
