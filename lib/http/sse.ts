/**
 * A Server-Sent Events response: `start(send)` pushes events until the client goes away (the
 * request's signal aborts) and returns its cleanup. A comment line every 15 s keeps proxies from
 * closing an idle stream.
 */
export type SendEvent = (data: unknown, event?: string) => void;

export function sseResponse(
  request: Request,
  start: (send: SendEvent, signal: AbortSignal) => void | (() => void) | Promise<void | (() => void)>,
): Response {
  const encoder = new TextEncoder();
  let cleanup: (() => void) | void;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
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
      cleanup = await start(send, request.signal);
      if (request.signal.aborted) close();
    },
    cancel() {
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
