import { describe, expect, it } from "vitest";
import { translator } from "../i18n";
import { auditDetailLines } from "./audit-details";

const es = translator("es-AR");
const en = translator("en");

describe("auditDetailLines", () => {
  it("reads each recorded detail in the catalogue's words, never as JSON nor an id", () => {
    expect(auditDetailLines({ fields: ["fullName", "phoneNumber", "timeslotId", "liked"] }, es)).toEqual([
      "Campos: Nombre completo, Teléfono, Horario, Seleccionada",
    ]);
    expect(auditDetailLines({ from: "new", to: "shortlisted" }, es)).toEqual(["Nuevo → Preseleccionado"]);
    expect(auditDetailLines({ from: "member", to: "admin" }, en)).toEqual(["member → admin"]);
    expect(auditDetailLines({ to: "admin", invited: true }, es)).toEqual(["Ahora: admin", "Por invitación"]);
    expect(auditDetailLines({ kind: "face", size: "thumb" }, es)).toEqual(["Foto de frente", "Miniatura"]);
    expect(auditDetailLines({ kind: "profile" }, en)).toEqual(["Profile photo"]);
    expect(
      auditDetailLines(
        {
          filters: {
            eventId: "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a01",
            liked: true,
            attended: false,
            rating: 4,
            stage: "callback",
          },
          search: true,
          ids: 0,
        },
        es,
      ),
    ).toEqual(["Filtros: Seleccionadas, Asistieron: no, Calificación: 4, Etapa: Callback", "Con búsqueda"]);
    expect(auditDetailLines({ filters: { eventId: "x" }, search: false, ids: 3 }, en)).toEqual([
      "No filters",
      "3 registrations chosen",
    ]);
    expect(auditDetailLines({ registrationIds: ["a", "b"] }, es)).toEqual(["2 inscripciones"]);
    expect(auditDetailLines({ entryId: "e", timeslotId: "s", status: "offered" }, es)).toEqual(["Tenía un lugar ofrecido"]);
    expect(auditDetailLines({ campaignId: "c", recipients: 12, stage: null }, en)).toEqual(["12 recipients"]);
    expect(auditDetailLines({ retentionMonths: 12, outboxRetentionDays: 90 }, es)).toEqual([
      "12 meses después del evento",
      "E-mails enviados: 90 días",
    ]);
    expect(auditDetailLines({ by: "registrant" }, es)).toEqual(["A pedido de la persona"]);
    expect(auditDetailLines({ keep: true }, en)).toEqual(["Kept beyond retention"]);
    expect(auditDetailLines({ tagIds: ["t"] }, es)).toEqual(["1 etiqueta"]);
    expect(auditDetailLines({}, es)).toEqual([]);
    expect(auditDetailLines({ reason: "Vino con su madre" }, es)).toEqual(["Motivo: Vino con su madre"]);
    expect(auditDetailLines({ reason: "Came with her mother" }, en)).toEqual(["Reason: Came with her mother"]);
  });

  it("reads a detail it does not know as name and value", () => {
    expect(auditDetailLines({ note: "Vino con su madre", overridden: true, codes: ["a", "b"] }, es)).toEqual([
      "note: Vino con su madre",
      "overridden: Sí",
      "codes: a, b",
    ]);
  });
});
