import Link from "next/link";

import { cn } from "@/lib/utils";

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8", className)}>
      <defs>
        <linearGradient id="cipher-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="oklch(0.7 0.18 277)" />
          <stop offset="1" stopColor="oklch(0.68 0.2 320)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#cipher-logo)" />
      <path d="M20.5 11.2a6.5 6.5 0 1 0 0 9.6" fill="none" stroke="white" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="21.5" cy="16" r="1.7" fill="white" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={cn(
        "flex items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
      aria-label="Cipher home"
    >
      <LogoMark />
      <span className="text-lg">Cipher</span>
    </Link>
  );
}
