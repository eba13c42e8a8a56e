/**
 * The server's inflater for zip imports: zlib in libuv's thread pool (the event loop only
 * collects the result), stopped by zlib itself once more than `maxOutput` bytes come out.
 */
import { inflateRaw } from "node:zlib";

import type { Inflater } from "./zip";

export const nodeInflate: Inflater = (packed, maxOutput) =>
  new Promise((resolve, reject) => {
    // zlib refuses a maximum below 1; an entry that declares 0 bytes may still hold more.
    inflateRaw(packed, { maxOutputLength: Math.max(maxOutput, 1) }, (error, result) => {
      if (error) {
        if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") resolve("too-large");
        else reject(error);
        return;
      }
      resolve(
        result.length > maxOutput ? "too-large" : new Uint8Array(result.buffer, result.byteOffset, result.length),
      );
    });
  });
