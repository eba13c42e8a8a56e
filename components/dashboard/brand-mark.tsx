"use client";

import { useId } from "react";

import { cn } from "@/lib/utils";

/**
 * The Cipher mark for the sidebar. Like components/site/logo.tsx's, but with a gradient id of its
 * own per instance: the sidebar is rendered twice (desktop column and drawer), and a url(#id)
 * that resolves into the hidden copy paints nothing.
 */
export function BrandMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8", className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="oklch(0.7 0.18 277)" />
          <stop offset="1" stopColor="oklch(0.68 0.2 320)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path d="M20.5 11.2a6.5 6.5 0 1 0 0 9.6" fill="none" stroke="white" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="21.5" cy="16" r="1.7" fill="white" />
    </svg>
  );
}
