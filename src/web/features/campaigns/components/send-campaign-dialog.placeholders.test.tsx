/**
 * Issue 32: a mistyped placeholder (`{Agencia}`) is named while the message is written and again
 * before sending, and is sent as written only once the user confirms it; a campaign kept in the
 * mailbox (no SMTP) is announced as such, never as "enviados correctamente".
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { SendCampaignDialog } from "./send-campaign-dialog";
import { mockApi, renderWithQuery } from "./test-utils";

const EVENT_ID = "0b5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a01";
const IDS = ["7d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10", "8e8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a11"];

function renderDialog() {
  const onSent = vi.fn();
  renderWithQuery(
    <>
      <SendCampaignDialog open onOpenChange={() => {}} eventId={EVENT_ID} registrationIds={IDS} onSent={onSent} />
      <Toaster />
    </>,
  );
  return { onSent };
}

const MAILBOX_REPLY = {
  campaignId: "c1",
  recipientCount: 2,
  delivery: "mailbox",
  message: "2 correos quedan en el buzón, sin SMTP: no se envían a nadie hasta que se configure un servidor SMTP (SMTP_URL).",
};

describe("SendCampaignDialog and unknown placeholders", () => {
  it("names each unknown placeholder as it is typed, and says nothing of the known ones", async () => {
    mockApi(() => undefined);
    renderDialog();
    const warning = screen.getByTestId("unknown-placeholders");
    await userEvent.type(screen.getByLabelText("Mensaje"), "Hola {{Nombre}, {{codigo}");
    expect(warning).toBeEmptyDOMElement();
    await userEvent.type(screen.getByLabelText("Mensaje"), " — te escribe {{Agencia}");
    expect(warning).toHaveTextContent(
      "Este marcador no existe y se enviaría tal cual: {Agencia}. Los disponibles son {nombre}, {codigo}, {evento}, {fecha}, {horario}.",
    );
    await userEvent.type(screen.getByLabelText("Asunto"), " de {{ciudad}");
    expect(warning).toHaveTextContent("Estos marcadores no existen y se enviarían tal cual: {ciudad}, {Agencia}.");
  });

  it("warns again before sending and sends them as written only with 'Enviar igual'", async () => {
    let sent: Record<string, unknown> | undefined;
    mockApi((url, init) => {
      if (url === "/api/campaigns" && init?.method === "POST") {
        sent = JSON.parse(String(init.body));
        return { status: 202, body: { ...MAILBOX_REPLY, delivery: "smtp", message: "2 correos en cola de envío" } };
      }
    });
    const { onSent } = renderDialog();
    await userEvent.type(screen.getByLabelText("Mensaje"), "Hola {{nombre}, te escribe {{Agencia}");
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));

    const confirm = await screen.findByRole("alert");
    expect(confirm).toHaveTextContent("¿Confirmás el envío de emails a 2 modelos?");
    expect(confirm).toHaveTextContent("Revisá los marcadores: {Agencia} va a llegar tal cual a cada modelo.");
    expect(screen.queryByRole("button", { name: "Sí, enviar" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Enviar igual" }));

    await waitFor(() => expect(onSent).toHaveBeenCalledWith("c1"));
    expect(sent).toMatchObject({ content: "Hola {nombre}, te escribe {Agencia}", allowUnknownPlaceholders: true });
  });

  it("sends a message whose placeholders all exist without the confirmation flag, and says it stays in the mailbox", async () => {
    let sent: Record<string, unknown> | undefined;
    mockApi((url, init) => {
      if (url === "/api/campaigns" && init?.method === "POST") {
        sent = JSON.parse(String(init.body));
        return { status: 202, body: MAILBOX_REPLY };
      }
    });
    renderDialog();
    await userEvent.type(screen.getByLabelText("Mensaje"), "Hola {{nombre}");
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    await userEvent.click(await screen.findByRole("button", { name: "Sí, enviar" }));

    const toast = await screen.findByText(/en el buzón, sin SMTP/);
    expect(toast).toHaveTextContent(`Campaña en marcha: ${MAILBOX_REPLY.message}`);
    expect(within(document.body).queryByText(/enviados correctamente/)).not.toBeInTheDocument();
    expect(sent).not.toHaveProperty("allowUnknownPlaceholders");
  });
});
