/**
 * Tuteo in es-AR texts (issue 32): OpenCall speaks Argentine voseo ("Seleccioná", "¿Confirmás…?",
 * "Tenés que…"), so a tú form is a mistake. catalogue.test.ts runs every es-AR message through
 * `tuteoIn`.
 *
 * Two kinds of words:
 * - ALWAYS: forms only tú uses, wherever they stand: the present (-as/-es without the accent voseo
 *   puts on the last syllable: "confirmas" / "confirmás", "debes" / "debés"), the irregular
 *   imperatives ("haz" / "hacé", "pon" / "poné"), the imperatives with a pronoun attached, whose
 *   stress mark voseo drops ("regístrate" / "registrate", "fíjate" / "fijate"), and the pronouns
 *   ("tú", "ti", "contigo": voseo says "vos").
 * - AT_SENTENCE_START: a regular tú imperative is spelt like the third person of the present
 *   ("selecciona": "select!" or "she selects"), which our texts use ("un administrador revisa tu
 *   perfil", "Cada una descarga su ficha", "Solo el equipo las ve"). At the start of a sentence
 *   (the message's, after . ! ? : ; ¿ ¡, or after "Por favor") with no subject before it, it is the
 *   imperative: "Selecciona un evento", "Por favor, intenta nuevamente".
 *
 * Not flagged: forms tú and vos share ("estás", "olvidaste", "te", "tu"), the usted forms that docs/product.md
 * quotes for staff ("Por favor, intente nuevamente", "¿Está seguro…?"), and the negative imperative
 * ("no envíes", "no hagas": the subjunctive Argentines use with vos too).
 */

/** Space-separated words, as a set. */
const words = (...lines: string[]) => new Set(lines.join(" ").split(/\s+/).filter(Boolean));

const ALWAYS = words(
  // present indicative, tú
  "confirmas seleccionas debes puedes tienes quieres sabes eres vienes haces dices necesitas ",
  "buscas eliges escribes recibes ingresas cambias intentas usas verificas subes recuerdas ",
  "prefieres vuelves sigues entiendes aceptas cancelas autorizas publicas organizas pierdes ",
  "inicias registras revisas",
  // irregular imperatives, tú
  "haz pon ten",
  // imperatives with a pronoun attached, tú (voseo: registrate, asegurate, fijate…)
  "regístrate asegúrate inscríbete anótate fíjate contáctanos escríbenos comunícate acércate ",
  "olvídate cámbiala actívala guárdalos súbela súbelas acéptalo recházalo elígelo escríbeles ",
  "descárgala revísalo confírmalo pruébalo guárdalo muéstralo ingrésalo complétalo avísanos ",
  "llámanos",
  // pronouns
  "tú ti contigo",
);

const AT_SENTENCE_START = words(
  "selecciona ingresa elige revisa intenta reintenta verifica descarga completa escribe usa ",
  "prueba vuelve espera aguarda sube toca guarda mira cierra abre busca agrega cambia elimina ",
  "borra copia envía recuerda confirma acepta rechaza cancela inicia presiona pulsa contacta ",
  "presenta muestra ven sigue lee pide continúa marca actualiza crea edita descarta exporta ",
  "comparte ignora evalúa califica filtra activa desactiva anota registra aprueba corrige carga ",
  "define escanea publica ve sal di",
);

/**
 * Messages whose sentence-start verb is the third person (each checked by hand; the English text
 * says the same): `registrations.downloadAllHint` describes the button, "Descarga todos los
 * registros…", as English does, "Downloads every registration…".
 */
export const THIRD_PERSON_AT_START = new Set(["registrations.downloadAllHint"]);

/**
 * Where a sentence starts: the message's start, after . ! ? : ; ¿ ¡ or a line break (and spaces),
 * at the start of an ICU branch (`one {…}`), after "Por favor".
 */
const SENTENCE_START = /(?:^|[.!?:;¿¡\n{]\s*|\bpor favor,?\s+)$/iu;

/** The tú forms in a message, lower-cased, in order. */
export function tuteoIn(message: string, { thirdPersonAtStart = false } = {}): string[] {
  const found: string[] = [];
  for (const match of message.matchAll(/\p{L}+/gu)) {
    const word = match[0].toLowerCase();
    if (ALWAYS.has(word)) found.push(word);
    else if (!thirdPersonAtStart && AT_SENTENCE_START.has(word) && SENTENCE_START.test(message.slice(0, match.index))) {
      found.push(word);
    }
  }
  return found;
}
