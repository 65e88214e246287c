/**
 * The language the web app speaks: the person's saved choice (the public pages' switch, or a staff
 * member's account setting, kept here too so a reload does not flash another language first), else
 * their browser's. Components read texts with `useT()`, which re-renders them when the language
 * changes; the API sends the language with every request so the server answers in it.
 */
import { STORAGE_KEYS } from "@common/constants";
import { isLanguage, preferredLanguage, setLanguageSource, translator, type Language, type Translate } from "@common/i18n";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { readStorage, writeStorage } from "./storage";

interface LanguageContextValue {
  language: Language;
  /** Switches the app's language and remembers the choice on this device. */
  setLanguage: (language: Language) => void;
  t: Translate;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function initialLanguage(): Language {
  const saved = readStorage(STORAGE_KEYS.language);
  if (isLanguage(saved)) return saved;
  const browser =
    typeof navigator === "undefined" ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return preferredLanguage(browser);
}

// The language of `t()` outside components (API errors, form rules): the provider's, from the start.
let activeLanguage: Language = initialLanguage();
setLanguageSource(() => activeLanguage);

interface LanguageProviderProps {
  children: ReactNode;
  /** The language to start in (default: the saved choice, else the browser's). */
  initial?: Language;
  /**
   * Makes a language's texts available before the app switches to it (the public entry fetches
   * English on demand). When it fails, the app stays in its current language.
   */
  prepare?: (language: Language) => Promise<void>;
}

export function LanguageProvider({ children, initial, prepare }: LanguageProviderProps) {
  const [language, setLanguageState] = useState<Language>(() => {
    activeLanguage = initial ?? initialLanguage();
    return activeLanguage;
  });

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const setLanguage = useCallback(
    (next: Language) => {
      const apply = () => {
        activeLanguage = next;
        writeStorage(STORAGE_KEYS.language, next);
        setLanguageState(next);
      };
      if (!prepare) return apply();
      prepare(next).then(apply, () => undefined);
    },
    [prepare],
  );

  const value = useMemo(() => ({ language, setLanguage, t: translator(language) }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** Outside a provider (a component test rendering one component): the active language, fixed. */
const withoutProvider = (): LanguageContextValue => ({
  language: activeLanguage,
  setLanguage: (next) => {
    activeLanguage = next;
  },
  t: translator(activeLanguage),
});

export function useLanguage(): LanguageContextValue {
  return useContext(LanguageContext) ?? withoutProvider();
}

/** The texts of the current language: `const t = useT(); t("common.signIn")`. */
export function useT(): Translate {
  return useLanguage().t;
}
