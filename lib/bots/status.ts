/**
 * What each runner status means to the user (runtime/README.md lists them). Spec colours: green
 * online, red offline, yellow anything else. Safe for client components.
 */
export const botStatuses = ["stopped", "starting", "running", "stopping", "restarting", "crashed"] as const;
export type BotStatus = (typeof botStatuses)[number];

export type StatusTone = "online" | "offline" | "other";

const labels: Record<string, string> = {
  running: "Online",
  stopped: "Offline",
  starting: "Starting",
  stopping: "Stopping",
  restarting: "Restarting",
  crashed: "Crashed",
};

export function statusLabel(status: string): string {
  return labels[status] ?? status;
}

export function statusTone(status: string): StatusTone {
  if (status === "running") return "online";
  if (status === "stopped") return "offline";
  return "other";
}

/** Online shows Stop, everything else Start (spec); a bot on its way up can be stopped too. */
export function showsStop(status: string, desiredState: string): boolean {
  return status === "running" || (desiredState === "running" && status !== "crashed");
}
