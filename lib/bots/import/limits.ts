/**
 * What the migration wizard accepts, checked in the browser before anything is sent and again on
 * the server. The bot's own limits (200 files, 1 MB of source) are in lib/bots/schemas.ts.
 */
export const importLimits = {
  /** A single uploaded file (.bd, .json, .js, .ts, .py, .txt) or pasted code. */
  fileBytes: 2 * 1024 * 1024,
  zipBytes: 10 * 1024 * 1024,
  zipEntries: 500,
  /** Everything unpacked from one zip (binary files are skipped before they count). */
  unzippedBytes: 16 * 1024 * 1024,
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
  zipTooMuchData: "This zip file unpacks to more than 16 MB. Leave out what your bot does not need, then try again.",
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
