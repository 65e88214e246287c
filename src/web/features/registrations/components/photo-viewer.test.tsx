import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { t } from "@common/i18n";
import { PhotoThumbnail, PhotoViewer, ReviewPhotos } from "./photo-viewer";

const id = "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a01";
const faceId = "11111111-1111-4111-8111-111111111111";
const profileId = "22222222-2222-4222-8222-222222222222";
const fullId = "33333333-3333-4333-8333-333333333333";
const three = [
  { kind: "face" as const, id: faceId },
  { kind: "profile" as const, id: profileId },
  { kind: "full" as const, id: fullId },
];

const caption = (kind: "face" | "profile" | "full", index: number) =>
  `${t(`public.photos.kinds.${kind}`)} · ${t("registrations.photos.position", { index, total: 3 })}`;

function renderViewer(onClose = () => {}) {
  render(<PhotoViewer registrationId={id} name="Lucía Fotos" photos={three} onClose={onClose} />);
  return screen.getByRole("dialog", { name: t("registrations.photos.viewerTitle", { name: "Lucía Fotos" }) });
}

/** A finger put down at (x, y) on the photo and lifted at (x + dx, y + dy). */
function swipe(target: Element, dx: number, dy = 0, x = 200, y = 300) {
  // As a browser sends them: the finger in `touches` while down, and in `changedTouches` when it moves.
  fireEvent.touchStart(target, { touches: [{ clientX: x, clientY: y }], changedTouches: [{ clientX: x, clientY: y }] });
  fireEvent.touchEnd(target, { touches: [], changedTouches: [{ clientX: x + dx, clientY: y + dy }] });
}

describe("the fast review's photos", () => {
  it("shows every photo the registration holds, large, in the kinds' order, from the staff route with its version", () => {
    render(
      <ReviewPhotos
        registration={{
          id,
          photos: [
            { kind: "full", id: fullId },
            { kind: "face", id: faceId },
          ],
        }}
      />,
    );
    const images = screen.getAllByRole("img");
    expect(images.map((image) => image.getAttribute("alt"))).toEqual([
      t("public.photos.kinds.face"),
      t("public.photos.kinds.full"),
    ]);
    expect(images.map((image) => image.getAttribute("src"))).toEqual([
      `/api/registrations/${id}/photos/face?size=large&v=${faceId}`,
      `/api/registrations/${id}/photos/full?size=large&v=${fullId}`,
    ]);
  });

  it("draws nothing for a registration without photos (the review then says there are none)", () => {
    const { container } = render(<ReviewPhotos registration={{ id, photos: [] }} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("the photo viewer", () => {
  it("moves with the arrow keys, wrapping round, and each photo's URL carries its version", async () => {
    const user = userEvent.setup();
    const viewer = renderViewer();
    expect(within(viewer).getByText(caption("face", 1))).toBeInTheDocument();
    expect(within(viewer).getByRole("img").getAttribute("src")).toBe(
      `/api/registrations/${id}/photos/face?size=large&v=${faceId}`,
    );
    await user.keyboard("{ArrowRight}");
    expect(within(viewer).getByText(caption("profile", 2))).toBeInTheDocument();
    expect(within(viewer).getByRole("img").getAttribute("src")).toContain(`v=${profileId}`);
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(within(viewer).getByText(caption("full", 3))).toBeInTheDocument();
    await user.keyboard("{ArrowRight}");
    expect(within(viewer).getByText(caption("face", 1))).toBeInTheDocument();
  });

  it("moves with the previous and next buttons", async () => {
    const user = userEvent.setup();
    const viewer = renderViewer();
    await user.click(within(viewer).getByRole("button", { name: t("registrations.photos.next") }));
    expect(within(viewer).getByText(caption("profile", 2))).toBeInTheDocument();
    await user.click(within(viewer).getByRole("button", { name: t("registrations.photos.previous") }));
    await user.click(within(viewer).getByRole("button", { name: t("registrations.photos.previous") }));
    expect(within(viewer).getByText(caption("full", 3))).toBeInTheDocument();
  });

  it("a swipe left shows the next photo, a swipe right the previous; a short or mostly vertical move does nothing", () => {
    const viewer = renderViewer();
    const photo = within(viewer).getByRole("img");
    swipe(photo, -120);
    expect(within(viewer).getByText(caption("profile", 2))).toBeInTheDocument();
    swipe(within(viewer).getByRole("img"), -120);
    expect(within(viewer).getByText(caption("full", 3))).toBeInTheDocument();
    swipe(within(viewer).getByRole("img"), 120);
    expect(within(viewer).getByText(caption("profile", 2))).toBeInTheDocument();
    // A tap, a small slide, and a scroll that drifts sideways are not swipes.
    swipe(within(viewer).getByRole("img"), 0);
    swipe(within(viewer).getByRole("img"), -30);
    swipe(within(viewer).getByRole("img"), -70, 200);
    expect(within(viewer).getByText(caption("profile", 2))).toBeInTheDocument();
  });

  it("closes with Escape", async () => {
    const user = userEvent.setup();
    let closed = 0;
    renderViewer(() => closed++);
    await user.keyboard("{Escape}");
    expect(closed).toBe(1);
  });

  it("opens from the row's thumbnail (the face photo's, lazy) and closes with Escape", async () => {
    const user = userEvent.setup();
    render(<PhotoThumbnail registration={{ id, fullName: "Lucía Fotos", photos: [three[2]!, three[0]!] }} />);
    const button = screen.getByRole("button", { name: t("registrations.photos.open", { name: "Lucía Fotos" }) });
    const thumbnail = button.querySelector("img")!;
    expect(thumbnail.getAttribute("src")).toBe(`/api/registrations/${id}/photos/face?size=thumb&v=${faceId}`);
    expect(thumbnail.getAttribute("loading")).toBe("lazy");
    await user.click(button);
    const viewer = screen.getByRole("dialog");
    expect(
      within(viewer).getByText(
        `${t("public.photos.kinds.face")} · ${t("registrations.photos.position", { index: 1, total: 2 })}`,
      ),
    ).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
