"use client";

import { ChevronDown, LogOut } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";

import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { signOutAction } from "@/lib/auth/actions";
import { signOutFailedMessage } from "@/lib/auth/messages";
import { userMenuLinks } from "@/lib/dashboard/navigation";

const signOutFailed = "Sign out failed";
const unexpected = signOutFailedMessage;

/** The top bar's account menu: the email's initial and name part, the account pages, and Log Out. */
export function UserMenu({ initial, name, email }: { initial: string; name: string; email: string }) {
  const [signingOut, setSigningOut] = useState(false);

  async function logOut() {
    setSigningOut(true);
    try {
      const result = await signOutAction();
      if (!result.ok) throw new Error(result.error);
      // A full load, so nothing of the signed-in area stays in the client's router cache.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/");
    } catch (error) {
      console.error("Sign out failed", error);
      toast.error(signOutFailed, { description: error instanceof Error && error.message ? error.message : unexpected });
      setSigningOut(false);
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Account menu for ${name}`}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=open]:bg-accent"
      >
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-primary-fill font-semibold text-primary-foreground"
        >
          {initial}
        </span>
        <span className="hidden max-w-40 truncate font-medium sm:inline">{name}</span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-muted-foreground sm:inline" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {userMenuLinks.map(({ href, label, icon: Icon }) => (
            <DropdownMenuItem key={href} asChild>
              <Link href={href}>
                <Icon />
                {label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={signingOut}
          onSelect={(event) => {
            // Keep the menu open while signing out, so a failure is shown where it happened.
            event.preventDefault();
            void logOut();
          }}
        >
          <LogOut />
          {signingOut ? "Logging out..." : "Log Out"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
