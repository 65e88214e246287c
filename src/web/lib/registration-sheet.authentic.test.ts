import { describe, expect, it } from "vitest";
import { buildRegistrationSheet } from "./registration-sheet";
import { sheetData } from "./registration-sheet.test-support";

const agency = { name: "Estudio Sur Modelos", contactEmail: "casting@estudiosur.test" };

// Issue 39: the sheet says where to check that it is the agency's, and that the agency never charges.
describe("the PDF sheet points to /authentic", () => {
  it("carries the registration code and the line naming PUBLIC_URL's /authentic, in the reader's language", async () => {
    const data = { ...sheetData, checkInUrl: "https://casting.estudiosur.test/check-in?t=abc" };
    const spanish = (await buildRegistrationSheet(data, "es-AR", new Date(), undefined, agency)).output();
    expect(spanish).toContain(sheetData.registrationCode);
    expect(spanish).toContain(
      "(Verificá en casting.estudiosur.test/authentic que esta ficha es nuestra. Estudio Sur Modelos nunca cobra.)",
    );
    const english = (await buildRegistrationSheet(data, "en", new Date(), undefined, agency)).output();
    expect(english).toContain(
      "(Check at casting.estudiosur.test/authentic that this sheet is ours. Estudio Sur Modelos never charges.)",
    );
  });

  it("names the page's own host when the sheet has no check-in link", async () => {
    const pdf = (
      await buildRegistrationSheet({ ...sheetData, checkInUrl: undefined }, "es-AR", new Date(), undefined, agency)
    ).output();
    expect(pdf).toContain(`Verificá en ${window.location.host}/authentic`);
  });
});
