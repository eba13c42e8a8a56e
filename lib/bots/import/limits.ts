/**
 * What the migration wizard accepts, checked in the browser before anything is sent and again on
 * the server. The bot's own limits (200 files, 1 MB of source) are in lib/bots/schemas.ts.
 */
export const importLimits = {
  /** A single uploaded file (.bd, .json, .js, .ts, .py, .txt) or pasted code. */
  fileBytes: 2 * 1024 * 1024,
  zipBytes: 10 * 1024 * 1024,
  zipEntries: 500,
  /**
   * Everything really unpacked from one zip, counted while inflating (binary files and skipped
   * folders are left packed and do not count). A bot holds at most 1 MB of source, so this leaves
   * room for files the review shows and leaves out.
   */
  unzippedBytes: 8 * 1024 * 1024,
  /** One file really unpacked: a bot's whole source is limited to 1 MB. */
  fileBytesUnpacked: 1024 * 1024,
  /** Source code packs 3–10 to 1; zip bombs about 1,000 to 1. */
  compressionRatio: 100,
  /** The ratio is judged once a file has unpacked this much (tiny files pack oddly). */
  ratioCheckFrom: 64 * 1024,
} as const;

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

/** The messages of the limits checked while a zip is unpacked; each names its limit. */
export const zipLimitMessages = {
  totalTooLarge: `This zip file unpacks to more than ${megabytes(importLimits.unzippedBytes)} (the limit for an import). Leave out what your bot does not need, then try again.`,
  fileTooLarge: (path: string) =>
    `${path} unpacks to more than ${megabytes(importLimits.fileBytesUnpacked)} (the limit for one file of a bot). Leave it out of the zip, then try again.`,
  ratio: (path: string) =>
    `${path} is packed more than ${importLimits.compressionRatio} to 1 (the limit for an import), as zip bombs are. Zip your project again with ordinary settings.`,
  lyingSize: (path: string, declared: number) =>
    `${path} unpacks to more than the ${declared} bytes its zip header declares (the limit for that file), so the zip file is damaged or was made to mislead. Zip your project again.`,
} as const;

export const acceptedExtensions = [".bd", ".json", ".js", ".ts", ".txt", ".py", ".zip"] as const;

/** For the file input's `accept` attribute. */
export const acceptAttribute = acceptedExtensions.join(",");

export function extensionOf(fileName: string): string {
  const match = /\.[^./\\]+$/.exec(fileName.trim().toLowerCase());
  return match ? match[0] : "";
}

export const importMessages = {
  unsupportedType: `Upload a ${acceptedExtensions.slice(0, -1).join(", ")} or .zip file.`,
  fileTooLarge: "Files are limited to 2 MB. Upload a smaller file, or a .zip of your project.",
  zipTooLarge: "Zip files are limited to 10 MB. Leave out node_modules/, logs and media, then try again.",
  zipTooManyEntries: `Zip files are limited to ${importLimits.zipEntries} entries. Leave out node_modules/ and other folders your bot does not need.`,
  zipUnreadable: "This zip file could not be read. Check that it is a valid .zip archive.",
  zipEmpty: "This zip file holds no code we could import (we skip node_modules/, .git/ and binary files).",
  emptyFile: "This file is empty.",
  notAnExport:
    "This JSON file is not a Bot Designer for Discord export: we found no commands (objects with a trigger and code).",
} as const;

/** The size check of an upload by name and byte count; null when it may go ahead. */
export function checkUpload(fileName: string, bytes: number): string | null {
  const extension = extensionOf(fileName);
  if (!(acceptedExtensions as readonly string[]).includes(extension)) return importMessages.unsupportedType;
  if (extension === ".zip") return bytes > importLimits.zipBytes ? importMessages.zipTooLarge : null;
  return bytes > importLimits.fileBytes ? importMessages.fileTooLarge : null;
}
