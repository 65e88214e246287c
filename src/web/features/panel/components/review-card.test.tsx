import { translator } from "@common/i18n";
import {
  FORM_SECTIONS,
  REGISTRANT_FIELD_NAMES,
  fieldShortLabel,
  registrantFields,
  type FormSection,
} from "@common/registrant/fields";
import { formatFieldValue } from "@common/registrant/format";
import type { RegistrationPanel } from "@common/schemas/panel";
import { render, screen, within } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SignedInAs } from "@web/test/session";
import { registrationItem } from "./panel.test-support";
import { ReviewCard } from "./review-card";

const sectionTitle = (section: FormSection) => translator("es-AR")(`registrant.sections.${section}`);

const ID = "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a01";

beforeEach(() => {
  const panel: RegistrationPanel = {
    panel: { average: null, count: 0, spread: null, mine: null },
    myNote: null,
    notes: [],
    stageHistory: [],
  };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    if (String(input).endsWith(`/api/registrations/${ID}/panel`)) {
      return new Response(JSON.stringify(panel), { status: 200, headers: { "content-type": "application/json" } });
    }
    throw new Error(`unexpected request ${String(input)}`);
  });
});
afterEach(() => vi.restoreAllMocks());

function renderCard(registration = registrationItem(ID, "Ana Pérez")) {
  render(
    <SignedInAs role="admin">
      <ReviewCard
        registration={registration}
        noteRef={createRef()}
        onScore={() => {}}
        scoring={false}
        onStage={() => {}}
        staging={false}
      />
    </SignedInAs>,
  );
}

/** Each section the card shows: its title and its line of details. */
const shownSections = () =>
  screen.getAllByTestId("review-details").map((section) => ({
    title: within(section).getByRole("heading", { level: 3 }).textContent,
    line: section.querySelector("p")?.textContent ?? "",
  }));

describe("the fast review's card", () => {
  it("shows every field its definition marks for the card, with its short label and value, under its form section", () => {
    // Every field given, so none is left out for being blank.
    const registration = { ...registrationItem(ID, "Ana Pérez"), waist: 61, instagramHandle: "ana.perez" };
    renderCard(registration);
    const marked = REGISTRANT_FIELD_NAMES.filter((name) => registrantFields[name].onReviewCard);
    expect(marked.length).toBeGreaterThan(0);
    const expected = FORM_SECTIONS.map((section) => ({
      title: sectionTitle(section),
      line: marked
        .filter((name) => registrantFields[name].section === section)
        .map((name) => `${fieldShortLabel(name, "es-AR")}: ${formatFieldValue(name, registration[name], "es-AR")}`)
        .join(" · "),
    })).filter(({ line }) => line !== "");
    expect(shownSections()).toEqual(expected);
  });

  it("reads 'label: value' by section, and leaves out a blank value and the contacts", () => {
    renderCard(); // waist and Instagram not given
    expect(shownSections()).toEqual([
      { title: "Medidas", line: "Altura: 175 cm · Busto: 90 cm · Cadera: 95 cm" },
      { title: "Información adicional", line: "Color de ojos: Miel · Trabajo internacional: Sí" },
    ]);
    const card = screen.getByTestId("review-card");
    expect(card).not.toHaveTextContent("ana@example.com");
    expect(card).not.toHaveTextContent("1155554444");
    expect(card).not.toHaveTextContent("Cintura");
  });
});
