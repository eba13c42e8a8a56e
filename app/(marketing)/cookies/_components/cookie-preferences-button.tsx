"use client";

import { Cookie } from "lucide-react";

import { Button } from "@/components/ui/button";
import { cookiePreferencesNotice } from "@/lib/site/legal";

/** Cipher sets no optional cookies yet, so the button only explains that (spec: it shows an alert). */
export function CookiePreferencesButton() {
  return (
    <Button type="button" variant="outline" onClick={() => window.alert(cookiePreferencesNotice)}>
      <Cookie /> Update Cookie Preferences
    </Button>
  );
}
