import { parse, type Token } from "@messageformat/parser";
import { FUNNEL_STAGES } from "../schemas/insights";
import { describe, expect, it } from "vitest";
import { catalogue } from "./catalogue";
import { publicCatalogue } from "./catalogue.public";
import { LANGUAGES } from "./languages";
import type { NamespaceMessages } from "./index";
import { THIRD_PERSON_AT_START, tuteoIn } from "./tuteo.test-support";
import {
  CAMPAIGN_STATUSES,
  EVENT_STATUSES,
  EYE_COLORS,
  GUARDIAN_STATUSES,
  PROFILE_STATUSES,
  RECIPIENT_STATUSES,
  REGISTRATION_STAGES,
  REGISTRATION_STATUSES,
} from "../constants";
import { ROLES } from "../permissions";
import { PHOTO_KINDS, PHOTO_SETTINGS } from "../photos";
import { AUDIT_ACTIONS } from "../privacy/audit-actions";
import { FORM_SECTIONS, REGISTRANT_FIELD_NAMES } from "../registrant/fields";
import { RECIPIENT_FAILURE_REASONS } from "../schemas/campaigns";
import { MAIL_KINDS, OUTBOX_STATUSES } from "../schemas/mailbox";
import { TOKEN_CAPABILITIES } from "../schemas/tokens";
import { WEBHOOK_EVENTS, webhookDeliverySchema } from "../schemas/webhooks";

/** Every message of a language: id → ICU text. */
function messagesOf(namespaces: Record<string, NamespaceMessages>): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (prefix: string, node: NamespaceMessages) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "string") out.set(`${prefix}${key}`, value);
      else if (!Array.isArray(value)) walk(`${prefix}${key}.`, value);
    }
  };
  for (const [namespace, node] of Object.entries(namespaces)) walk(`${namespace}.`, node);
  return out;
}

/** The arguments a message interpolates ({name}, {count, plural, …}), at any depth. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") names.add(token.arg);
      if (token.type === "plural" || token.type === "select") {
        names.add(token.arg);
        for (const option of token.cases) walk(option.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const spanish = messagesOf(catalogue["es-AR"]);
const english = messagesOf(catalogue.en);

describe("the catalogue", () => {
  it("has every message in both languages, and nothing in one only", () => {
    expect([...english.keys()].filter((id) => !spanish.has(id))).toEqual([]);
    expect([...spanish.keys()].filter((id) => !english.has(id))).toEqual([]);
  });

  it("has no empty message", () => {
    for (const language of LANGUAGES) {
      const empty = [...messagesOf(catalogue[language])].filter(([, text]) => text.trim() === "").map(([id]) => id);
      expect(empty, language).toEqual([]);
    }
  });

  it("is valid ICU MessageFormat, with the same arguments in both languages", () => {
    for (const [id, text] of spanish) {
      expect(argumentsOf(english.get(id) ?? ""), id).toEqual(argumentsOf(text));
    }
  });

  it("gives the public entry the same namespaces as the whole catalogue", async () => {
    for (const language of LANGUAGES) {
      for (const [namespace, messages] of Object.entries(await publicCatalogue[language]())) {
        expect(messages).toBe(catalogue[language][namespace]);
      }
    }
  });
});

describe("the es-AR catalogue speaks voseo (issue 32)", () => {
  it("finds tú forms, and leaves the third person and voseo alone", () => {
    expect(tuteoIn("Selecciona un evento")).toEqual(["selecciona"]);
    expect(tuteoIn("¿Confirmas el envío de emails a 2 modelos?")).toEqual(["confirmas"]);
    expect(tuteoIn("Debes ser mayor de 16 años para registrarte.")).toEqual(["debes"]);
    expect(tuteoIn("Error al procesar el registro. Por favor, intenta nuevamente.")).toEqual(["intenta"]);
    expect(tuteoIn("{count, plural, one {Elige # foto} other {Elegí # fotos}}")).toEqual(["elige"]);
    expect(tuteoIn("Si no puedes venir, regístrate de nuevo.")).toEqual(["puedes", "regístrate"]);
    expect(tuteoIn("Después de la verificación, un administrador revisa tu perfil.")).toEqual([]);
    expect(tuteoIn("Cada una descarga su ficha. Solo el equipo las ve.")).toEqual([]);
    expect(tuteoIn("Seleccioná un evento. ¿Confirmás? Tenés que revisarlo; intentá de nuevo.")).toEqual([]);
    expect(tuteoIn("Por favor, intente nuevamente.")).toEqual([]);
  });

  it("has no tú form in any es-AR message", () => {
    const found = [...spanish]
      .map(([id, text]) => [id, tuteoIn(text, { thirdPersonAtStart: THIRD_PERSON_AT_START.has(id) })] as const)
      .filter(([, words]) => words.length > 0);
    expect(Object.fromEntries(found)).toEqual({});
  });
});

/**
 * The value lists people read by a label (stored ids and docs/product.md's Spanish options), each with the
 * catalogue path of its labels: every value has one in both languages (issue 32: English showed
 * Spanish eye colours and the mailbox its internal ids).
 */
const VALUE_LISTS: Array<[list: string, values: readonly string[], path: string]> = [
  ["eye colours", EYE_COLORS, "registrant.eyeColors"],
  ["registrant fields", REGISTRANT_FIELD_NAMES, "registrant.labels"],
  ["registrant fields (short)", REGISTRANT_FIELD_NAMES, "registrant.shortLabels"],
  ["form sections", FORM_SECTIONS, "registrant.sections"],
  ["mail kinds", MAIL_KINDS, "mailbox.kinds"],
  ["outbox statuses", OUTBOX_STATUSES, "mailbox.statuses"],
  ["registration statuses (staff)", REGISTRATION_STATUSES, "registrations.row.status"],
  ["registration statuses (manage page)", REGISTRATION_STATUSES, "public.manage.status"],
  ["stages", REGISTRATION_STAGES, "panel.stages"],
  ["campaign statuses", CAMPAIGN_STATUSES, "campaigns.campaignStatus"],
  ["recipient statuses", RECIPIENT_STATUSES, "campaigns.recipientStatus"],
  ["recipient failures", RECIPIENT_FAILURE_REASONS, "campaigns.recipientErrors"],
  ["guardian statuses", GUARDIAN_STATUSES, "privacy.guardian.statuses"],
  ["roles", ROLES, "dashboard.roles"],
  ["account statuses", PROFILE_STATUSES, "accounts.users.status"],
  ["event statuses", EVENT_STATUSES, "events.form.statusOptions"],
  ["photo kinds", PHOTO_KINDS, "public.photos.kinds"],
  ["photo settings", PHOTO_SETTINGS, "events.form.photosOptions"],
  ["audit actions", AUDIT_ACTIONS, "privacy.actions"],
  ["languages", LANGUAGES, "common.language.names"],
  ["funnel stages", FUNNEL_STAGES, "insights.funnel"],
  // A dot would nest the key: "events.read" is labelled at "events_read" (issue 37).
  ["token capabilities", TOKEN_CAPABILITIES.map((name) => name.replace(".", "_")), "integrations.capabilities"],
  ["webhook events", WEBHOOK_EVENTS.map((name) => name.replace(".", "_")), "integrations.webhooks.eventTypes"],
  ["webhook delivery statuses", webhookDeliverySchema.shape.status.options, "integrations.webhooks.deliveryStatus"],
];

describe("the value lists (issue 32)", () => {
  it.each(VALUE_LISTS)("labels every one of the %s in both languages", (_list, values, path) => {
    for (const [language, messages] of [["es-AR", spanish] as const, ["en", english] as const]) {
      const missing = values.filter((value) => !messages.get(`${path}.${value}`)?.trim());
      expect(missing, `${language}: ${path}`).toEqual([]);
    }
  });

  it("translates the eye colours into English, keeping docs/product.md's Spanish options in es-AR", () => {
    for (const colour of EYE_COLORS) expect(spanish.get(`registrant.eyeColors.${colour}`)).toBe(colour);
    const untranslated = EYE_COLORS.filter((colour) => english.get(`registrant.eyeColors.${colour}`) === colour);
    expect(untranslated).toEqual([]);
  });
});
