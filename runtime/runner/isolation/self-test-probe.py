# Run by the runner in a sandbox exactly like a bot's, at start: reports what a bot could do.
# Only loopback-range addresses are tried (this host's; inside, they are the sandbox's own).
import json
import os
import re
import signal
import socket
import sys
import time

config = json.loads(sys.argv[1])
result = {}
status = open("/proc/self/status").read()
for key in ("CapEff", "CapPrm", "CapBnd", "NoNewPrivs", "Seccomp"):
    match = re.search(r"^%s:\s*(\S+)" % key, status, re.M)
    result[key] = match.group(1) if match else None
result["uid"] = os.getuid()

spellings = [
    ("127.0.0.1", socket.AF_INET),
    ("127.0.0.2", socket.AF_INET),
    ("127.255.255.254", socket.AF_INET),
    ("0.0.0.0", socket.AF_INET),
    ("::1", socket.AF_INET6),
    ("::", socket.AF_INET6),
    ("::ffff:127.0.0.1", socket.AF_INET6),
    ("0:0:0:0:0:ffff:7f00:1", socket.AF_INET6),
    ("::ffff:7f00:2", socket.AF_INET6),
]
reached = []
for host, family in spellings:
    for port in config["tcpPorts"]:
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.settimeout(0.5)
        try:
            sock.connect((host, port))
            reached.append("tcp %s %d" % (host, port))
        except OSError:
            pass
        finally:
            sock.close()
    sock = socket.socket(family, socket.SOCK_DGRAM)
    try:
        sock.sendto(b"cipher-self-test", (host, config["udpPort"]))
    except OSError:
        pass
    finally:
        sock.close()
result["reached"] = reached

relay = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
relay.settimeout(10)  # generous: a first start shares the machine with the build
try:
    relay.connect(config["relaySocket"])
    result["relay"] = relay.recv(64).decode()
except OSError as error:
    result["relay"] = str(error)
relay.close()

children = []
try:
    for _ in range(config["pidsMax"] * 2):
        pid = os.fork()
        if pid == 0:
            time.sleep(5)
            os._exit(0)
        children.append(pid)
except OSError:
    pass
result["forked"] = len(children)
for pid in children:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)

print(json.dumps(result), flush=True)
