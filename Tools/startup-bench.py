#!/usr/bin/env python3
"""What one `bolt11 decode INVOICE` process costs, against a C program that only starts.

    Tools/startup-bench.py [BOLT11] [--runs N]

BOLT11 defaults to the release build (.build/release/bolt11); build it with Tools/package.sh,
which links it in start-up order (Tools/startup-order.py). Compare copies made the same way: how
a file's pages came into the page cache changes how many pages one fault maps (the kernel maps
more of a folio written in one piece). `--version` of one build took 113 page faults a start as
a `cp` of it and 65 as written by `strip -o`; the tarball's binary, as CI measures it, is the
user's case. The C no-op is compiled with `cc -O2` into a temporary folder. The two
programs are started alternately in one run, N times each (default 300), each with posix_spawn
and reaped with wait4, so both pay the same driver overhead and the same machine load; it prints
the median wall time of each, their ratio, and the minor and major page faults of one start
(from wait4's rusage). Not a timed test: the ratio is reported, never asserted. `perf stat` is
not needed.

Where the time goes: `bolt11 --version` is started alternately too. It loads and starts the
binary (the kernel's exec, page faults, the Swift runtime's start-up) and writes one line, but
decodes nothing and never touches libsecp256k1's tables; `decode` minus `--version` is the
decode itself (key recovery, the context's self-test, the JSON-free summary), `--version` minus
the C no-op what a Swift binary of this size costs to start.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

# "Please send $3 for a cup of coffee to the same peer, within one minute" (BOLT #11, Examples).
INVOICE = (
    "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqf"
    "qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85"
    "fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"
)


def start(argv, devnull):
    """Seconds from spawn to reaped exit, and the child's rusage."""
    began = time.perf_counter()
    pid = os.posix_spawn(
        argv[0], argv, {"PATH": "/usr/bin:/bin"},
        file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - began
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"startup-bench: {argv[0]} exited {os.waitstatus_to_exitcode(status)}")
    return elapsed, usage


def main():
    args = sys.argv[1:]
    runs = 300
    if "--runs" in args:
        index = args.index("--runs")
        runs = int(args[index + 1])
        del args[index:index + 2]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    bolt11 = os.path.abspath(args[0]) if args else os.path.join(root, ".build/release/bolt11")
    if not os.access(bolt11, os.X_OK):
        sys.exit(f"startup-bench: no executable {bolt11}; build it first")
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "noop.c")
        noop = os.path.join(folder, "noop")
        with open(source, "w") as file:
            file.write("int main(void) { return 0; }\n")
        subprocess.run(["cc", "-O2", "-o", noop, source], check=True)
        commands = {
            "c-noop": [noop],
            "version": [bolt11, "--version"],
            "bolt11": [bolt11, "decode", INVOICE],
        }
        times = {name: [] for name in commands}
        faults = {name: [] for name in commands}
        devnull = os.open(os.devnull, os.O_WRONLY)
        for name, argv in commands.items():  # warm the page cache
            for _ in range(5):
                start(argv, devnull)
        for _ in range(runs):
            for name, argv in commands.items():
                elapsed, usage = start(argv, devnull)
                times[name].append(elapsed)
                faults[name].append((usage.ru_minflt, usage.ru_majflt))
        os.close(devnull)
    size = os.path.getsize(bolt11)
    print(f"bolt11: {bolt11} ({size / 1e6:.1f} MB), {runs} starts of each, alternating")
    for name in commands:
        median = statistics.median(times[name]) * 1e3
        minor = statistics.median(fault[0] for fault in faults[name])
        major = max(fault[1] for fault in faults[name])
        print(f"{name:8} median {median:6.2f} ms, {minor:5.0f} minor page faults a start"
              f" (major at most {major})")
    median = {name: statistics.median(times[name]) * 1e3 for name in commands}
    print(f"where: start-up {median['version'] - median['c-noop']:.2f} ms beyond the C no-op"
          f" (exec, page faults, Swift runtime), decode {median['bolt11'] - median['version']:.2f}"
          " ms (libsecp256k1, key recovery, output)")
    ratio = statistics.median(times["bolt11"]) / statistics.median(times["c-noop"])
    print(f"ratio bolt11 decode / C no-op: {ratio:.2f}")


if __name__ == "__main__":
    main()
