/**
 * The API's followed views (a bot's log, a build) as Server-Sent Events: `step` runs every
 * `everyMs` and sends what changed; the stream ends when `step` says it is over, when the client
 * goes away, or within ~10 s of the caller's key or token no longer being let in (revoked,
 * signed out, expired), with an event `gone`.
 */
import { sseResponse, type SendEvent } from "@/lib/http/sse";

import { streamRecheck } from "./endpoint";

export function pollingStream(
  request: Request,
  userId: string,
  options: { everyMs: number; stillAllowed(): Promise<boolean>; label: string },
  step: (send: SendEvent) => Promise<"more" | "over">,
): Response {
  return sseResponse(request, userId, (send, _signal, close) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let checkedAt = Date.now();
    const tick = async () => {
      try {
        if (Date.now() - checkedAt >= streamRecheck.everyMs) {
          checkedAt = Date.now();
          if (!(await options.stillAllowed())) {
            send({ code: "unauthorized" }, "gone");
            close();
            return;
          }
        }
        if ((await step(send)) === "over") {
          close();
          return;
        }
      } catch (error) {
        console.error(`[api/v1] ${options.label} failed`, error);
      }
      if (!stopped) timer = setTimeout(() => void tick(), options.everyMs);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  });
}
