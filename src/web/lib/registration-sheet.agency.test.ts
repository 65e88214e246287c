import { afterEach, describe, expect, it, vi } from "vitest";
import { buildRegistrationSheet, sheetToDownload } from "./registration-sheet";
import { sheetData } from "./registration-sheet.test-support";

const agency = { name: "Estudio Sur Modelos", contactEmail: "casting@estudiosur.test" };

afterEach(() => vi.restoreAllMocks());

// Issue 32: the sheet a registrant prints and staff file said "OpenCall", never whose casting it was.
describe("the PDF sheet names the agency", () => {
  it("heads the sheet with the agency's name and signs it with its name and contact address", async () => {
    const doc = await buildRegistrationSheet(sheetData, "es-AR", new Date("2031-04-01T15:00:00Z"), undefined, agency);
    const pdf = doc.output();
    expect(pdf).toContain("(Estudio Sur Modelos)");
    expect(pdf).toContain("(Estudio Sur Modelos · casting@estudiosur.test)");
    expect(pdf).toContain("/Creator (Estudio Sur Modelos)");
    expect(pdf).not.toContain("(OpenCall)");
  });

  it("asks the server for the agency when the sheet is downloaded", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(JSON.stringify({ ...agency, website: null, logoUrl: null }), { status: 200 }));
    const doc = await sheetToDownload(sheetData, "es-AR", new Date());
    expect(fetch.mock.calls[0]![0]).toBe("/api/public/agency");
    expect(doc.output()).toContain("(Estudio Sur Modelos · casting@estudiosur.test)");
  });
});
