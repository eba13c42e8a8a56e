import "./globals.css";

import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import type { Metadata, Viewport } from "next";

import { ScrollToTop } from "@/components/site/scroll-to-top";
import { DeferredToaster } from "@/components/toasts/deferred-toaster";
import { env } from "@/lib/env";

export const metadata: Metadata = {
  metadataBase: new URL(env.SITE_URL),
  title: {
    default: "Cipher — Build, edit and host Discord bots with AI",
    template: "%s · Cipher",
  },
  description:
    "Describe a Discord bot in plain words and Cipher's AI writes it. Edit the JavaScript or Python in your browser, paste your bot token, and host it with live logs, metrics and analytics.",
  applicationName: "Cipher",
  keywords: ["Discord bot", "bot builder", "AI", "bot hosting", "discord.js", "moderation bot"],
  openGraph: {
    type: "website",
    siteName: "Cipher",
    title: "Cipher — Build, edit and host Discord bots with AI",
    description: "Describe a Discord bot in plain words, edit the code, and host it with live logs and analytics.",
  },
  twitter: { card: "summary_large_image" },
  alternates: { types: { "application/rss+xml": [{ url: "/blog/rss.xml", title: "The Cipher Blog" }] } },
};

export const viewport: Viewport = {
  themeColor: "#14121f",
  colorScheme: "dark",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={`dark ${GeistSans.variable} ${GeistMono.variable}`}>
      <body className="min-h-dvh font-sans">
        <ScrollToTop />
        {children}
        <DeferredToaster position="bottom-right" />
      </body>
    </html>
  );
}
