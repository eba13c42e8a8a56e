/**
 * A zipped bot project → its text files, unmodified: the single top-level folder most zips have
 * is removed; node_modules/, .git/, caches, .env files and binary files are skipped.
 *
 * A zip's headers can lie (a file that says it holds 10 bytes and inflates to gigabytes; five
 * hundred entries pointing at the same data), so nothing they declare is trusted: the central
 * directory is read here, each entry is inflated in small pieces while the bytes that really come
 * out are counted against the limits (total, per file, the size the header declares, compression
 * ratio), and reading stops at the first limit passed with a message that names it. The work
 * (inflating, decoding the text) is done in slices of a fixed number of bytes with a yield to the
 * event loop between them, so a hostile upload never holds up other requests, on any machine.
 * Pure (no Node APIs): the browser runs it for the review.
 */
import { Inflate } from "fflate";

import { filePathClash, filePathLimits, filePathMessages, normaliseFilePath } from "../file-paths";
import { importLimits, importMessages, zipLimitMessages } from "./limits";
import { WorkSlices, type WorkSliceStats } from "./work-slices";

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

/** The most compressed bytes handed to fflate at once. */
const maxInflateChunkBytes = 16 * 1024;
/**
 * What one push to fflate costs beyond what it unpacks, as bytes of work: it copies its 32 KB
 * window each time, so a run of small pushes (a lying entry's) costs far more than its output.
 */
export const inflatePushCostBytes = 32 * 1024;
/** The most bytes decoded as text at once. */
const decodeChunkBytes = 64 * 1024;
/** Bytes of work between two yields: about a millisecond of inflating on a laptop. */
export const defaultSliceBytes = 256 * 1024;

/** A refusal of the whole archive; the message is for the user. */
class StopReading extends Error {}

export type ReadZipOptions = {
  /** Bytes of work (inflated on this thread, decoded as text) before yielding to the event loop. */
  sliceBytes?: number;
  /** Lets other work run; the default waits for the next turn of the event loop. */
  yieldToOthers?: () => Promise<void>;
  /** The server passes zlib's (lib/bots/import/node-inflate.ts): native, and off the main thread. */
  inflate?: Inflater;
  /** Told, once the answer is known, how the work was shared with the event loop (benchmarks, tests). */
  onStats?: (stats: ZipReadStats) => void;
};

export type ZipReadStats = WorkSliceStats & {
  /** Entries of the central directory looked at: after a refusal, the rest are never touched. */
  entries: number;
};

const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));

function skipReason(path: string, size: number, method: number): string | null {
  if (skippedFolders.test(path) || junkFiles.test(path)) return "";
  if (envFile.test(path))
    return `${path}: .env files may hold secrets and are not imported; paste your token on the bot's page.`;
  const extension = path.split(".").pop()?.toLowerCase() ?? "";
  if (path.includes(".") && binaryExtensions.has(extension)) return `${path}: binary file`;
  if (size > importLimits.fileBytesUnpacked) return `${path}: larger than 1 MB`;
  if (method !== 0 && method !== 8) return `${path}: unsupported compression`;
  return null;
}

type Entry = {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeader: number;
};

/** Little-endian reads that refuse to go past the end of the data. */
class Reader {
  constructor(private readonly data: Uint8Array) {}
  u16(at: number): number {
    if (at < 0 || at + 2 > this.data.length) throw new StopReading(importMessages.zipUnreadable);
    return this.data[at]! | (this.data[at + 1]! << 8);
  }
  u32(at: number): number {
    return (this.u16(at) | (this.u16(at + 2) << 16)) >>> 0;
  }
  u64(at: number): number {
    const value = this.u32(at) + this.u32(at + 4) * 2 ** 32;
    if (!Number.isSafeInteger(value)) throw new StopReading(importMessages.zipUnreadable);
    return value;
  }
  bytes(at: number, length: number): Uint8Array {
    if (at < 0 || length < 0 || at + length > this.data.length) throw new StopReading(importMessages.zipUnreadable);
    return this.data.subarray(at, at + length);
  }
}

/** The end-of-central-directory record (zip64 when the classic one overflows). */
function centralDirectory(read: Reader, size: number): { count: number; offset: number } {
  const earliest = Math.max(0, size - 22 - 0xffff);
  for (let at = size - 22; at >= earliest; at -= 1) {
    if (read.u32(at) !== 0x06054b50) continue;
    let count = read.u16(at + 10);
    let offset = read.u32(at + 16);
    if ((count === 0xffff || offset === 0xffffffff) && at >= 20 && read.u32(at - 20) === 0x07064b50) {
      const record = read.u64(at - 20 + 8);
      if (read.u32(record) !== 0x06064b50) throw new StopReading(importMessages.zipUnreadable);
      count = read.u64(record + 32);
      offset = read.u64(record + 48);
    }
    return { count, offset };
  }
  throw new StopReading(importMessages.zipUnreadable);
}

const utf8 = new TextDecoder("utf-8");
const latin1 = new TextDecoder("latin1");

/** Every entry of the central directory; stops past the entry limit, whatever the header says. */
function listEntries(read: Reader, size: number): Entry[] {
  const { count, offset } = centralDirectory(read, size);
  if (count > importLimits.zipEntries) throw new StopReading(importMessages.zipTooManyEntries);
  const entries: Entry[] = [];
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (read.u32(at) !== 0x02014b50) throw new StopReading(importMessages.zipUnreadable);
    const flags = read.u16(at + 8);
    const nameLength = read.u16(at + 28);
    const extraLength = read.u16(at + 30);
    const commentLength = read.u16(at + 32);
    const nameBytes = read.bytes(at + 46, nameLength);
    let declaredSize = read.u32(at + 24);
    let compressedSize = read.u32(at + 20);
    let localHeader = read.u32(at + 42);
    if (declaredSize === 0xffffffff || compressedSize === 0xffffffff || localHeader === 0xffffffff) {
      ({ declaredSize, compressedSize, localHeader } = zip64Sizes(read, at + 46 + nameLength, extraLength, {
        declaredSize,
        compressedSize,
        localHeader,
      }));
    }
    entries.push({
      // Bit 11: the name is UTF-8; otherwise code page 437, of which a bot's paths only use ASCII.
      name: (flags & 0x800 ? utf8 : latin1).decode(nameBytes),
      method: read.u16(at + 10),
      compressedSize,
      declaredSize,
      localHeader,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The zip64 extra field holds, in order, each of the sizes and the offset whose classic field is full. */
function zip64Sizes(
  read: Reader,
  start: number,
  length: number,
  classic: { declaredSize: number; compressedSize: number; localHeader: number },
) {
  const sizes = { ...classic };
  for (let at = start; at + 4 <= start + length;) {
    const id = read.u16(at);
    const fieldLength = read.u16(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      for (const key of ["declaredSize", "compressedSize", "localHeader"] as const) {
        if (classic[key] !== 0xffffffff) continue;
        sizes[key] = read.u64(field);
        field += 8;
      }
      return sizes;
    }
    at += 4 + fieldLength;
  }
  return sizes;
}

/**
 * Inflates a raw deflate stream, giving up as soon as more than `maxOutput` bytes come out
 * ("too-large"); throws when the stream is damaged. An inflater that works on this thread reports
 * the work of each piece (as bytes: what it unpacked, and any cost of its own) to `progress` and
 * awaits it (it may yield to the event loop there); one that works elsewhere (zlib in the thread
 * pool) need not call it.
 */
export type Inflater = (
  packed: Uint8Array,
  maxOutput: number,
  progress: (workBytes: number) => Promise<void>,
) => Promise<Uint8Array | "too-large">;

/**
 * fflate's streaming inflater, fed so that no single piece can unpack to much more than what is
 * still allowed (a deflate stream unpacks at most ~1,032 bytes per byte): a lying entry is caught
 * after a few kilobytes, not after the gigabytes it holds. The browser's; the server uses zlib.
 */
export const streamingInflate: Inflater = async (packed, maxOutput, progress) => {
  const pieces: Uint8Array[] = [];
  let unpacked = 0;
  let reported = 0;
  const inflater = new Inflate((piece) => {
    unpacked += piece.length;
    pieces.push(piece);
  });
  for (let consumed = 0; consumed < packed.length || consumed === 0;) {
    const allowed = Math.ceil((maxOutput - unpacked + 1) / 1032);
    const end = Math.min(consumed + Math.min(Math.max(allowed, 64), maxInflateChunkBytes), packed.length);
    inflater.push(packed.subarray(consumed, end), end === packed.length);
    consumed = end;
    await progress(unpacked - reported + inflatePushCostBytes);
    reported = unpacked;
    if (unpacked > maxOutput) return "too-large";
    if (consumed === packed.length) break;
  }
  const bytes = new Uint8Array(unpacked);
  let offset = 0;
  for (const piece of pieces) {
    bytes.set(piece, offset);
    offset += piece.length;
  }
  return bytes;
};

/**
 * Unpacks one entry, counting what really comes out against the size its header declares, the
 * per-file limit and `budget` (what the archive may still unpack in all), then its ratio.
 */
async function unpack(
  read: Reader,
  entry: Entry & { path: string },
  budget: number,
  inflate: Inflater,
  slices: WorkSlices,
): Promise<Uint8Array> {
  const local = entry.localHeader;
  if (read.u32(local) !== 0x04034b50) throw new StopReading(importMessages.zipUnreadable);
  const start = local + 30 + read.u16(local + 26) + read.u16(local + 28);
  const packed = read.bytes(start, entry.compressedSize);
  const allowed = Math.min(entry.declaredSize, importLimits.fileBytesUnpacked, budget);
  const overLimit = () =>
    new StopReading(
      allowed === entry.declaredSize
        ? zipLimitMessages.lyingSize(entry.path, entry.declaredSize)
        : allowed === budget
          ? zipLimitMessages.totalTooLarge
          : zipLimitMessages.fileTooLarge(entry.path),
    );
  let bytes: Uint8Array;
  if (entry.method === 0) {
    if (packed.length > allowed) throw overLimit();
    bytes = packed;
  } else {
    let result: Uint8Array | "too-large";
    try {
      result = await inflate(packed, allowed, (bytes) => slices.done(bytes));
    } catch {
      throw new StopReading(importMessages.zipUnreadable);
    }
    if (result === "too-large" || result.length > allowed) throw overLimit();
    bytes = result;
  }
  if (bytes.length !== entry.declaredSize) throw new StopReading(importMessages.zipUnreadable);
  if (
    bytes.length > importLimits.ratioCheckFrom &&
    bytes.length > importLimits.compressionRatio * Math.max(packed.length, 1)
  ) {
    throw new StopReading(zipLimitMessages.ratio(entry.path));
  }
  return bytes;
}

/** The bytes as strict UTF-8 text, decoded a piece at a time; null when they are not text. */
async function decodeText(bytes: Uint8Array, slices: WorkSlices): Promise<string | null> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let text = "";
  try {
    for (let at = 0; at < bytes.length; at += decodeChunkBytes) {
      const end = Math.min(at + decodeChunkBytes, bytes.length);
      text += decoder.decode(bytes.subarray(at, end), { stream: end < bytes.length });
      await slices.done(end - at);
    }
  } catch {
    return null;
  }
  return text;
}

export async function readZip(data: Uint8Array, options: ReadZipOptions = {}): Promise<ZipResult> {
  const slices = new WorkSlices(options.sliceBytes ?? defaultSliceBytes, options.yieldToOthers ?? nextTurn);
  const counted = { entries: 0 };
  try {
    return await readEntries(data, options.inflate ?? streamingInflate, slices, counted);
  } finally {
    options.onStats?.({ ...slices.stats, ...counted });
  }
}

async function readEntries(
  data: Uint8Array,
  inflate: Inflater,
  slices: WorkSlices,
  counted: { entries: number },
): Promise<ZipResult> {
  if (data.byteLength > importLimits.zipBytes) return { ok: false, error: importMessages.zipTooLarge };
  const read = new Reader(data);
  const skipped: string[] = [];
  const skip = (reason: string) => {
    if (reason && skipped.length < 50) skipped.push(reason);
  };
  const files: ZipFile[] = [];
  try {
    const entries = listEntries(read, data.byteLength);
    let unpackedInAll = 0;
    for (const entry of entries) {
      counted.entries += 1;
      const path = entry.name.replace(/\\/g, "/");
      if (path.endsWith("/")) continue;
      if (path.length > filePathLimits.rawPath) {
        skip(`${path.slice(0, 60)}…: ${filePathMessages.tooLong}`);
        continue;
      }
      const reason = skipReason(path, entry.declaredSize, entry.method);
      if (reason !== null) {
        skip(reason);
        continue;
      }
      const bytes = await unpack(read, { ...entry, path }, importLimits.unzippedBytes - unpackedInAll, inflate, slices);
      unpackedInAll += bytes.length;
      const content = await decodeText(bytes, slices);
      if (content === null || content.includes("\u0000")) {
        skip(`${path}: binary file`);
        continue;
      }
      files.push({ path, content });
    }
  } catch (error) {
    if (error instanceof StopReading) return { ok: false, error: error.message };
    return { ok: false, error: importMessages.zipUnreadable };
  }

  const rootFolder = commonFolder(files.map((file) => file.path));
  const kept: ZipFile[] = [];
  for (const file of files) {
    const inside = rootFolder ? file.path.slice(rootFolder.length + 1) : file.path;
    const check = normaliseFilePath(inside);
    if (!check.ok) {
      skip(`${inside}: ${check.error}`);
      continue;
    }
    kept.push({ path: check.path, content: file.content });
  }
  if (kept.length === 0) return { ok: false, error: importMessages.zipEmpty };
  const clash = filePathClash(kept.map((file) => file.path));
  if (clash !== null) return { ok: false, error: `${clash} (in this zip file)` };
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
