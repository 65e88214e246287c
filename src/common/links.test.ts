import { describe, expect, it } from "vitest";
import { linksIn } from "./links";

describe("linksIn", () => {
  it("finds each http(s) link of a text once, in order, and nothing else", () => {
    const text =
      "Confirmá tu correo:\nhttp://localhost:3000/verify/abc?x=1&y=2\n\nO copiá http://localhost:3000/verify/abc?x=1&y=2 " +
      "o visitá https://opencall.example/help. javascript:alert(1) mailto:a@b.c";
    expect(linksIn(text)).toEqual(["http://localhost:3000/verify/abc?x=1&y=2", "https://opencall.example/help"]);
    expect(linksIn("sin enlaces")).toEqual([]);
  });
});
