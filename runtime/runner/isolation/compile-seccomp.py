"""Compiles seccomp-profile.json into a classic BPF program for bubblewrap's --seccomp FD.

Usage: /usr/bin/python3 compile-seccomp.py PROFILE OUTPUT
Needs libseccomp's Python binding (Debian: python3-seccomp). Writes OUTPUT atomically.
"""
import errno
import json
import os
import sys

import seccomp

OPS = {
    "EQ": seccomp.EQ,
    "NE": seccomp.NE,
    "LT": seccomp.LT,
    "LE": seccomp.LE,
    "GT": seccomp.GT,
    "GE": seccomp.GE,
    "MASKED_EQ": seccomp.MASKED_EQ,
}


def build(profile):
    default = seccomp.ERRNO(getattr(errno, profile["defaultErrno"]))
    # Syscalls of another ABI (i386 int 0x80 on x86_64) do not match the native architecture:
    # libseccomp kills the process for them.
    rules = seccomp.SyscallFilter(defaction=default)
    try:
        # A binary search over syscall numbers instead of a linear list: every syscall a bot makes
        # passes the filter (libseccomp 2.5+; older versions keep the linear list).
        rules.set_attr(seccomp.Attr.CTL_OPTIMIZE, 2)
    except (RuntimeError, ValueError, OSError):
        pass
    for name in profile["allow"]:
        try:
            rules.add_rule(seccomp.ALLOW, name)
        except (RuntimeError, ValueError):
            pass  # Not a syscall of this architecture.
    for rule in profile["rules"]:
        action = seccomp.ERRNO(getattr(errno, rule["errno"])) if "errno" in rule else seccomp.ALLOW
        args = []
        for arg in rule.get("args", []):
            if arg["op"] == "MASKED_EQ":
                args.append(seccomp.Arg(arg["index"], OPS[arg["op"]], arg["value"], arg.get("valueTwo", 0)))
            else:
                args.append(seccomp.Arg(arg["index"], OPS[arg["op"]], arg["value"]))
        for name in rule["names"]:
            try:
                rules.add_rule(action, name, *args)
            except (RuntimeError, ValueError):
                pass
    return rules


def main():
    profile_path, output = sys.argv[1], sys.argv[2]
    with open(profile_path, encoding="utf-8") as handle:
        profile = json.load(handle)
    rules = build(profile)
    temporary = output + ".tmp"
    with open(temporary, "wb") as handle:
        rules.export_bpf(handle)
    os.chmod(temporary, 0o644)
    os.replace(temporary, output)


if __name__ == "__main__":
    main()
