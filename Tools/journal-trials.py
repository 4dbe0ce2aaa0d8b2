#!/usr/bin/env python3
"""Many processes, one file journal, SIGKILLs: counts lost and invented records.

Usage: Tools/journal-trials.py [--trials 500] [--writers 3] [--records 40] [--kills 3] [--seed 1]

Each trial starts WRITERS processes of `offline-receive-demo journal-writer DIR RECORDS TAG START`
over one directory. Each writer saves its records one by one (and marks every other one
terminal), printing `ack I` / `ack-terminal I` after each save returns. KILLS times per trial
a random writer is killed with SIGKILL at a random moment and restarted after its last
acknowledged record. When every writer has finished, the journal file is read here, in Python,
independently of the Swift code: header, each line's length and SHA-256, JSON. A record
acknowledged but missing is lost; a record no writer acknowledged is invented; a tombstone
acknowledged but live is lost too.

Prints one line per failing trial and a summary; exits 1 when anything was lost or invented.
Build first: `swift build --product offline-receive-demo`.
"""
import argparse
import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_journal(directory):
    """The journal's records as {intent: state}, checked like the library checks them.

    Schema 3: a header `offline-journal 3 <compacted lines> <sha256 of the text before>`, then
    lines `<length> <sha256> <json>`, each a record or {"remove": [intents]}, applied in order.
    Only bytes after the last newline may be damaged (an append never acknowledged: its newline
    is the last byte it writes); every whole line must check, and the compacted lines must all be
    there. Schemas 1 and 2: a header with the payload's length and SHA-256, a JSON array.
    """
    path = os.path.join(directory, "journal")
    if not os.path.exists(path):
        return {}
    data = open(path, "rb").read()
    header, _, rest = data.partition(b"\n")
    fields = header.decode().split(" ")
    if len(fields) != 4 or fields[0] != "offline-journal":
        raise ValueError("bad header")
    if fields[1] in ("1", "2"):
        if int(fields[2]) != len(rest) or hashlib.sha256(rest).hexdigest() != fields[3]:
            raise ValueError("bad length or checksum")
        return {item["intent"]: item["state"] for item in json.loads(rest)}
    if fields[1] != "3" or hashlib.sha256(" ".join(fields[:3]).encode()).hexdigest() != fields[3]:
        raise ValueError("bad header")
    lines = rest.split(b"\n")
    lines.pop()  # the bytes after the last newline: a torn append, if any
    records = {}
    for number, line in enumerate(lines):
        change = parse_line(line)
        if change is None:
            raise ValueError(f"damaged line {number + 1}")
        if "remove" in change:
            for intent in change["remove"]:
                records.pop(intent, None)
        else:
            records[change["intent"]] = change["state"]
    else:
        number = len(lines)
    if number < int(fields[2]):
        raise ValueError("compacted lines missing")
    return records


def parse_line(line):
    """One change line's JSON object, or None when its length or SHA-256 fail."""
    parts = line.split(b" ", 2)
    if len(parts) != 3 or not parts[0].isdigit() or int(parts[0]) != len(parts[2]):
        return None
    if hashlib.sha256(parts[2]).hexdigest().encode() != parts[1]:
        return None
    return json.loads(parts[2])


class Writer:
    def __init__(self, tag):
        self.tag = tag
        self.acked = set()
        self.acked_terminal = set()
        self.process = None
        self.errors = []

    def start(self, executable, directory, records):
        start = max(self.acked, default=-1) + 1
        self.process = subprocess.Popen(
            [executable, "journal-writer", directory, str(records), self.tag, str(start)],
            stdout=subprocess.PIPE)

    def collect(self):
        output, _ = self.process.communicate()
        killed = self.process.returncode == -signal.SIGKILL
        for line in output.decode().splitlines():
            parts = line.split(" ")
            if parts[0] == "error":
                self.errors.append(line)
            elif len(parts) == 2 and parts[0] == "ack":
                self.acked.add(int(parts[1]))
            elif len(parts) == 2 and parts[0] == "ack-terminal":
                self.acked_terminal.add(int(parts[1]))
        self.process = None
        return killed


def trial(executable, args, rng):
    directory = tempfile.mkdtemp(prefix="journal-trial-")
    writers = [Writer(chr(ord("a") + i)) for i in range(args.writers)]
    for writer in writers:
        writer.start(executable, directory, args.records)
    killed = 0
    for _ in range(args.kills):
        time.sleep(rng.uniform(0.005, 0.25))
        writer = rng.choice(writers)
        if writer.process is None:
            continue
        writer.process.send_signal(signal.SIGKILL)
        killed += writer.collect()
        if len(writer.acked) < args.records:
            writer.start(executable, directory, args.records)
    for writer in writers:
        if writer.process is not None:
            writer.collect()
        while len(writer.acked) < args.records and not writer.errors:
            writer.start(executable, directory, args.records)
            writer.collect()
    result = {"killed": killed, "acked": 0, "lost": 0, "invented": 0, "corrupt": 0, "errors": 0}
    try:
        stored = read_journal(directory)
    except ValueError:
        result["corrupt"] = 1
        stored = {}
    expected = set()
    for writer in writers:
        result["errors"] += len(writer.errors)
        result["acked"] += len(writer.acked) + len(writer.acked_terminal)
        for index in writer.acked:
            expected.add(f"{writer.tag}-intent-{index}")
        for index in writer.acked_terminal:
            if stored.get(f"{writer.tag}-intent-{index}") not in ("terminal",):
                result["lost"] += 1
    result["lost"] += len(expected - set(stored))
    result["invented"] += len(set(stored) - expected)
    leftovers = [n for n in os.listdir(directory) if n.startswith("journal.tmp")]
    subprocess.run(["rm", "-rf", directory], check=True)
    result["leftover_temp_files"] = len(leftovers)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=500)
    parser.add_argument("--writers", type=int, default=3)
    parser.add_argument("--records", type=int, default=40)
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--executable", default=os.path.join(ROOT, ".build/debug/offline-receive-demo"))
    args = parser.parse_args()
    if not os.access(args.executable, os.X_OK):
        sys.exit(f"{args.executable} not found: swift build --product offline-receive-demo")
    rng = random.Random(args.seed)
    totals = {}
    failing = 0
    started = time.time()
    for number in range(args.trials):
        result = trial(args.executable, args, rng)
        for key, value in result.items():
            totals[key] = totals.get(key, 0) + value
        if result["lost"] or result["invented"] or result["corrupt"] or result["errors"]:
            failing += 1
            print(f"trial {number}: {result}")
    print(
        f"{args.trials} trials ({args.writers} writers x {args.records} records, "
        f"{args.kills} kills each) in {time.time() - started:.0f} s: "
        f"{totals.get('killed', 0)} SIGKILLs landed mid-run, "
        f"{totals.get('acked', 0)} acknowledged writes, {totals.get('lost', 0)} lost, "
        f"{totals.get('invented', 0)} invented, {totals.get('corrupt', 0)} corrupt files, "
        f"{totals.get('errors', 0)} writer errors, "
        f"{totals.get('leftover_temp_files', 0)} temporary files left by killed writers; "
        f"{failing} failing trials")
    sys.exit(1 if failing else 0)


if __name__ == "__main__":
    main()
