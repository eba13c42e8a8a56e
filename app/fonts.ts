import localFont from "next/font/local";

/**
 * Geist Mono as the geist package declares it (same file, variable, fallbacks), but not
 * preloaded: it only sets code samples and small labels below the first screen, and a preloaded
 * 70 KB font competes with the hero text's font and CSS for the first bytes on a slow phone.
 * It still loads as soon as a page lays out text set in it.
 */
export const geistMono = localFont({
  src: "../node_modules/geist/dist/fonts/geist-mono/GeistMono-Variable.woff2",
  variable: "--font-geist-mono",
  adjustFontFallback: false,
  preload: false,
  fallback: [
    "ui-monospace",
    "SFMono-Regular",
    "Roboto Mono",
    "Menlo",
    "Monaco",
    "Liberation Mono",
    "DejaVu Sans Mono",
    "Courier New",
    "monospace",
  ],
  weight: "100 900",
});
