/**
 * A zipped bot project → its text files, unmodified: the single top-level folder most zips have
 * is removed; node_modules/, .git/, caches, .env files and binary files are skipped. Entries are
 * counted and sizes checked before anything is inflated (fflate's sync unzip inflates into a
 * buffer of the declared size and never grows it, so a lying header cannot exhaust memory).
 */
import { unzipSync, type Unzipped } from "fflate";

import { botLimits } from "../schemas";
import { importLimits, importMessages } from "./limits";

export type ZipFile = { path: string; content: string };
export type ZipResult =
  { ok: true; files: ZipFile[]; skipped: string[]; rootFolder: string | null } | { ok: false; error: string };

const skippedFolders = /(^|\/)(node_modules|\.git|__pycache__|\.venv|venv|\.idea|\.vscode|__MACOSX|\.next|dist-ssr)\//;
const binaryExtensions = new Set(
  "png jpg jpeg gif webp ico bmp tif tiff mp3 wav ogg flac m4a mp4 webm mov avi mkv ttf otf woff woff2 eot zip gz tgz rar 7z tar exe dll so dylib node db sqlite sqlite3 pdf psd jar class pyc pyo wasm bin".split(
    " ",
  ),
);
const junkFiles = /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$/;
const envFile = /(^|\/)\.env(\.[\w.-]+)?$/;
/** The characters botFileSchema allows in a path. */
const safePath = /^(?!\/)(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._\-/ ]+$/;

class StopReading extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

function skipReason(path: string, size: number, compression: number): string | null {
  if (skippedFolders.test(path) || junkFiles.test(path)) return "";
  if (envFile.test(path))
    return `${path}: .env files may hold secrets and are not imported; paste your token on the bot's page.`;
  const extension = path.split(".").pop()?.toLowerCase() ?? "";
  if (path.includes(".") && binaryExtensions.has(extension)) return `${path}: binary file`;
  if (size > botLimits.sourceBytes) return `${path}: larger than 1 MB`;
  if (compression !== 0 && compression !== 8) return `${path}: unsupported compression`;
  return null;
}

const decoder = () => new TextDecoder("utf-8", { fatal: true });

export function readZip(data: Uint8Array): ZipResult {
  if (data.byteLength > importLimits.zipBytes) return { ok: false, error: importMessages.zipTooLarge };
  let entries = 0;
  let declaredBytes = 0;
  const skipped: string[] = [];
  let unzipped: Unzipped;
  try {
    unzipped = unzipSync(data, {
      filter: (file) => {
        entries += 1;
        if (entries > importLimits.zipEntries) throw new StopReading(importMessages.zipTooManyEntries);
        const path = file.name.replace(/\\/g, "/");
        if (path.endsWith("/")) return false;
        const reason = skipReason(path, file.originalSize, file.compression);
        if (reason !== null) {
          if (reason && skipped.length < 50) skipped.push(reason);
          return false;
        }
        declaredBytes += file.originalSize;
        if (declaredBytes > importLimits.unzippedBytes) throw new StopReading(importMessages.zipTooMuchData);
        return true;
      },
    });
  } catch (error) {
    return { ok: false, error: error instanceof StopReading ? error.reason : importMessages.zipUnreadable };
  }

  const files: ZipFile[] = [];
  for (const [rawPath, bytes] of Object.entries(unzipped)) {
    const path = rawPath.replace(/\\/g, "/");
    let content: string;
    try {
      content = decoder().decode(bytes);
    } catch {
      skipped.push(`${path}: binary file`);
      continue;
    }
    if (content.includes("\u0000")) {
      skipped.push(`${path}: binary file`);
      continue;
    }
    files.push({ path, content });
  }

  const rootFolder = commonFolder(files.map((file) => file.path));
  const kept: ZipFile[] = [];
  for (const file of files) {
    const path = rootFolder ? file.path.slice(rootFolder.length + 1) : file.path;
    if (!safePath.test(path) || path.length > botLimits.path) {
      skipped.push(`${path}: the name has characters (or a length) a bot file cannot use`);
      continue;
    }
    kept.push({ path, content: file.content });
  }
  if (kept.length === 0) return { ok: false, error: importMessages.zipEmpty };
  kept.sort((a, b) => a.path.localeCompare(b.path));
  return { ok: true, files: kept, skipped: skipped.slice(0, 50), rootFolder };
}

/** "my-bot" when every path starts with "my-bot/"; null otherwise. */
function commonFolder(paths: string[]): string | null {
  if (paths.length === 0) return null;
  const first = paths[0]!.split("/")[0]!;
  if (!first) return null;
  return paths.every((path) => path.startsWith(`${first}/`)) ? first : null;
}
