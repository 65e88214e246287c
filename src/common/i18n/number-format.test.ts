import { afterEach, expect, it, vi } from "vitest";
import { prepareNumberFormat, translator } from ".";

afterEach(() => vi.restoreAllMocks());

// The public pages build this formatter in a task of their own before hydrating (ADR 013): if a
// plural message built another one, hydration would pay for ICU's number data again.
it.each(["es-AR", "en"] as const)("prepares in %s the number formatter a plural message then uses", (language) => {
  prepareNumberFormat(language);
  const built = vi.spyOn(Intl, "NumberFormat");
  expect(translator(language)("public.register.spotsAvailable", { count: 3 })).toMatch(/^3 /);
  expect(built).not.toHaveBeenCalled();
});
