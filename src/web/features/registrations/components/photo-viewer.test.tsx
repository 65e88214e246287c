import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { t } from "@common/i18n";
import { ReviewPhotos } from "./photo-viewer";

const id = "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a01";

describe("the fast review's photos", () => {
  it("shows every photo the registration holds, large, in the kinds' order, from the staff route", () => {
    render(<ReviewPhotos registration={{ id, photos: ["full", "face"] }} />);
    const images = screen.getAllByRole("img");
    expect(images.map((image) => image.getAttribute("alt"))).toEqual([
      t("public.photos.kinds.face"),
      t("public.photos.kinds.full"),
    ]);
    expect(images.map((image) => image.getAttribute("src"))).toEqual([
      `/api/registrations/${id}/photos/face?size=large`,
      `/api/registrations/${id}/photos/full?size=large`,
    ]);
  });

  it("draws nothing for a registration without photos (the review then says there are none)", () => {
    const { container } = render(<ReviewPhotos registration={{ id, photos: [] }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
