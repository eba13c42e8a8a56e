import { cn } from "@/lib/utils";

/** Agent Cipher, the dashboard's mascot: a small robot head in the brand's gradient. */
export function AgentCipherAvatar({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn("size-16", className)}>
      <defs>
        <linearGradient id="agent-cipher-body" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="oklch(0.7 0.18 277)" />
          <stop offset="1" stopColor="oklch(0.62 0.2 320)" />
        </linearGradient>
      </defs>
      <line x1="32" y1="6" x2="32" y2="14" stroke="oklch(0.8 0.12 277)" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="32" cy="5" r="3" fill="oklch(0.82 0.12 200)" />
      <rect x="8" y="14" width="48" height="40" rx="14" fill="url(#agent-cipher-body)" />
      <rect x="4" y="28" width="5" height="12" rx="2.5" fill="oklch(0.6 0.18 290)" />
      <rect x="55" y="28" width="5" height="12" rx="2.5" fill="oklch(0.6 0.18 290)" />
      <rect x="15" y="23" width="34" height="20" rx="9" fill="oklch(0.18 0.03 275)" />
      <circle cx="25" cy="33" r="3.5" fill="oklch(0.85 0.13 200)" />
      <circle cx="39" cy="33" r="3.5" fill="oklch(0.85 0.13 200)" />
      <path d="M27 47.5q5 3 10 0" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
