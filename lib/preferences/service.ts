/** Theme and email settings. No row means the defaults; saving creates or replaces it. */
import { db } from "@/lib/db";

import { defaultPreferences, isTheme, type Preferences } from "./schemas";

const columns = { theme: true, emailBotAlerts: true, emailTicketUpdates: true, emailProductNews: true } as const;

function normalised(row: { theme: string } & Omit<Preferences, "theme">): Preferences {
  // A value the app no longer knows falls back to the default rather than breaking the page.
  return { ...row, theme: isTheme(row.theme) ? row.theme : defaultPreferences.theme };
}

export async function getPreferences(userId: string): Promise<Preferences> {
  const row = await db.userPreferences.findUnique({ where: { userId }, select: columns });
  return row ? normalised(row) : { ...defaultPreferences };
}

export async function savePreferences(userId: string, preferences: Preferences): Promise<Preferences> {
  const row = await db.userPreferences.upsert({
    where: { userId },
    create: { userId, ...preferences },
    update: preferences,
    select: columns,
  });
  return normalised(row);
}
