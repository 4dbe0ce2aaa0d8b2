#!/usr/bin/env python3
"""Writes Tools/startup-order.txt: the functions a one-shot `bolt11` runs and the variables it
touches, for the linker to place together.

    Tools/startup-order.py BOLT11 [--output FILE]

BOLT11 is the static `bolt11` as Tools/package.sh builds it (.build/static/release/bolt11: one
section a function, `-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections`;
a position-independent build is refused, since its addresses under valgrind are not those of
`nm`). A copy of it without debug information is run under callgrind (valgrind) for `--version`
and for one-shot `decode`, `decode --json`, `inspect`, `check` and `explain` of BOLT #11's coffee
invoice: every function that ran is listed, in the order of callgrind's output (not the order
they ran: within the group the order hardly matters; listing the package's own functions first
was tried and gave one page fault more). Then, from valgrind's lackey tool on `--version` and
`decode`, every variable (`.data`, `.bss`, `.rodata`) they read or write, in the order first
touched.

Why: a start-up's page faults, not its instructions, were most of what a static `bolt11 decode`
cost beyond a C no-op. The functions one decode runs lay scattered over the binary's 9 MB of
code, and each first touch of a 64 KB stretch of it is a page fault; so with the variables,
each first write to a page of `.bss` or `.data` one or two. Tools/package.sh links with lld's
`--symbol-ordering-file` of this list, which moves the section holding each symbol to the start
of its output section, in the list's order: a section of one function, or an object file's
whole section where the archive was built without one section a function (the Swift standard
library, glibc), and one object file's variables together. A symbol the list names that a
later build lacks is skipped (`--no-warn-symbol-ordering`), and Tools/check-package.sh prints
how many of them the built binary still has: run this again when that count falls. Needs
valgrind (apt-get install valgrind).
"""

import bisect
import os
import re
import shutil
import subprocess
import sys
import tempfile

# "Please send $3 for a cup of coffee to the same peer, within one minute" (BOLT #11, Examples).
INVOICE = (
    "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqf"
    "qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85"
    "fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"
)

RUNS = [
    ["--version"],
    ["decode", INVOICE],
    ["decode", "--json", INVOICE],
    ["inspect", INVOICE],
    ["check", INVOICE],
    ["explain", INVOICE],
]

# `fn=(id) name` names a function the first time, `fn=(id)` afterwards; `cfn=` lines name
# callees the same way. Names such as `(below main)` and `'2` recursion copies are callgrind's.
LINE = re.compile(r"^(c?fn)=\((\d+)\)(?: (.*))?$")


def functions_run(profile):
    """The functions with a cost of their own in one callgrind profile, in the order met."""
    names, order = {}, []
    with open(profile, encoding="utf-8", errors="replace") as file:
        for line in file:
            match = LINE.match(line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            if name:
                names[number] = name
            if kind == "fn" and number in names:
                order.append(names[number])
    return order


def sized_symbols(binary):
    """(start, size, name) of the binary's variables, by address."""
    listing = subprocess.run(["nm", "-S", "-n", binary], capture_output=True, text=True,
                             check=True).stdout
    symbols = []
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "bBdDrRvV":
            symbols.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    symbols.sort()
    return symbols


def variables_touched(trace, symbols):
    """The variables a lackey trace (`--trace-mem=yes`) reads or writes, in the order met."""
    starts = [start for start, _, _ in symbols]
    order, seen = [], set()
    with open(trace, encoding="utf-8", errors="replace") as file:
        for line in file:
            fields = line.split()
            if len(fields) != 2 or fields[0] not in ("L", "S", "M"):
                continue
            address = int(fields[1].split(",")[0], 16)
            index = bisect.bisect_right(starts, address) - 1
            if index < 0:
                continue
            start, size, name = symbols[index]
            if start <= address < start + max(size, 1) and name not in seen:
                seen.add(name)
                order.append(name)
    return order


def is_position_independent(binary):
    with open(binary, "rb") as file:
        header = file.read(18)
    return header[:4] == b"\x7fELF" and int.from_bytes(header[16:18], "little") == 3  # ET_DYN


USAGE = "usage: Tools/startup-order.py .build/static/release/bolt11 [--output FILE]"


def main():
    args = sys.argv[1:]
    output = os.path.join(os.path.dirname(os.path.abspath(__file__)), "startup-order.txt")
    if "--output" in args:
        index = args.index("--output")
        if index + 1 >= len(args):
            sys.exit(USAGE)
        output = args[index + 1]
        del args[index:index + 2]
    if len(args) != 1 or not os.access(args[0], os.X_OK):
        sys.exit(USAGE)
    if is_position_independent(args[0]):
        sys.exit("startup-order: give the static build (.build/static/release/bolt11), not a "
                 "position-independent one")
    if not shutil.which("valgrind"):
        sys.exit("startup-order: needs valgrind (apt-get install valgrind)")
    order, seen = [], set()
    with tempfile.TemporaryDirectory() as folder:
        # valgrind cannot read the debug information of the static build; it needs none.
        binary = os.path.join(folder, "bolt11")
        subprocess.run(["strip", "--strip-debug", "-o", binary, args[0]], check=True)
        for index, arguments in enumerate(RUNS):
            profile = os.path.join(folder, f"callgrind.{index}")
            subprocess.run(
                ["valgrind", "--tool=callgrind", "--demangle=no",
                 f"--callgrind-out-file={profile}", binary, *arguments],
                env={"PATH": "/usr/bin:/bin"}, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, check=False)
            for name in functions_run(profile):
                if name in seen or name.startswith("(") or "'" in name or name.startswith("0x"):
                    continue
                seen.add(name)
                order.append(name)
        symbols = sized_symbols(binary)
        for index, arguments in enumerate(RUNS[:2]):
            trace = os.path.join(folder, f"lackey.{index}")
            subprocess.run(
                ["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={trace}", binary,
                 *arguments],
                env={"PATH": "/usr/bin:/bin"}, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, check=False)
            for name in variables_touched(trace, symbols):
                if name not in seen:
                    seen.add(name)
                    order.append(name)
    with open(output, "w", encoding="utf-8") as file:
        file.write("".join(name + "\n" for name in order))
    print(f"startup-order: {len(order)} functions and variables, in {output}")


if __name__ == "__main__":
    main()
