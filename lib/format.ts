/**
 * Dates for people, the same on the server and in every browser (UTC, so a server-rendered page
 * and its hydrated copy agree). New screens use these; older ones keep their own formats for now.
 */
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** "2026-11-27T03:10:00Z" → "Nov 27, 2026, 3:10 AM UTC". */
export function formatDateTime(iso: string | Date): string {
  return `${dateTimeFormat.format(typeof iso === "string" ? new Date(iso) : iso)} UTC`;
}
