/** Display helpers for the Archive, shared by the page (server) and its client components. */

/** 1536 → "1.5 KB": binary multiples, one decimal from KB up. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** A fixed-locale, UTC date, so the server's and the browser's renders agree. */
export function formatArchiveDate(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

export function expiryText(expiresAt: Date, now: Date): string {
  const days = Math.ceil((expiresAt.getTime() - now.getTime()) / (24 * 60 * 60 * 1000));
  if (days <= 0) return "Deleted for good soon";
  return `Deleted for good in ${days} ${days === 1 ? "day" : "days"}`;
}
