import type { RegistrationPhotoRef } from "@common/photos";
import type { RegistrationDetail } from "@common/schemas/registrations";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "sonner";
import { useRegistration } from "../api/get-registration";
import { RegistrationPhotosEditor } from "./registration-photos-editor";

const id = "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a01";
const face = { kind: "face", id: "11111111-1111-4111-8111-111111111111" } as const;
const profile = { kind: "profile", id: "22222222-2222-4222-8222-222222222222" } as const;
const newFaceId = "44444444-4444-4444-8444-444444444444";

/** The edit page's use of the editor: the registration read, its photos given to the editor. */
function EditorOfRegistration() {
  const registration = useRegistration(id);
  return registration.data ? <RegistrationPhotosEditor registrationId={id} photos={registration.data.photos ?? []} /> : null;
}

interface Call {
  method: string;
  path: string;
  body: BodyInit | null | undefined;
}

/** A server holding the registration's photos: GET the registration, PUT and DELETE its photos. */
function fakeServer(initial: RegistrationPhotoRef[], refuse?: { status: number; code: string; message: string }) {
  let photos = [...initial];
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const path = new URL(String(input), "http://localhost").pathname;
    const method = init?.method ?? "GET";
    calls.push({ method, path, body: init?.body });
    const json = (status: number, body?: unknown) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    if (method === "GET" && path === `/api/registrations/${id}`) return json(200, { id, photos } as Partial<RegistrationDetail>);
    const kind = path.match(
      new RegExp(`^/api/registrations/${id}/photos/(face|profile|full)$`),
    )?.[1] as RegistrationPhotoRef["kind"];
    if (!kind) throw new Error(`unexpected fetch ${method} ${path}`);
    if (refuse) return json(refuse.status, { error: { code: refuse.code, message: refuse.message } });
    if (method === "PUT") {
      photos = [...photos.filter((p) => p.kind !== kind), { kind, id: newFaceId }];
      return json(201, { photoId: newFaceId });
    }
    if (method === "DELETE") {
      photos = photos.filter((p) => p.kind !== kind);
      return json(204);
    }
    throw new Error(`unexpected fetch ${method} ${path}`);
  });
  return calls;
}

function renderEditor() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <EditorOfRegistration />
      <Toaster />
    </QueryClientProvider>,
  );
}

const thumbnail = (name: string) => screen.findByRole("img", { name });

describe("the edit screen's photos", () => {
  it("shows each photo's thumbnail at its version, and offers to upload a missing one", async () => {
    fakeServer([face, profile]);
    renderEditor();
    expect((await thumbnail("Foto de frente")).getAttribute("src")).toBe(
      `/api/registrations/${id}/photos/face?size=thumb&v=${face.id}`,
    );
    expect((await thumbnail("Foto de perfil")).getAttribute("src")).toContain(`v=${profile.id}`);
    expect(screen.getByLabelText("Subir Foto de cuerpo entero")).toHaveAttribute("type", "file");
    expect(screen.queryByRole("button", { name: "Quitar Foto de cuerpo entero" })).not.toBeInTheDocument();
  });

  it("replaces a photo: sends the file, says so, and shows the new photo (a new URL, never the cached old one)", async () => {
    const user = userEvent.setup();
    const calls = fakeServer([face, profile]);
    renderEditor();
    await thumbnail("Foto de frente");
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], "nueva.jpg", { type: "image/jpeg" });
    await user.upload(screen.getByLabelText("Cambiar Foto de frente"), file);

    expect(await screen.findByText("Foto guardada")).toBeInTheDocument();
    const put = calls.find((call) => call.method === "PUT")!;
    expect(put.path).toBe(`/api/registrations/${id}/photos/face`);
    expect(put.body).toBeInstanceOf(FormData);
    expect(((put.body as FormData).get("file") as File).name).toBe("nueva.jpg");
    await waitFor(async () =>
      expect((await thumbnail("Foto de frente")).getAttribute("src")).toBe(
        `/api/registrations/${id}/photos/face?size=thumb&v=${newFaceId}`,
      ),
    );
    // The other photo is untouched.
    expect((await thumbnail("Foto de perfil")).getAttribute("src")).toContain(`v=${profile.id}`);
  });

  it("removes a photo once confirmed, and not when the confirmation is declined", async () => {
    const user = userEvent.setup();
    const calls = fakeServer([face, profile]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderEditor();
    await thumbnail("Foto de perfil");

    await user.click(screen.getByRole("button", { name: "Quitar Foto de perfil" }));
    expect(confirm).toHaveBeenCalledWith("¿Quitar la Foto de perfil? No se puede deshacer.");
    expect(calls.filter((call) => call.method === "DELETE")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Quitar Foto de perfil" }));
    expect(await screen.findByText("Foto quitada")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
      `/api/registrations/${id}/photos/profile`,
    ]);
    await waitFor(() => expect(screen.queryByRole("img", { name: "Foto de perfil" })).not.toBeInTheDocument());
    expect(screen.getByLabelText("Subir Foto de perfil")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Foto de frente" })).toBeInTheDocument();
  });

  it("tells the server's refusal and keeps the photo shown", async () => {
    const user = userEvent.setup();
    fakeServer([face], { status: 400, code: "photo_unsupported", message: "El archivo no es una foto JPEG, PNG, WebP o AVIF." });
    renderEditor();
    await thumbnail("Foto de frente");
    await user.upload(screen.getByLabelText("Cambiar Foto de frente"), new File(["%PDF-1.4"], "x.jpg", { type: "image/jpeg" }));
    expect(await screen.findByText("El archivo no es una foto JPEG, PNG, WebP o AVIF.")).toBeInTheDocument();
    expect((await thumbnail("Foto de frente")).getAttribute("src")).toContain(`v=${face.id}`);
  });

  it("offers 'Quitar' and 'Cambiar' as buttons: drawn as buttons, named in full, reached and used with the keyboard", async () => {
    const user = userEvent.setup();
    const calls = fakeServer([face]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    renderEditor();
    await thumbnail("Foto de frente");

    await user.tab();
    const change = screen.getByLabelText("Cambiar Foto de frente");
    expect(change).toHaveFocus();
    // What is seen and clicked is drawn as a button (an outlined one), not as plain text.
    expect(screen.getByText("Cambiar", { selector: "label" })).toHaveClass("border");

    await user.tab();
    const remove = screen.getByRole("button", { name: "Quitar Foto de frente" });
    expect(remove).toHaveFocus();
    expect(remove).toHaveTextContent("Quitar");
    expect(remove).toHaveClass("border");
    await user.keyboard("{Enter}");
    expect(confirm).toHaveBeenCalledWith("¿Quitar la Foto de frente? No se puede deshacer.");
    await waitFor(() => expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1));
  });
});
