import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The guard behind "no user-visible string outside the catalogue" (docs/i18n.md): the project's
 * ESLint configuration refuses a literal a person would read in a component. `npm run lint` runs it
 * on every component; this shows it does fail on one.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function literalErrors(source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: "src/web/components/literal-probe.tsx" });
  return (result?.messages ?? []).filter((m) => m.ruleId === "i18next/no-literal-string").map((m) => m.message);
}

describe("the literal guard", () => {
  it("refuses text and read-out attributes written in a component", async () => {
    expect(await literalErrors(`export function Probe() { return <p>Hola</p>; }\n`)).toHaveLength(1);
    expect(await literalErrors(`export const Probe = () => <p>Inscribite hoy</p>;\n`)).toHaveLength(1);
    expect(await literalErrors(`export function Probe() { return <button aria-label="Cerrar" />; }\n`)).toHaveLength(1);
    expect(await literalErrors(`export function Probe() { return <input placeholder="Buscar" />; }\n`)).toHaveLength(1);
  });

  it("accepts texts from the catalogue, and code strings (ids, field names, separators)", async () => {
    const source = [
      `import { useT } from "@web/lib/language";`,
      `export function Probe() {`,
      `  const t = useT();`,
      `  return <p id="field-email" className="text-sm">{t("common.loading")} · {"—"}</p>;`,
      `}`,
      ``,
    ].join("\n");
    expect(await literalErrors(source)).toEqual([]);
  });
});
