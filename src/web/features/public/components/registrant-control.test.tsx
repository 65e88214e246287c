import { hasMessage, loadCatalogue } from "@common/i18n";
import { REGISTRANT_FIELD_NAMES, type RegistrantFieldName } from "@common/registrant/fields";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { RegistrantControl } from "./registrant-control";

function renderControl(name: RegistrantFieldName) {
  render(
    <LanguageProvider>
      <RegistrantControl name={name} value="" error={undefined} onChange={() => {}} />
    </LanguageProvider>,
  );
}

describe("a registrant field's hint", () => {
  it("is shown under each field the catalogue gives one, and describes its control", () => {
    const hinted = REGISTRANT_FIELD_NAMES.filter((name) => hasMessage("es-AR", `registrant.hints.${name}`));
    expect(hinted).toEqual(["phoneNumber", "instagramHandle"]);
    renderControl("phoneNumber");
    expect(screen.getByRole("textbox", { name: "Teléfono" })).toHaveAccessibleDescription("Solo números, con código de área.");
  });

  it("comes from the catalogue alone: a hint written there for any field is shown, no list to edit", () => {
    // As docs/adding-a-field.md says: a hint is a catalogue entry under `registrant.hints`.
    loadCatalogue("es-AR", {
      registrant: { hints: { location: "Donde vivís hoy.", eyeColor: "El color que se ve a la luz del día." } },
    });
    renderControl("location");
    expect(screen.getByRole("textbox", { name: "Ciudad / localidad" })).toHaveAccessibleDescription("Donde vivís hoy.");
  });

  it("describes a choice's control too", () => {
    loadCatalogue("es-AR", { registrant: { hints: { eyeColor: "El color que se ve a la luz del día." } } });
    renderControl("eyeColor");
    expect(screen.getByRole("combobox", { name: "Color de ojos" })).toHaveAccessibleDescription(
      "El color que se ve a la luz del día.",
    );
  });

  it("is left out where the catalogue has none", () => {
    renderControl("fullName");
    expect(screen.getByRole("textbox", { name: "Nombre completo" })).not.toHaveAttribute("aria-describedby");
  });
});
