import type { CSSProperties } from "react";
import { Toaster } from "sonner";
import { useTheme, type Theme } from "@web/lib/theme";

type ToastKind = "success" | "error" | "info" | "warning";
type ToastPalette = Record<`--${ToastKind}-${"bg" | "border" | "text"}`, string>;

/**
 * sonner's rich colours miss WCAG AA on their own background (light: error 4.34:1, success 4.25:1),
 * so each theme gets its own palette, every text colour at least 4.5:1 on its background
 * (checked in toaster.test.tsx).
 */
export const TOAST_PALETTES: Record<Theme, ToastPalette> = {
  light: {
    "--success-bg": "#ecfdf3",
    "--success-border": "#bbf7d0",
    "--success-text": "#00702a",
    "--error-bg": "#fff0f0",
    "--error-border": "#ffe0e1",
    "--error-text": "#c20006",
    "--info-bg": "#f0f8ff",
    "--info-border": "#dce7fd",
    "--info-text": "#0b5cad",
    "--warning-bg": "#fffcf0",
    "--warning-border": "#fdeaa8",
    "--warning-text": "#8a4b00",
  },
  dark: {
    "--success-bg": "#00200f",
    "--success-border": "#003d1e",
    "--success-text": "#5eeea4",
    "--error-bg": "#2d0607",
    "--error-border": "#4c0509",
    "--error-text": "#ff9fa2",
    "--info-bg": "#000f1f",
    "--info-border": "#182540",
    "--info-text": "#5d9cf5",
    "--warning-bg": "#1c1f00",
    "--warning-border": "#2e2e00",
    "--warning-text": "#f1cf5c",
  },
};

export function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} richColors closeButton position="top-center" style={TOAST_PALETTES[theme] as CSSProperties} />;
}
