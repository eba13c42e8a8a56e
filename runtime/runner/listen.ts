/**
 * A dedicated PostgreSQL connection LISTENing on cipher_bot_desired; reconnects after errors.
 * The poll in runner.ts covers anything missed meanwhile (and the embedded database, which
 * does not deliver notifications between connections).
 */
import pg from "pg";

export function listenForChanges(url: string, onChange: (botId: string) => void): { close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === "cipher_bot_desired") onChange(message.payload ?? "");
    });
    next.on("error", () => reconnect(next));
    next.on("end", () => reconnect(next));
    try {
      await next.connect();
      await next.query("LISTEN cipher_bot_desired");
      // Anything that changed while disconnected.
      onChange("");
    } catch {
      reconnect(next);
    }
  }

  function reconnect(failed: pg.Client): void {
    if (closed || client !== failed || retry) return;
    client = null;
    void failed.end().catch(() => {});
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 2000);
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
