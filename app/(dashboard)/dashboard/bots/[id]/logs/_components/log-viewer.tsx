"use client";

import { ArrowDownToLine, Download, Pause, Play, Search } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import type { LogLine } from "@/lib/bots/logs";
import { cn } from "@/lib/utils";

type Level = "info" | "warn" | "error";

/** Bots rarely tag their lines; the level is read from the stream and the words used. */
export function levelOf(line: LogLine): Level {
  if (/\b(error|exception|traceback|fatal|unhandled|crash(ed)?)\b/i.test(line.line)) return "error";
  if (/\b(warn(ing)?|deprecat\w*)\b/i.test(line.line)) return "warn";
  return line.stream === "stderr" ? "warn" : "info";
}

const maxLines = 5_000;
const time = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
});

/** The live tail: follows new lines as they arrive, or pauses; filters by level, stream and text. */
export function LogViewer({
  botId,
  initialLines,
  focusLine,
}: {
  botId: string;
  initialLines: LogLine[];
  /** A line to show and mark (a crash's error line): the tail starts paused there. */
  focusLine?: string;
}) {
  const [lines, setLines] = useState(initialLines);
  const [following, setFollowing] = useState(() => !initialLines.some((line) => line.id === focusLine));
  const [level, setLevel] = useState<"all" | Level>("all");
  const [stream, setStream] = useState("all");
  const [query, setQuery] = useState("");
  const [live, setLive] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const lastId = useRef(initialLines.at(-1)?.id ?? null);

  useEffect(() => {
    const source = new EventSource(
      `/api/bots/${encodeURIComponent(botId)}/logs/stream${lastId.current ? `?after=${lastId.current}` : ""}`,
    );
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener("lines", (event) => {
      const incoming = JSON.parse((event as MessageEvent<string>).data) as LogLine[];
      lastId.current = incoming.at(-1)?.id ?? lastId.current;
      setLines((current) => {
        const known = new Set(current.slice(-incoming.length * 2).map((line) => line.id));
        return [...current, ...incoming.filter((line) => !known.has(line.id))].slice(-maxLines);
      });
    });
    return () => source.close();
  }, [botId]);

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return lines.filter(
      (line) =>
        (level === "all" || levelOf(line) === level) &&
        (stream === "all" || line.stream === stream) &&
        (!needle || line.line.toLowerCase().includes(needle)),
    );
  }, [lines, level, stream, query]);

  useEffect(() => {
    if (following && viewport.current) viewport.current.scrollTop = viewport.current.scrollHeight;
  }, [shown, following]);

  useEffect(() => {
    if (!focusLine || !viewport.current) return;
    const target = viewport.current.querySelector<HTMLElement>(`[data-line-id="${focusLine}"]`);
    if (target) viewport.current.scrollTop = target.offsetTop - viewport.current.clientHeight / 3;
  }, [focusLine]);

  return (
    <section aria-labelledby="logs-heading" className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="logs-heading" className="mr-auto flex items-center gap-2 text-lg font-semibold">
          Logs
          <span
            className={cn(
              "text-xs font-normal",
              live ? "text-emerald-700 dark:text-emerald-300" : "text-muted-foreground",
            )}
          >
            {live ? "● live" : "connecting…"}
          </span>
        </h2>
        <div className="grid gap-1">
          <Label htmlFor="log-level" className="text-xs">
            Level
          </Label>
          <NativeSelect id="log-level" value={level} onChange={(event) => setLevel(event.target.value as typeof level)}>
            <NativeSelectOption value="all">All levels</NativeSelectOption>
            <NativeSelectOption value="info">Info</NativeSelectOption>
            <NativeSelectOption value="warn">Warnings</NativeSelectOption>
            <NativeSelectOption value="error">Errors</NativeSelectOption>
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="log-stream" className="text-xs">
            Stream
          </Label>
          <NativeSelect id="log-stream" value={stream} onChange={(event) => setStream(event.target.value)}>
            <NativeSelectOption value="all">All streams</NativeSelectOption>
            <NativeSelectOption value="stdout">stdout</NativeSelectOption>
            <NativeSelectOption value="stderr">stderr</NativeSelectOption>
            <NativeSelectOption value="system">Cipher runner</NativeSelectOption>
          </NativeSelect>
        </div>
        <div className="grid min-w-48 flex-1 gap-1 sm:max-w-64">
          <Label htmlFor="log-search" className="text-xs">
            Search
          </Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="log-search"
              value={query}
              className="pl-8"
              placeholder="Filter lines"
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        </div>
        <Button variant="outline" onClick={() => setFollowing((value) => !value)} aria-pressed={following}>
          {following ? <Pause /> : <Play />}
          {following ? "Pause" : "Follow"}
        </Button>
        <Button asChild variant="outline">
          <a href={`/api/bots/${encodeURIComponent(botId)}/logs/download`} download>
            <Download />
            Download
          </a>
        </Button>
      </div>
      <div
        ref={viewport}
        className="relative h-[28rem] overflow-auto rounded-xl border border-border bg-zinc-950 p-3 font-mono text-xs text-zinc-100"
        onWheel={(event) => {
          // Scrolling up to read pauses the tail; Follow resumes it.
          if (event.deltaY < 0 && following) setFollowing(false);
        }}
      >
        {lines.length === 0 ? (
          <p className="text-zinc-400">No logs yet. Start the bot and its output appears here as it happens.</p>
        ) : shown.length === 0 ? (
          <p className="text-zinc-400">No lines match these filters.</p>
        ) : (
          <ol role="log" aria-label="Log lines" aria-live={following ? "polite" : "off"} className="grid gap-0.5">
            {shown.map((line) => {
              const lineLevel = levelOf(line);
              return (
                <li
                  key={line.id}
                  data-line-id={line.id}
                  aria-current={line.id === focusLine ? "true" : undefined}
                  className={cn(
                    "flex gap-2 break-all whitespace-pre-wrap",
                    line.id === focusLine && "-mx-1 rounded bg-red-500/20 px-1 ring-1 ring-red-400/60",
                  )}
                  data-level={lineLevel}
                >
                  <time className="shrink-0 text-zinc-500" dateTime={line.at}>
                    {time.format(new Date(line.at))}
                  </time>
                  <span className={cn("w-12 shrink-0 text-zinc-500", line.stream === "system" && "text-sky-400")}>
                    {line.stream === "system" ? "cipher" : line.stream}
                  </span>
                  <span
                    className={cn(
                      lineLevel === "error"
                        ? "text-red-300"
                        : lineLevel === "warn"
                          ? "text-amber-200"
                          : "text-zinc-100",
                    )}
                  >
                    {line.line}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      {!following && (
        <Button variant="secondary" className="justify-self-center" onClick={() => setFollowing(true)}>
          <ArrowDownToLine />
          Jump to the newest line
        </Button>
      )}
      <p className="text-xs text-muted-foreground">
        {shown.length.toLocaleString("en-US")} of {lines.length.toLocaleString("en-US")} loaded lines shown. Cipher
        keeps the last 10,000 lines per bot; tokens are removed before a line is stored.
      </p>
    </section>
  );
}
