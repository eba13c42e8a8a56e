import localFont from "next/font/local";

/**
 * Geist Mono, as `geist/font/mono` defines it but not preloaded: it sets code and numbers
 * below the fold, so the browser fetches it when text uses it instead of spending the first
 * paint's bandwidth on it (Geist Sans, which sets the hero, stays preloaded).
 */
export const GeistMono = localFont({
  src: "../node_modules/geist/dist/fonts/geist-mono/GeistMono-Variable.woff2",
  variable: "--font-geist-mono",
  preload: false,
  adjustFontFallback: false,
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
