"use client";

import { Menu, X } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";

import { authToasts, signOutUnexpectedError } from "@/components/auth/auth-messages";
import { Button } from "@/components/ui/button";
import { signOutAction } from "@/lib/auth/actions";
import { authNav, mainNav } from "@/lib/site/navigation";
import { cn } from "@/lib/utils";

import { Logo } from "./logo";
import { useSessionUser, type SessionState } from "./use-session-user";

// Every public page ships this header; sonner only matters if signing out fails, so it loads then.
const showSignOutError = async (description: string) =>
  (await import("sonner")).toast.error(authToasts.signOutFailed, { description });

/**
 * The public navigation bar: fixed, fades in over 0.6 s, a toggle menu below 768 px. Signed out it
 * offers Sign In and Get Started; signed in, the greeting and Sign Out. The pages are static, so
 * who is signed in is asked after mount; until then the buttons' space is kept, empty.
 */
export function SiteHeader() {
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  const session = useSessionUser();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setMenuOpen(false);
    setSigningOut(true);
    try {
      const result = await signOutAction();
      if (result.ok) {
        // A full load is intended: every layout and cached page must forget the session.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign("/");
        return;
      }
      await showSignOutError(result.error);
    } catch (error) {
      console.error("Sign-out failed", error);
      await showSignOutError(signOutUnexpectedError);
    }
    setSigningOut(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const isActive = (href: string) => pathname === href || pathname.startsWith(`${href}/`);

  return (
    <header className="fixed inset-x-0 top-0 z-50 animate-fade-in border-b border-border/60 bg-background/75 backdrop-blur-xl">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />

        <ul className="hidden items-center gap-1 md:flex">
          {mainNav.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={isActive(link.href) ? "page" : undefined}
                className={cn(
                  "rounded-md px-3 py-2 text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  isActive(link.href) && "text-foreground",
                )}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>

        <div className="hidden min-w-44 items-center justify-end gap-2 md:flex">
          <AccountActions session={session} signingOut={signingOut} onSignOut={signOut} layout="bar" />
        </div>

        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-5" /> : <Menu className="size-5" />}
        </Button>
      </nav>

      {menuOpen && (
        <div id="mobile-menu" className="border-t border-border/60 bg-background/95 md:hidden">
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
            {mainNav.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  onClick={close}
                  aria-current={isActive(link.href) ? "page" : undefined}
                  className="block rounded-md px-3 py-2.5 text-base text-muted-foreground hover:bg-accent hover:text-foreground"
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li className="mt-2 border-t border-border/60 pt-3">
              <AccountActions
                session={session}
                signingOut={signingOut}
                onSignOut={signOut}
                onNavigate={close}
                layout="menu"
              />
            </li>
          </ul>
        </div>
      )}
    </header>
  );
}

/**
 * Sign In and Get Started, or the greeting and Sign Out. While the session loads, invisible
 * stand-ins of the signed-out buttons hold their place so nothing shifts.
 */
function AccountActions({
  session,
  signingOut,
  onSignOut,
  onNavigate,
  layout,
}: {
  session: SessionState;
  signingOut: boolean;
  onSignOut: () => void;
  onNavigate?: () => void;
  layout: "bar" | "menu";
}) {
  const bar = layout === "bar";

  if (session.status === "signed-in") {
    const greeting = `Welcome, ${session.user.greeting}`;
    return (
      <div className={cn("flex min-w-0 items-center gap-2", !bar && "flex-col items-stretch gap-3")}>
        <span
          title={greeting}
          className={cn("truncate text-sm text-muted-foreground", bar ? "max-w-48 lg:max-w-64" : "px-3 text-base")}
        >
          {greeting}
        </span>
        {/* Not in the spec's nav, but a signed-in visitor of the public pages needs a way back. */}
        <Button asChild size={bar ? "sm" : "default"}>
          <Link href="/dashboard" onClick={onNavigate}>
            Dashboard
          </Link>
        </Button>
        <Button type="button" variant="outline" size={bar ? "sm" : "default"} disabled={signingOut} onClick={onSignOut}>
          {signingOut ? "Signing out..." : "Sign Out"}
        </Button>
      </div>
    );
  }

  const loading = session.status === "loading";
  const signInVariant = bar ? "ghost" : "outline";
  const size = bar ? "sm" : "default";
  return (
    <div
      aria-hidden={loading || undefined}
      className={cn(bar ? "flex items-center gap-2" : "grid grid-cols-2 gap-2", loading && "invisible")}
    >
      {loading ? (
        <>
          <Button asChild variant={signInVariant} size={size}>
            <span>{authNav.signIn.label}</span>
          </Button>
          <Button asChild size={size}>
            <span>{authNav.signUp.label}</span>
          </Button>
        </>
      ) : (
        <>
          <Button asChild variant={signInVariant} size={size}>
            <Link href={authNav.signIn.href} onClick={onNavigate}>
              {authNav.signIn.label}
            </Link>
          </Button>
          <Button asChild size={size} className={cn(bar && "shadow-[0_0_24px_var(--glow)]")}>
            <Link href={authNav.signUp.href} onClick={onNavigate}>
              {authNav.signUp.label}
            </Link>
          </Button>
        </>
      )}
    </div>
  );
}
