/**
 * The language of each request: the one the person's browser (or the web app, which sends the
 * language it shows) asks for in Accept-Language, es-AR when it names none of ours. It is kept in
 * the request's async context, so error messages and texts built anywhere during the request speak
 * it through `t()` (src/common/i18n).
 */
import { fastifyRequestContext, requestContext } from "@fastify/request-context";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { FastifyInstance, FastifyRequest } from "fastify";
import * as z from "zod";
import {
  acceptedTags,
  currentLanguage,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  loadCatalogue,
  preferredLanguage,
  setLanguageSource,
  type Language,
} from "@common/i18n";
import { catalogue } from "@common/i18n/catalogue";

declare module "@fastify/request-context" {
  interface RequestContextData {
    language: Language;
  }
}

export function languageOfRequest(request: Pick<FastifyRequest, "headers">): Language {
  return preferredLanguage(acceptedTags(request.headers["accept-language"]));
}

let catalogueLoaded = false;

/** Compiles the whole catalogue once per process, and points `t()` at the request's language. */
export function loadServerCatalogue(): void {
  if (catalogueLoaded) return;
  catalogueLoaded = true;
  for (const language of LANGUAGES) loadCatalogue(language, catalogue[language], compileMessage);
  setLanguageSource(() => requestContext.get("language") ?? DEFAULT_LANGUAGE);
  // zod's own messages (a field whose schema names no message) in the request's language too.
  const zodMessages = { "es-AR": z.locales.es(), en: z.locales.en() } satisfies Record<Language, unknown>;
  z.config({ localeError: (issue) => zodMessages[currentLanguage()].localeError(issue) });
}

export async function registerLanguage(app: FastifyInstance): Promise<void> {
  loadServerCatalogue();
  await app.register(fastifyRequestContext, {
    defaultStoreValues: (request) => ({ language: languageOfRequest(request) }),
  });
  app.addHook("onSend", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    reply.header("content-language", requestContext.get("language") ?? languageOfRequest(request));
    // A reply's texts depend on the asked language: a cache must keep one per language.
    const vary = reply.getHeader("vary");
    reply.header("vary", vary ? `${String(vary)}, Accept-Language` : "Accept-Language");
  });
}
