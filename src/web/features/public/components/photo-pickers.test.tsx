import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { emptyPhotos, PhotoPickers } from "./photo-pickers";

function renderPickers(errors = {}) {
  render(<PhotoPickers eventId="e1" setting="required" photos={emptyPhotos()} errors={errors} onChange={vi.fn()} />);
}

describe("the public form's photo pickers", () => {
  it("offers each photo twice: the camera (capture) and the gallery (no capture), each named", () => {
    renderPickers();
    for (const kind of ["Foto de frente", "Foto de perfil", "Foto de cuerpo entero"]) {
      const camera = screen.getByLabelText(`${kind}: sacar una foto con la cámara`);
      const gallery = screen.getByLabelText(`${kind}: elegir una foto de la galería`);
      expect(camera).toHaveAttribute("type", "file");
      expect(camera).toHaveAttribute("capture", "environment");
      expect(gallery).toHaveAttribute("type", "file");
      expect(gallery).not.toHaveAttribute("capture");
      for (const input of [camera, gallery]) expect(input.getAttribute("accept")).toMatch(/^image\/\*,image\/jpeg/);
    }
    // The visible words of the two buttons.
    expect(screen.getAllByText("Cámara")).toHaveLength(3);
    expect(screen.getAllByText("Galería")).toHaveLength(3);
  });

  it("reaches both controls with the keyboard, camera first, and the error summary's link lands on the camera", async () => {
    const user = userEvent.setup();
    renderPickers({ face: "Falta la foto de frente." });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText("Foto de frente: sacar una foto con la cámara"));
    expect(document.activeElement?.id).toBe("photo-face");
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText("Foto de frente: elegir una foto de la galería"));
    // Both tell the error and are marked invalid.
    for (const input of [
      screen.getByLabelText("Foto de frente: sacar una foto con la cámara"),
      screen.getByLabelText("Foto de frente: elegir una foto de la galería"),
    ]) {
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(input).toHaveAccessibleDescription("Falta la foto de frente.");
    }
  });
});
