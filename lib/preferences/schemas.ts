/** The Preferences form: theme and email notifications (UserPreferences in the schema). */
import { z } from "zod";

export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];

export const themeLabels: Record<Theme, { label: string; description: string }> = {
  light: { label: "Light", description: "Light backgrounds, dark text." },
  dark: { label: "Dark", description: "Cipher's dark look." },
  system: { label: "System", description: "Follow your device's setting." },
};

export const emailSettings = [
  {
    key: "emailBotAlerts",
    label: "Bot alerts",
    description: "Email me when one of my bots crashes or stops unexpectedly.",
  },
  {
    key: "emailTicketUpdates",
    label: "Support ticket updates",
    description: "Email me when support answers or changes the status of my tickets.",
  },
  {
    key: "emailProductNews",
    label: "Product news",
    description: "Occasional emails about new Cipher features and templates.",
  },
] as const;

export const preferencesSchema = z.object({
  theme: z.enum(themes, { error: "Choose light, dark or system." }),
  emailBotAlerts: z.boolean(),
  emailTicketUpdates: z.boolean(),
  emailProductNews: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** What a user has before saving anything (the schema's column defaults). */
export const defaultPreferences: Preferences = {
  theme: "system",
  emailBotAlerts: true,
  emailTicketUpdates: true,
  emailProductNews: false,
};

export function isTheme(value: string): value is Theme {
  return (themes as readonly string[]).includes(value);
}
