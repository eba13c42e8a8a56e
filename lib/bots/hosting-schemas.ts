import { z } from "zod";

export const connectTargets = ["simulator", "discord"] as const;
export type ConnectTarget = (typeof connectTargets)[number];
export const restartPolicies = ["restart", "stay-stopped"] as const;
export type RestartPolicy = (typeof restartPolicies)[number];

/** Settings → Hosting: where the runner connects the bot, and what a crash does. */
export const hostingSettingsSchema = z.object({
  connectTo: z.enum(connectTargets, { error: "Choose the simulator or Discord" }),
  restartPolicy: z.enum(restartPolicies, { error: "Choose what happens when the bot crashes" }),
});
export type HostingSettings = z.infer<typeof hostingSettingsSchema>;
