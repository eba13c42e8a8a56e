"use client";

import { Loader2, Plus, RefreshCw, Server, ShieldAlert, ShieldCheck } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useEffect, useState, useTransition } from "react";
import { toast } from "sonner";

import { BotPowerControls } from "@/components/bots/bot-power-controls";
import { CrashCard } from "@/components/bots/crash-card";
import { EmptyState } from "@/components/dashboard/dashboard-page";
import { ServiceHealthList } from "@/components/status/service-health-list";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { setAutoRestartAction } from "@/lib/bots/actions";
import type { HostCard, HostingOverview } from "@/lib/hosting/queries";
import { cn } from "@/lib/utils";

const Sparkline = dynamic(() => import("./sparkline").then((module) => module.Sparkline), {
  ssr: false,
  loading: () => <div className="h-8 w-24" />,
});

/** Spec colours for usage bars: below 50 green, below 80 yellow, else red. */
export function usageTone(value: number): string {
  if (value < 50) return "bg-emerald-500";
  if (value < 80) return "bg-amber-500";
  return "bg-red-500";
}

const sandboxBadges = {
  isolated: {
    label: "Sandbox: isolated",
    icon: ShieldCheck,
    tone: "border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300",
  },
  checking: {
    label: "Sandbox: checking — bots start once it passes",
    icon: Loader2,
    tone: "border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300",
  },
  unavailable: {
    label: "Sandbox: unavailable — no new bot starts here",
    icon: ShieldAlert,
    tone: "border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-300",
  },
} as const;

/** "in 35 s" / "in 4 min" / "now", ticking each second (in the browser only: no server/client mismatch). */
function useCountdown(iso: string | null): string | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!iso) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [iso]);
  if (!iso || now === null) return null;
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (seconds <= 0) return "now";
  return seconds < 90 ? `in ${seconds} s` : `in ${Math.round(seconds / 60)} min`;
}

/** What only operators see: the host's isolation layer (and why it refuses bots) and its network. */
function OperatorDetails({ details, online }: { details: NonNullable<HostCard["details"]>; online: boolean }) {
  const badge = sandboxBadges[details.sandbox as keyof typeof sandboxBadges] ?? sandboxBadges.unavailable;
  const Icon = badge.icon;
  // A runner that stopped reporting checks nothing: no spinner, no countdown.
  const retry = useCountdown(online && details.sandbox === "unavailable" ? details.sandboxRetryAt : null);
  return (
    <div className="grid gap-1.5 rounded-md border border-dashed p-2 text-xs" aria-label="Operator details">
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn("inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 font-medium", badge.tone)}>
          <Icon
            aria-hidden="true"
            className={cn(
              "size-3.5",
              online && details.sandbox === "checking" && "animate-spin motion-reduce:animate-none",
            )}
          />
          {badge.label}
        </span>
        <span className="text-muted-foreground">
          Network ↓ {bytes(details.netRxBytesPerSec)}/s · ↑ {bytes(details.netTxBytesPerSec)}/s
        </span>
      </div>
      {details.sandboxWarning && details.sandbox !== "checking" && (
        <p className="break-words text-red-700 dark:text-red-300">{details.sandboxWarning}</p>
      )}
      {online && details.sandbox === "unavailable" && (
        <p className="text-muted-foreground">
          {!details.sandboxRetryAt ? "Checking again now." : retry ? `Next check ${retry}.` : "Next check soon."} Bots
          waiting for this host start as soon as a check passes.
        </p>
      )}
    </div>
  );
}

function UsageBar({ label, value, detail }: { label: string; value: number; detail?: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-xs">
        <span className="text-muted-foreground">{label}</span>
        <span className="tabular-nums">
          {clamped.toFixed(1)}%{detail ? <span className="text-muted-foreground"> · {detail}</span> : null}
        </span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(clamped)}
      >
        <div className={cn("h-full rounded-full", usageTone(clamped))} style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}

function bytes(value: number): string {
  if (value >= 1_073_741_824) return `${(value / 1_073_741_824).toFixed(1)} GB`;
  if (value >= 1_048_576) return `${(value / 1_048_576).toFixed(0)} MB`;
  return `${(value / 1024).toFixed(0)} KB`;
}

function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days) return `${days}d ${hours}h`;
  if (hours) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

function HostCardView({ host }: { host: HostCard }) {
  return (
    <section
      aria-label={`Runner ${host.name}`}
      className="grid content-start gap-3 rounded-xl border border-border bg-card/60 p-4"
      data-host={host.name}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Server aria-hidden="true" className="size-4 text-muted-foreground" />
        <h2 className="font-semibold">{host.name}</h2>
        <span
          className={cn(
            "rounded-md border px-2 py-0.5 text-xs font-medium",
            host.online
              ? host.draining
                ? "border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-200"
                : "border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300"
              : "border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-300",
          )}
        >
          {host.online ? (host.draining ? "Draining" : "Online") : "Offline"}
        </span>
        <span className="ml-auto text-xs text-muted-foreground">
          {host.region} · up {duration(host.uptimeSeconds)}
        </span>
      </div>
      {host.details && (
        <>
          <UsageBar label="CPU" value={host.details.cpuPercent} />
          <UsageBar
            label="Memory"
            value={host.details.memoryPercent}
            detail={`${bytes(host.details.memoryUsedBytes)} of ${bytes(host.details.memoryTotalBytes)}`}
          />
          <UsageBar label="Disk" value={host.details.diskPercent} />
          <OperatorDetails details={host.details} online={host.online} />
        </>
      )}
      <div className="flex flex-wrap gap-1.5" aria-label="Your bots on this runner">
        {host.bots.length === 0 ? (
          <span className="text-xs text-muted-foreground">None of your bots run here right now.</span>
        ) : (
          host.bots.map((bot) => (
            <Link
              key={bot.id}
              href={`/dashboard/bots/${bot.id}`}
              className="rounded-md border border-border bg-background px-2 py-0.5 text-xs hover:border-primary/60"
            >
              {bot.name}
            </Link>
          ))
        )}
      </div>
    </section>
  );
}

function AutoRestartSwitch({ botId, botName, enabled }: { botId: string; botName: string; enabled: boolean }) {
  const [checked, setChecked] = useState(enabled);
  const [pending, startTransition] = useTransition();
  return (
    <label className="flex items-center gap-2 text-xs text-muted-foreground">
      <Switch
        checked={checked}
        disabled={pending}
        aria-label={`Auto-restart ${botName}`}
        onCheckedChange={(value) => {
          setChecked(value);
          startTransition(async () => {
            try {
              const result = await setAutoRestartAction({ botId, enabled: value });
              if (!result.ok) {
                setChecked(!value);
                toast.error("Could not change auto-restart", { description: result.error });
              }
            } catch {
              setChecked(!value);
              toast.error("Could not change auto-restart", { description: unexpectedErrorMessage });
            }
          });
        }}
      />
      Auto-restart
    </label>
  );
}

/** Hosting and Deployment: summary, runner hosts, and the user's bots with controls; live over SSE. */
export function HostingView({ initial }: { initial: HostingOverview }) {
  const [overview, setOverview] = useState(initial);
  const [live, setLive] = useState(false);
  const [refreshing, startRefresh] = useTransition();

  useEffect(() => {
    const source = new EventSource("/api/hosting/stream");
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener("hosting", (event) => setOverview(JSON.parse((event as MessageEvent<string>).data)));
    return () => source.close();
  }, []);

  const { summary } = overview;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          disabled={refreshing}
          onClick={() =>
            startRefresh(async () => {
              const response = await fetch("/api/hosting", { cache: "no-store" }).catch(() => null);
              if (response?.ok) {
                setOverview((await response.json()) as HostingOverview);
                toast.success("Status refreshed");
              } else {
                toast.error("Could not refresh the status", { description: unexpectedErrorMessage });
              }
            })
          }
        >
          <RefreshCw className={cn(refreshing && "animate-spin")} />
          Refresh Status
        </Button>
        <Button asChild>
          <Link href="/dashboard/bots/new">
            <Plus />
            Deploy New
          </Link>
        </Button>
        <span className="ml-auto text-xs text-muted-foreground" role="status">
          {live ? "● Live" : "Connecting…"}
        </span>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[
          ["Hosted Bots", String(summary.total)],
          ["Online", String(summary.online)],
          ["Runners Online", `${summary.hostsOnline} of ${summary.hosts}`],
          ["Avg Uptime (24h)", summary.averageUptime === null ? "—" : `${summary.averageUptime}%`],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-border bg-card/60 p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-summary={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="platform-services-heading" className="grid gap-3">
        <h2 id="platform-services-heading" className="text-lg font-semibold">
          Platform services
        </h2>
        <ServiceHealthList services={overview.services} details />
      </section>

      {overview.hosts.length === 0 ? (
        <EmptyState icon={Server} title="No runner is connected">
          <p>The runner starts with the app (npm start). When it is up, its health shows here.</p>
        </EmptyState>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {overview.hosts.map((host) => (
            <HostCardView key={host.name} host={host} />
          ))}
        </div>
      )}

      <section aria-labelledby="hosted-bots-heading" className="grid gap-3">
        <h2 id="hosted-bots-heading" className="text-lg font-semibold">
          Your bots
        </h2>
        {overview.bots.length === 0 ? (
          <EmptyState icon={Server} title="No bots yet">
            <p>Deploy New creates a bot; start it and it appears on a runner above.</p>
          </EmptyState>
        ) : (
          <ul className="grid gap-3">
            {overview.bots.map((bot) => (
              <li
                key={bot.id}
                className="grid gap-3 rounded-xl border border-border bg-card/60 p-4 md:grid-cols-[minmax(0,1fr)_auto]"
                data-bot={bot.name}
              >
                <div className="grid gap-2">
                  <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <Link href={`/dashboard/bots/${bot.id}`} className="font-medium hover:underline">
                      {bot.name}
                    </Link>
                    <span className="text-xs text-muted-foreground">
                      {bot.runnerName ? `on ${bot.runnerName}` : "not placed"} ·{" "}
                      {bot.connectTo === "discord" ? "Discord" : "simulator"}
                    </span>
                  </div>
                  <BotPowerControls
                    botId={bot.id}
                    botName={bot.name}
                    status={bot.status}
                    desiredState={bot.desiredState}
                  />
                  <AutoRestartSwitch
                    key={bot.restartPolicy}
                    botId={bot.id}
                    botName={bot.name}
                    enabled={bot.restartPolicy === "restart"}
                  />
                </div>
                <div className="flex flex-wrap items-center gap-4 text-xs">
                  <div className="grid gap-0.5">
                    <span className="text-muted-foreground">
                      CPU {bot.cpuPercent === null ? "—" : `${bot.cpuPercent}%`}
                    </span>
                    <Sparkline
                      data={bot.sparkline}
                      dataKey="cpu"
                      color="#7c6cf0"
                      label={`${bot.name} CPU, last hour`}
                    />
                  </div>
                  <div className="grid gap-0.5">
                    <span className="text-muted-foreground">
                      Memory {bot.rssBytes === null ? "—" : bytes(bot.rssBytes)}
                    </span>
                    <Sparkline
                      data={bot.sparkline}
                      dataKey="memoryMb"
                      color="#10b981"
                      label={`${bot.name} memory, last hour`}
                    />
                  </div>
                  <div className="grid gap-0.5 text-muted-foreground">
                    <span>Latency {bot.latencyMs === null ? "—" : `${Math.round(bot.latencyMs)} ms`}</span>
                    <span>
                      Up{" "}
                      {bot.status === "running" && bot.startedAt
                        ? duration(Math.round((Date.parse(overview.generatedAt) - Date.parse(bot.startedAt)) / 1000))
                        : "—"}
                    </span>
                  </div>
                </div>
                {bot.crash && (
                  <CrashCard
                    botId={bot.id}
                    cause={bot.crash}
                    title={`${bot.name} ${bot.crash.halted ? "crashed and stays stopped" : "crashed"}`}
                    className="md:col-span-2"
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
