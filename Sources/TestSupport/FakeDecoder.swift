/// An external decoder for tests of the line protocol: a Python script that answers each request
/// with the answer a JSON file gives for its invoice, and misbehaves as told on one invoice.
///
/// `python3 fake.py MODE ANSWERS TARGET`: MODE is `right` (no misbehaviour), `crash` (exits with
/// status 3 on TARGET, after a line on standard error), `hang` (sleeps on TARGET), `twice` (answers
/// TARGET twice), `garbage` (answers TARGET with an escape sequence and no JSON), `long` (answers
/// TARGET with a line of 2 MiB), `unsupported` (declares `mode` unsupported for every request
/// that gives it), `chatty` (writes 1.2 MB to standard error before each answer) or `record`
/// (also appends each request line to the file `requests.log` beside the script).
package enum FakeDecoder {
  /// The script, written to a test's own folder as `fake.py`.
  package static let script = #"""
    import json, os, sys, time
    mode, answers, target = sys.argv[1], json.load(open(sys.argv[2])), sys.argv[3]
    log = os.path.join(os.path.dirname(os.path.abspath(__file__)), "requests.log")
    for line in sys.stdin:
        request = json.loads(line)
        invoice = request["invoice"]
        if mode == "record":
            with open(log, "a") as file:
                file.write(line)
        if invoice == target:
            if mode == "crash":
                sys.stderr.write("fake: crashing now\n")
                sys.stderr.flush()
                os._exit(3)
            if mode == "hang":
                time.sleep(120)
            if mode == "twice":
                answer = dict(answers[invoice], id=request["id"])
                print(json.dumps(answer), flush=True)
            if mode == "garbage":
                print("\x1b[31mnot json", flush=True)
                continue
            if mode == "long":
                print("x" * (1 << 21), flush=True)
                continue
        if mode == "unsupported" and "mode" in request["options"]:
            print(json.dumps({"unsupported": "mode"}), flush=True)
            continue
        if mode == "chatty":
            sys.stderr.write("noise " * 200000 + "\n")
            sys.stderr.flush()
        answer = dict(answers[invoice])
        answer["id"] = request["id"]
        print(json.dumps(answer), flush=True)
    """#

  /// The command line that runs the script in `folder` (which holds `fake.py` and the answers
  /// file) in `mode`, misbehaving on `target`.
  package static func command(
    _ mode: String, folder: String, answers: String = "answers.json", target: String
  ) -> String {
    "python3 \(folder)/fake.py \(mode) \(folder)/\(answers) \(target)"
  }

  /// A wrapper, `python3 omit-empty.py COMMAND...`, that runs COMMAND (a decoder of the line
  /// protocol) and passes its answers on without the keys `fallbacks`, `routes` and `extra` when
  /// they are empty lists, as Core Lightning's `decode` prints them.
  package static let omittingEmptyListsScript = #"""
    import json, subprocess, sys
    child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    for line in sys.stdin:
        child.stdin.write(line)
        child.stdin.flush()
        answer = json.loads(child.stdout.readline())
        for key in ("fallbacks", "routes", "extra"):
            if answer.get(key) == []:
                del answer[key]
        print(json.dumps(answer), flush=True)
    """#
}
