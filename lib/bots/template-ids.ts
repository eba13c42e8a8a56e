/**
 * The ids of the starter templates (runtime/templates/<id>), apart from lib/bots/templates.ts so
 * that browser code (the sign-up form's schema) can check one without the file system.
 */
export const templateIds = ["moderation-bot", "music-bot", "economy-bot", "custom-commands"] as const;

export type TemplateId = (typeof templateIds)[number];

export function isTemplateId(value: string): value is TemplateId {
  return (templateIds as readonly string[]).includes(value);
}
