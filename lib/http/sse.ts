/**
 * A Server-Sent Events response: `start(send)` pushes events until the client goes away (the
 * request's signal aborts) and returns its cleanup. A comment line every 15 s keeps proxies from
 * closing an idle stream. Each user holds at most `maxStreamsPerUser` streams at once.
 */
export type SendEvent = (data: unknown, event?: string) => void;

/**
 * Live streams one user may hold open at once, across tabs and devices. A browser opens at most
 * 6 connections per site over HTTP/1.1, so one browser never reaches this; it stops a script (or
 * many devices) from holding hundreds of long-lived connections and their polling loops.
 */
export const maxStreamsPerUser = 8;

/** Shared by the server's own modules (the REST API, lib/api/v1/dispatch.ts) and Next's bundle. */
const openStreams = ((globalThis as Record<symbol, unknown>)[Symbol.for("cipher.openStreams")] ??= new Map<
  string,
  number
>()) as Map<string, number>;

/**
 * Takes one of the user's stream slots: a release function (safe to call more than once), or
 * null when the user already holds the maximum. Counted per server process.
 */
export function takeStreamSlot(userId: string): (() => void) | null {
  const open = openStreams.get(userId) ?? 0;
  if (open >= maxStreamsPerUser) return null;
  openStreams.set(userId, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (openStreams.get(userId) ?? 1) - 1;
    if (left > 0) openStreams.set(userId, left);
    else openStreams.delete(userId);
  };
}

/** The refusal of a stream over the cap: the newest is refused, the open ones keep working. */
export function tooManyStreams(): Response {
  return Response.json(
    {
      error: `You have ${maxStreamsPerUser} live views open (logs, hosting or test) in other tabs or devices. Close one and reload this page.`,
    },
    { status: 429, headers: { "Cache-Control": "private, no-store", "Retry-After": "30" } },
  );
}

/**
 * The SSE response for `userId`, or a 429 (tooManyStreams) when the user already holds
 * `maxStreamsPerUser` streams; the slot is given back when the client goes away.
 */
export function sseResponse(
  request: Request,
  userId: string,
  /** close: ends the stream from the server's side (a followed job is over). */
  start: (
    send: SendEvent,
    signal: AbortSignal,
    close: () => void,
  ) => void | (() => void) | Promise<void | (() => void)>,
): Response {
  const release = takeStreamSlot(userId);
  if (!release) return tooManyStreams();
  request.signal.addEventListener("abort", release, { once: true });
  const encoder = new TextEncoder();
  let cleanup: (() => void) | void;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        release();
        clearInterval(heartbeat);
        cleanup?.();
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const send: SendEvent = (data, event) =>
        write(`${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
      request.signal.addEventListener("abort", close, { once: true });
      heartbeat = setInterval(() => write(": keep-alive\n\n"), 15_000);
      // Reconnect after 2 s if the stream drops (the browser's EventSource does this itself).
      write("retry: 2000\n\n");
      cleanup = await start(send, request.signal, close);
      if (closed) cleanup?.();
      if (request.signal.aborted) close();
    },
    cancel() {
      release();
      clearInterval(heartbeat);
      cleanup?.();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "private, no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
