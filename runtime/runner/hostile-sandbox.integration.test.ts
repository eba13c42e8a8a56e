/**
 * The sandbox as a boundary, tried as an attacker would (issue 18), on the real runner and
 * simulator: every attack is contained — nothing reaches this host's loopback services by any
 * spelling, no capability, no namespace, no mount, no device, no kernel setting, no unbounded
 * process count, /tmp or scratch, no allocation beyond the plan — while a good bot on the same
 * runner answers every "!ping", in order. Only loopback-range addresses are ever tried (this
 * workplace's rule); private and link-local ranges are checked by the egress policy's unit
 * tests and by reading the routes of a Discord bot's namespace.
 */
import dgram from "node:dgram";
import { readFileSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { sealedFor, sealToken } from "@/lib/bots/token-crypto";
import { tokenKeys } from "@/lib/bots/token-keys";
import { db } from "@/lib/db";

import { p95, pingBot, pingRound } from "./hostile-support";
import { botDirs } from "./paths";
import type { Runner } from "./runner";
import { openEventText, simulatorKey, startTestSimulator, worldIds, type TestSimulator } from "./simulator-support";
import { createBot, createUser, logText, tempDataDir, testRunner, waitFor, waitForStatus } from "./test-support";

let userId: string;
let simulator: TestSimulator;
let ids: Awaited<ReturnType<typeof worldIds>>;
let events: Awaited<ReturnType<typeof openEventText>>;
let runner: Runner;
const data = tempDataDir();

// This host's loopback services stand-ins: a TCP listener on 127.0.0.1 and ::1, a UDP socket.
const tcp4 = net.createServer((socket) => (hostHits.push("tcp4"), socket.end("leak\n")));
const tcp6 = net.createServer((socket) => (hostHits.push("tcp6"), socket.end("leak\n")));
const udp = dgram.createSocket({ type: "udp6", ipv6Only: false });
const hostHits: string[] = [];
let hostPort = 0;
let udpPort = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => tcp4.listen(0, "127.0.0.1", resolve));
  hostPort = (tcp4.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => tcp6.listen(hostPort, "::1", resolve));
  udp.on("message", () => hostHits.push("udp"));
  udpPort = await new Promise<number>((resolve) => udp.bind(0, "::", () => resolve(udp.address().port)));
  userId = await createUser("runner-hostile-sandbox");
  simulator = await startTestSimulator();
  ids = await worldIds(simulator, userId);
  events = await openEventText(simulator, userId);
  runner = await testRunner({
    dataDir: data.dir,
    simulatorUrl: simulator.url,
    controlKey: simulatorKey,
    timing: { readyTimeoutMs: 20_000, stopGraceMs: 1000 },
  });
});

afterAll(async () => {
  await db.bot.updateMany({ where: { userId }, data: { desiredState: "stopped" } });
  await runner?.stop();
  events?.close();
  await simulator?.close();
  await db.user.deleteMany({ where: { id: userId } });
  tcp4.close();
  tcp6.close();
  udp.close();
  data.remove();
});

const ready = `os.write(3, b'{"type": "ready"}\\n')`;

/** Python reaches below any in-process guard: _socket, ctypes and raw syscalls, psql. */
const pythonAttacks = `
import ctypes, errno, glob, json, os, re, signal, socket, _socket, stat, struct, subprocess, time
libc = ctypes.CDLL(None, use_errno=True)
port = int(os.environ["HOST_PORT"]); udp_port = int(os.environ["UDP_PORT"])
r = {"ldPreload": os.environ.get("LD_PRELOAD"), "glibcTunables": os.environ.get("GLIBC_TUNABLES"), "secret": os.environ.get("MY_SECRET")}
status = open("/proc/self/status").read()
for key in ("CapEff", "CapPrm", "CapBnd", "NoNewPrivs", "Seccomp"):
    r[key] = re.search(r"^%s:\\s*(\\S+)" % key, status, re.M).group(1)
r["uid"] = os.getuid()
def attempt(name, action):
    try:
        value = action()
        r[name] = "allowed:" + str(value)[:40]
    except Exception as error:
        r[name] = type(error).__name__ + ":" + str(getattr(error, "errno", ""))
def syscall(number, *args):
    result = libc.syscall(number, *args)
    if result == -1:
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
    return result
reached = []
spellings = [("127.0.0.1", _socket.AF_INET), ("127.0.0.2", _socket.AF_INET), ("0.0.0.0", _socket.AF_INET),
  ("::1", _socket.AF_INET6), ("::", _socket.AF_INET6), ("::ffff:127.0.0.1", _socket.AF_INET6),
  ("0:0:0:0:0:ffff:7f00:1", _socket.AF_INET6), ("::ffff:7f00:1", _socket.AF_INET6), ("0000::1", _socket.AF_INET6)]
for host, family in spellings:
    for target in (port, 5432):
        s = _socket.socket(family, _socket.SOCK_STREAM); s.settimeout(0.5)
        try:
            s.connect((host, target)); reached.append("tcp %s:%d" % (host, target))
        except OSError:
            pass
        s.close()
    u = _socket.socket(family, _socket.SOCK_DGRAM)
    try:
        u.sendto(b"x", (host, udp_port))
    except OSError:
        pass
    u.close()
def ctypes_connect():
    fd = libc.socket(2, 1, 0)
    address = struct.pack("<HH4s8x", 2, socket.htons(port), socket.inet_aton("127.0.0.1"))
    if libc.connect(fd, ctypes.c_char_p(address), 16) != 0:
        raise OSError(ctypes.get_errno(), "connect")
    return "connected"
attempt("ctypesConnect", ctypes_connect)
r["reached"] = reached
def psql(host):
    binary = (glob.glob("/usr/lib/postgresql/*/bin/psql") or ["psql"])[0]
    done = subprocess.run([binary, "-h", host, "-U", "postgres", "-d", "postgres", "-w", "-c", "select count(*) from pg_authid"], capture_output=True, timeout=10)
    if done.returncode != 0:
        raise OSError(done.returncode, done.stderr.decode()[:60])
    return done.stdout
attempt("psqlTcp", lambda: psql("127.0.0.1"))
attempt("psqlSocket", lambda: psql("/var/run/postgresql"))
attempt("rawSocket", lambda: socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP))
attempt("packetSocket", lambda: socket.socket(socket.AF_PACKET, socket.SOCK_RAW, 0))
attempt("openByHandleAt", lambda: syscall(304, -100, ctypes.create_string_buffer(128), 0))
attempt("mknod", lambda: os.mknod("/tmp/sda", stat.S_IFBLK | 0o600, os.makedev(8, 0)))
attempt("mount", lambda: syscall(165, b"none", b"/tmp", b"tmpfs", 0, None))
attempt("unshareUser", lambda: syscall(272, 0x10000000))
attempt("unshareNet", lambda: syscall(272, 0x40000000))
attempt("ptrace", lambda: syscall(101, 0, 0, 0, 0))
attempt("bpf", lambda: syscall(321, 0, 0, 0))
attempt("ioUring", lambda: syscall(425, 1, ctypes.create_string_buffer(120)))
attempt("procSys", lambda: open("/proc/sys/kernel/core_pattern", "w").write("|/tmp/x"))
attempt("sysrq", lambda: open("/proc/sysrq-trigger", "w").write("b"))
attempt("hostDisk", lambda: open("/dev/vda", "rb").read(1))
children = []
try:
    for _ in range(1000):
        pid = os.fork()
        if pid == 0:
            time.sleep(30); os._exit(0)
        children.append(pid)
except OSError:
    pass
r["forked"] = len(children)
for pid in children:
    os.kill(pid, signal.SIGKILL); os.waitpid(pid, 0)
def fill(path):
    written = 0
    chunk = b"x" * (1 << 20)
    try:
        with open(path, "wb") as handle:
            for _ in range(4096):
                handle.write(chunk); handle.flush(); written += 1
    except OSError as error:
        return "%d MB then %s" % (written, errno.errorcode.get(error.errno))
    finally:
        os.remove(path)
    return "%d MB" % written
r["tmpFill"] = fill("/tmp/fill")
r["scratchFill"] = fill(os.environ["HOME"] + "/fill")
print("PROBE " + json.dumps(r), flush=True)
${ready}
time.sleep(120)
`;

/** Node: every spelling of host loopback through net and dgram (the in-process guard is only a message). */
const nodeAttacks = `
const net = require("node:net"); const dgram = require("node:dgram");
const port = Number(process.env.HOST_PORT); const udpPort = Number(process.env.UDP_PORT);
const hosts = ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "0:0:0:0:0:ffff:7f00:1", "::ffff:7f00:1", "0000:0000:0000:0000:0000:0000:0000:0001", "localhost"];
const result = {};
let pending = hosts.length;
for (const host of hosts) {
  const socket = net.connect({ host, port });
  const done = (outcome) => { result[host] = outcome; socket.destroy(); if (--pending === 0) finish(); };
  socket.on("connect", () => done("connected")); socket.on("error", (error) => done(error.code));
  socket.setTimeout(2000, () => done("timeout"));
  for (const type of ["udp4", "udp6"]) {
    try { const u = dgram.createSocket(type); u.on("error", () => {}); u.send("x", udpPort, host, () => u.close()); } catch {}
  }
}
function finish() {
  console.log("PROBE " + JSON.stringify(result));
  require("node:fs").writeSync(3, JSON.stringify({ type: "ready" }) + "\\n");
}
setInterval(() => {}, 1000);
`;

/**
 * A Discord bot reads its own namespace's routes. No packet goes to slirp's gateway: it is a
 * private address, and tests probe loopback only.
 */
const discordRoutes = `
import json, subprocess, time
r = {"routes": subprocess.run(["/usr/sbin/ip", "-4", "route", "show"], capture_output=True, text=True).stdout,
     "routes6": subprocess.run(["/usr/sbin/ip", "-6", "route", "show"], capture_output=True, text=True).stdout}
print("PROBE " + json.dumps(r), flush=True)
${ready}
time.sleep(120)
`;

/** `count` "!ping"s to the good bot, paced like a chat: it answered every one, once and in order. */
async function pings(count: number, good: string) {
  const round = await pingRound(simulator, events, { userId, channelId: ids.general, authorId: ids.owner }, count);
  expect(round.answered, `the good bot's log:\n${(await logText(good)).slice(-2000)}`).toEqual(round.sent);
  return round.latencies;
}

async function probeResult(botId: string): Promise<Record<string, unknown>> {
  const text = await waitFor(
    () => logText(botId),
    (logs) => logs.includes("PROBE ") || /Status: crashed/.test(logs),
    { timeoutMs: 60_000 },
  );
  const match = /PROBE (.*)/.exec(text);
  if (!match) throw new Error(text);
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

const denied = expect.stringMatching(/^(PermissionError|OSError|FileNotFoundError|ConnectionRefusedError):/) as unknown;

describe("the bot sandbox is a boundary", () => {
  it("contains every attack while a good bot keeps answering every message", async () => {
    const good = await createBot(userId, [{ path: "index.js", content: pingBot }], { name: "good" });
    await runner.reconcile();
    await waitForStatus(good, "running", 20_000);
    const before = await pings(3, good);

    const stay = { restartPolicy: "stay-stopped", desiredState: "stopped" };
    const python = await createBot(userId, [{ path: "main.py", content: pythonAttacks }], {
      name: "py-attacks",
      language: "python",
      ...stay,
    });
    const node = await createBot(userId, [{ path: "index.js", content: nodeAttacks }], {
      name: "node-attacks",
      ...stay,
    });
    const hog = await createBot(
      userId,
      [
        {
          path: "main.py",
          content: `import os, time\n${ready}\ntime.sleep(0.3)\nkeep = b"\\x01" * (2 << 30)\ntime.sleep(60)\n`,
        },
      ],
      { name: "hog-2gb", language: "python", ...stay },
    );
    const discord = await createBot(userId, [{ path: "main.py", content: discordRoutes }], {
      name: "discord-routes",
      language: "python",
      connectTo: "discord",
      ...stay,
    });
    const token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.sandbox-test-token-abcdefghijklmnop";
    await db.bot.update({
      where: { id: discord },
      data: { tokenSealed: sealToken(token, tokenKeys().current, sealedFor.botToken(discord)) },
    });
    for (const botId of [python, node, discord]) {
      await db.botEnvVar.createMany({
        data: [
          { botId, key: "HOST_PORT", value: String(hostPort) },
          { botId, key: "UDP_PORT", value: String(udpPort) },
          { botId, key: "MY_SECRET", value: "only-inside-the-sandbox-0123456789" },
          // Stored as a database writer could, past the settings form's refusal.
          { botId, key: "LD_PRELOAD", value: "/tmp/evil.so" },
          { botId, key: "GLIBC_TUNABLES", value: "glibc.malloc.check=3" },
        ],
      });
    }
    await db.bot.updateMany({ where: { id: { in: [python, node, hog, discord] } }, data: { desiredState: "running" } });
    await runner.reconcile();

    // The launcher (bubblewrap, as the bot's user) was started with a fixed environment only.
    const launcher = Number(
      await waitFor(
        async () => {
          try {
            return readFileSync(join(botDirs(data.dir, python).root, "pid"), "utf8");
          } catch {
            return "";
          }
        },
        (pid) => pid !== "",
      ),
    );
    const launcherEnv = readFileSync(`/proc/${launcher}/environ`, "utf8").split("\0").filter(Boolean);
    const launcherArgs = readFileSync(`/proc/${launcher}/cmdline`, "utf8");
    // Only the fixed PATH (and the working directory "/", which the shell that joins the cgroups
    // exports before it hands over to setpriv and bwrap): nothing of the bot's.
    expect(launcherEnv.filter((entry) => entry !== "PWD=/")).toEqual(["PATH=/usr/sbin:/usr/bin:/sbin:/bin"]);
    expect(launcherArgs).not.toContain("only-inside-the-sandbox");
    expect(launcherArgs).not.toContain("LD_PRELOAD");

    // The attacks run while the good bot is pinged: contained, it answers each, in order.
    const during = await pings(8, good);

    const py = await probeResult(python);
    expect(py).toMatchObject({
      ldPreload: null,
      glibcTunables: null,
      secret: "only-inside-the-sandbox-0123456789",
      CapEff: "0000000000000000",
      CapPrm: "0000000000000000",
      CapBnd: "0000000000000000",
      NoNewPrivs: "1",
      Seccomp: "2",
      reached: [],
      ctypesConnect: denied,
      psqlTcp: denied,
      psqlSocket: denied,
      rawSocket: denied,
      packetSocket: denied,
      openByHandleAt: "PermissionError:1",
      mknod: denied,
      mount: "PermissionError:1",
      unshareUser: "PermissionError:1",
      unshareNet: "PermissionError:1",
      ptrace: "PermissionError:1",
      bpf: "PermissionError:1",
      ioUring: "PermissionError:1",
      procSys: denied,
      sysrq: denied,
      hostDisk: denied,
    });
    expect(py.uid).not.toBe(0);
    expect(py.forked as number).toBeLessThan(128);
    expect(py.tmpFill).toMatch(/^6[0-4] MB then ENOSPC$/);
    expect(py.scratchFill).toMatch(/^1[0-2]\d MB then ENOSPC$/);
    expect(await logText(python)).toMatch(/Not set: .*LD_PRELOAD/);

    const nodeResult = await probeResult(node);
    for (const outcome of Object.values(nodeResult)) expect(outcome).not.toBe("connected");

    const routes = await probeResult(discord);
    for (const range of ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "100.64.0.0/10"]) {
      expect(routes.routes as string).toContain(`prohibit ${range}`);
    }
    expect(routes.routes as string).toMatch(/default via 10\.0\.2\.2 dev tap0/);
    expect((routes.routes6 as string).trim()).not.toMatch(/default/);

    const hogRow = await waitFor(
      () => db.bot.findUniqueOrThrow({ where: { id: hog } }),
      (row) => row.status === "crashed",
      { timeoutMs: 30_000 },
    );
    expect(hogRow.statusReason).toMatch(/^Used more than 256 MB of memory\./);

    expect(hostHits).toEqual([]);
    const after = await pings(3, good);
    // Printed, not asserted: how fast the neighbour answers is npm run bench:hostile's number.
    console.log(
      `!ping p95 (ms) with the sandbox attacks: before ${p95(before).toFixed(0)}, during ${p95(during).toFixed(0)}, after ${p95(after).toFixed(0)}`,
    );
    expect((await db.bot.findUniqueOrThrow({ where: { id: good } })).status).toBe("running");
  }, 180_000);
});
