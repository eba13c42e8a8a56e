/** Helpers shared by the public form specs (newsletter, contact, partner inquiry). */
import type { Locator, Page } from "@playwright/test";

import { expect } from "./support";

export const rateLimitedText = "Too many attempts from your network. Please wait a minute and try again.";

/** A client component's handlers work only once React has hydrated it (slow on a cold dev server). */
export async function hydrated(control: Locator): Promise<Locator> {
  await expect
    .poll(() => control.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))))
    .toBe(true);
  return control;
}

/** Counts server action calls (POSTs carrying a Next-Action header) from now on. */
export function countActionCalls(page: Page): () => number {
  let calls = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) calls += 1;
  });
  return () => calls;
}

let counter = 0;
/** An address no other test (or project, or run) uses. */
export function uniqueEmail(label: string, project: string): string {
  counter += 1;
  return `${label}-${project}-${Date.now().toString(36)}-${counter}@example.com`;
}
