import { describe, expect, it } from "vitest";
import { fillPlaceholders, unknownPlaceholders, type PlaceholderValues } from "./campaign-placeholders";

const values: PlaceholderValues = {
  nombre: "Ana <Pérez>",
  codigo: "OC-1234",
  evento: "Casting & Co",
  fecha: "05/03/26",
  horario: "10:00 - 11:00",
};

describe("fillPlaceholders", () => {
  it("fills every placeholder, every time it appears", () => {
    expect(fillPlaceholders("Hola {nombre} ({codigo}) — {evento}, {fecha} {horario}. Chau {nombre}", values)).toBe(
      "Hola Ana <Pérez> (OC-1234) — Casting & Co, 05/03/26 10:00 - 11:00. Chau Ana <Pérez>",
    );
  });

  it("accepts any letter case and leaves unknown braces alone", () => {
    expect(fillPlaceholders("{NOMBRE} {Codigo} {apellido} {}", values)).toBe("Ana <Pérez> OC-1234 {apellido} {}");
  });

  it("passes values through the encoder, never the template", () => {
    const encode = (v: string) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    expect(fillPlaceholders("<b>{nombre}</b> en {evento}", values, encode)).toBe("<b>Ana &lt;Pérez&gt;</b> en Casting &amp; Co");
  });

  it("does not re-expand a value that itself looks like a placeholder", () => {
    expect(fillPlaceholders("{nombre}", { ...values, nombre: "{codigo}" })).toBe("{codigo}");
  });
});

describe("unknownPlaceholders", () => {
  it("names each placeholder that would be sent as written, once, in order", () => {
    expect(unknownPlaceholders("Hola {Nombre} de {Agencia}", "Te esperamos, {agencia}. {Agencia} y { nombre }")).toEqual([
      "{Agencia}",
      "{agencia}",
      "{ nombre }",
    ]);
  });

  it("leaves known placeholders in any case, CSS and empty braces alone", () => {
    expect(unknownPlaceholders("{NOMBRE} {codigo} {Evento} {fecha} {horario}", "<style>p { margin: 0 }</style> {} {1}")).toEqual(
      [],
    );
  });
});
