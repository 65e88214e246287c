import { act, render } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { ThemeProvider } from "@web/lib/theme";
import { ThemedToaster } from "./toaster";

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

afterEach(() => localStorage.clear());

describe.each(["light", "dark"] as const)("toasts in the %s theme", (theme) => {
  it.each(["success", "error", "info", "warning"])("%s text meets WCAG AA (4.5:1) on its background", async (kind) => {
    localStorage.setItem("theme", theme);
    render(
      <ThemeProvider>
        <ThemedToaster />
      </ThemeProvider>,
    );
    act(() => void toast.info("hola"));
    const toaster = await waitForToaster();
    expect(toaster.dataset.sonnerTheme).toBe(theme);
    const text = toaster.style.getPropertyValue(`--${kind}-text`);
    const bg = toaster.style.getPropertyValue(`--${kind}-bg`);
    expect(text).toMatch(/^#[0-9a-f]{6}$/);
    expect(bg).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrast(text, bg)).toBeGreaterThanOrEqual(4.5);
  });
});

async function waitForToaster(): Promise<HTMLElement> {
  for (let i = 0; i < 50; i++) {
    const el = document.querySelector<HTMLElement>("[data-sonner-toaster]");
    if (el) return el;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("no toaster rendered");
}
