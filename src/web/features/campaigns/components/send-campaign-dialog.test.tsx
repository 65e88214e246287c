import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SendCampaignDialog } from "./send-campaign-dialog";
import { mockApi, renderWithQuery } from "./test-utils";

const EVENT_ID = "0b5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a01";
const IDS = ["7d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10", "8e8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a11"];

function renderDialog(registrationIds = IDS) {
  const onSent = vi.fn();
  const onOpenChange = vi.fn();
  renderWithQuery(
    <SendCampaignDialog open onOpenChange={onOpenChange} eventId={EVENT_ID} registrationIds={registrationIds} onSent={onSent} />,
  );
  return { onSent, onOpenChange };
}

describe("SendCampaignDialog", () => {
  it("shows the default subject, the placeholder help, the recipient count and the advice", () => {
    renderDialog();
    expect(screen.getByRole("dialog", { name: "Enviar correo a modelos seleccionados" })).toBeInTheDocument();
    expect(screen.getByLabelText("Asunto")).toHaveValue("Información importante sobre tu registro");
    expect(screen.getByLabelText("Mensaje")).toHaveAccessibleDescription(
      "Podés usar {nombre}, {codigo}, {evento}, {fecha} y {horario}: se reemplazan con los datos de cada modelo.",
    );
    expect(screen.getByLabelText("El mensaje contiene HTML")).not.toBeChecked();
    expect(screen.getByText("Destinatarios: 2")).toBeInTheDocument();
    expect(screen.getByText("Recomendación: no envíes a más de 100 destinatarios por lote.")).toBeInTheDocument();
  });

  it("requires a subject and a message", async () => {
    const fetch = mockApi(() => undefined);
    renderDialog();
    await userEvent.clear(screen.getByLabelText("Asunto"));
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("El asunto es obligatorio.")).toBeInTheDocument();
    expect(screen.getByText("El mensaje es obligatorio.")).toBeInTheDocument();
    expect(screen.getByLabelText("Mensaje")).toHaveAttribute("aria-invalid", "true");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks for confirmation, sends the selection and hands the campaign to the screen", async () => {
    let sent: unknown;
    mockApi((url, init) => {
      if (url === "/api/campaigns" && init?.method === "POST") {
        sent = JSON.parse(String(init.body));
        return { status: 202, body: { campaignId: "c1", message: "2 correos en cola de envío" } };
      }
    });
    const { onSent, onOpenChange } = renderDialog();
    await userEvent.type(screen.getByLabelText("Mensaje"), "<p>Hola {{nombre}</p>");
    await userEvent.click(screen.getByLabelText("El mensaje contiene HTML"));
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));

    expect(await screen.findByText("¿Confirmás el envío de emails a 2 modelos?")).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await userEvent.click(screen.getByRole("button", { name: "Sí, enviar" }));

    await waitFor(() => expect(onSent).toHaveBeenCalledWith("c1"));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(sent).toEqual({
      subject: "Información importante sobre tu registro",
      content: "<p>Hola {nombre}</p>",
      isHtml: true,
      eventId: EVENT_ID,
      registrationIds: IDS,
    });
  });

  it("shows the failure with the server's reason and lets the user go back", async () => {
    mockApi(() => ({
      status: 400,
      body: { error: { code: "validation_failed", message: "Algunos registros seleccionados no pertenecen a este evento." } },
    }));
    const { onSent } = renderDialog();
    await userEvent.type(screen.getByLabelText("Mensaje"), "Hola");
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    await userEvent.click(await screen.findByRole("button", { name: "Sí, enviar" }));
    expect(
      await screen.findByText("Error al enviar emails: Algunos registros seleccionados no pertenecen a este evento."),
    ).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Volver" }));
    expect(screen.getByLabelText("Mensaje")).toHaveValue("Hola");
  });

  it("says 'Error desconocido' when the failure has no reason", async () => {
    mockApi(() => ({ status: 500, body: "not json shape" }));
    renderDialog(IDS.slice(0, 1));
    await userEvent.type(screen.getByLabelText("Mensaje"), "Hola");
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("¿Confirmás el envío de emails a 1 modelo?")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Sí, enviar" }));
    expect(await screen.findByText("Error al enviar emails: Error desconocido")).toBeInTheDocument();
  });
});
