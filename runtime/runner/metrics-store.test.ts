import { describe, expect, it } from "vitest";

import { networkBytes } from "./host";
import { parseRssBytes, parseStat, processTree } from "./metrics";
import { averageBotMetrics, averageRunnerMetrics, previousWindow, pruneCutoffs } from "./metrics-store";

describe("metric windows and retention", () => {
  it("rolls up the previous full minute and hour, whatever second the tick lands on", () => {
    const now = new Date("2026-11-22T10:07:42.500Z");
    expect(previousWindow(now, 60)).toEqual({
      from: new Date("2026-11-22T10:06:00.000Z"),
      to: new Date("2026-11-22T10:07:00.000Z"),
    });
    expect(previousWindow(now, 3600)).toEqual({
      from: new Date("2026-11-22T09:00:00.000Z"),
      to: new Date("2026-11-22T10:00:00.000Z"),
    });
    // Exactly on a boundary: the minute that just ended.
    expect(previousWindow(new Date("2026-11-22T10:07:00.000Z"), 60).from).toEqual(new Date("2026-11-22T10:06:00.000Z"));
  });

  it("keeps 5 s samples an hour, minutes a day and hours 90 days", () => {
    const now = new Date("2026-11-22T12:00:00.000Z");
    expect(pruneCutoffs(now)).toEqual([
      { resolution: 5, before: new Date("2026-11-22T11:00:00.000Z") },
      { resolution: 60, before: new Date("2026-11-21T12:00:00.000Z") },
      { resolution: 3600, before: new Date("2026-08-24T12:00:00.000Z") },
    ]);
  });

  it("averages CPU, memory and latency per bot, sums restarts and keeps the longest uptime", () => {
    const sample = (
      botId: string,
      cpu: number,
      rss: number,
      latency: number | null,
      restarts: number,
      uptime: number,
    ) => ({
      botId,
      cpuPercent: cpu,
      rssBytes: BigInt(rss),
      latencyMs: latency,
      restarts,
      uptimeSeconds: uptime,
    });
    const rows = averageBotMetrics([
      sample("a", 10, 100, 40, 0, 50),
      sample("a", 20, 200, null, 1, 5),
      sample("a", 30, 300, 60, 1, 10),
      sample("b", 1, 1000, null, 0, 3),
    ]);
    expect(rows).toEqual([sample("a", 20, 200, 50, 2, 50), sample("b", 1, 1000, null, 0, 3)]);
    expect(
      averageRunnerMetrics([
        {
          runnerName: "r",
          cpuPercent: 10,
          memoryUsedBytes: 10n,
          diskUsedBytes: 4n,
          netRxBytesPerSec: 1,
          netTxBytesPerSec: 3,
        },
        {
          runnerName: "r",
          cpuPercent: 30,
          memoryUsedBytes: 20n,
          diskUsedBytes: 6n,
          netRxBytesPerSec: 3,
          netTxBytesPerSec: 5,
        },
      ]),
    ).toEqual([
      {
        runnerName: "r",
        cpuPercent: 20,
        memoryUsedBytes: 15n,
        diskUsedBytes: 5n,
        netRxBytesPerSec: 2,
        netTxBytesPerSec: 4,
      },
    ]);
  });
});

describe("/proc parsing", () => {
  it("reads ppid and CPU ticks even when the process name has spaces and parentheses", () => {
    const line = "4242 (node (bot) x) S 4100 4242 4242 0 -1 4194560 1 0 0 0 150 25 0 0 30 10 11 0 1 2 3";
    expect(parseStat(line)).toEqual({ ppid: 4100, ticks: 175 });
    expect(parseRssBytes("Name:\tnode\nVmRSS:\t   51200 kB\n")).toBe(51200 * 1024);
  });

  it("sums a bubblewrap-wrapped bot's whole tree", () => {
    const table = new Map([
      [10, { ppid: 1, ticks: 1 }], // bwrap
      [11, { ppid: 10, ticks: 2 }], // its init
      [12, { ppid: 11, ticks: 30 }], // the bot
      [20, { ppid: 1, ticks: 99 }], // someone else
    ]);
    expect(processTree(10, table).sort()).toEqual([10, 11, 12]);
  });

  it("counts network bytes of every interface but loopback", () => {
    const text = `Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo: 1000 10 0 0 0 0 0 0 1000 10 0 0 0 0 0 0
  eth0: 5000 50 0 0 0 0 0 0 7000 70 0 0 0 0 0 0
  eth1: 100 1 0 0 0 0 0 0 200 2 0 0 0 0 0 0
`;
    expect(networkBytes(text)).toEqual({ rx: 5100, tx: 7200 });
  });
});
