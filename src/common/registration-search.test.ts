import { describe, expect, it } from "vitest";
import { registrationCodeIn, registrationSearchTerms } from "./registration-search";

describe("registrationSearchTerms", () => {
  it("reads a registration code with or without the dash or the OC, in any case", () => {
    for (const typed of [
      "OC-3DHEMC",
      "oc-3dhemc",
      "OC3DHEMC",
      "oc3dhemc",
      "3dhemc",
      "3DHEMC",
      " oc 3dhemc ",
      "OC–3DHEMC",
      "oc - 3dh emc",
    ]) {
      expect(registrationSearchTerms(typed).code, typed).toBe("OC-3DHEMC");
    }
  });

  it("looks for the text itself, trimmed and lower-cased, inside names and e-mails", () => {
    expect(registrationSearchTerms("  María PEÑA ")).toEqual({ code: null, text: "maría peña" });
    expect(registrationSearchTerms("Vale@Example.com")).toEqual({ code: null, text: "vale@example.com" });
    // A code is also searched as text (a name could hold those letters): either matches.
    expect(registrationSearchTerms("OC-3DHEMC").text).toBe("oc-3dhemc");
  });

  it("sees no code in what cannot be one", () => {
    for (const typed of ["", " - ", "ana@x.co", "peña12", "ramírez", "3dh.emc", "vale_f", "100%"]) {
      expect(registrationCodeIn(typed), typed).toBeNull();
    }
  });
});
