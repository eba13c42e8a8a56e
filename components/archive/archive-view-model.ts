import type { ArchiveItem, ArchiveItemType } from "@/lib/archive/service";

import { expiryText, formatArchiveDate, formatBytes } from "./format";

/** What the client list needs of an item: plain, already formatted values. */
export interface ArchiveRow {
  id: string;
  type: ArchiveItemType;
  name: string;
  reason: string;
  archivedDate: string;
  archivedIso: string;
  size: string;
  expiry: string;
  expiringSoon: boolean;
  restorable: boolean;
}

export function toArchiveRow(item: ArchiveItem, now: Date, soonDays = 3): ArchiveRow {
  return {
    id: item.id,
    type: item.type,
    name: item.name,
    reason: item.reason,
    archivedDate: formatArchiveDate(item.archivedAt),
    archivedIso: item.archivedAt.toISOString(),
    size: formatBytes(item.sizeBytes),
    expiry: expiryText(item.expiresAt, now),
    expiringSoon: item.expiresAt.getTime() - now.getTime() <= soonDays * 24 * 60 * 60 * 1000,
    restorable: item.restorable,
  };
}
