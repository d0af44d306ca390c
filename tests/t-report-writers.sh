#!/bin/sh
# t-report-writers.sh - reads back what the writers made of the hostile test
# report (test_writers -o) with independent parsers: the JSON against the
# field tables of doc/json-schema.md, the CSV by RFC 4180, the HTML and
# its SVG.
. "$(dirname "$0")/lib.sh"

bin=$BUILD/tests/test_writers
if [ ! -x "$bin" ]; then
	fail "writers output" "$bin not built"
	exit 0
fi
if ! "$bin" -o "$scratch" >"$scratch/unit.out" 2>&1; then
	fail "writers output" "test_writers failed (see its own lines)"
	exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
	skip "writers read back" "no python3"
	exit 0
fi

python3 - "$scratch" doc/json-schema.md <<'EOF'
import csv, html.parser, json, re, sys
import xml.etree.ElementTree as ET

out, doc = sys.argv[1], sys.argv[2]
HOST = "<script>alert(1)</script>"

def check(name, ok, why=""):
    print(("PASS: %s" % name) if ok else ("FAIL: %s: %s" % (name, why)))

# The field tables: "### `name`" then rows "| `field` | type | meaning |".
tables, cur = {}, None
for line in open(doc, encoding="utf-8"):
    m = re.match(r"^### `(\w+)`", line)
    if m:
        cur = tables.setdefault(m.group(1), {})
        continue
    m = re.match(r"^\| `(\w+)` \| ([a-z ]+) \|", line)
    if m and cur is not None:
        cur[m.group(1)] = m.group(2).split(" or ")
check("schema doc has its tables", set(tables) == {"report", "system",
      "build", "settings", "run", "test", "spread", "pass", "copy", "index",
      "entry", "collection", "counters", "derived", "precision"},
      sorted(tables))

KINDS = {"string": str, "number": (int, float), "integer": int,
         "boolean": bool, "array": list, "object": dict}
problems = []

def kind_ok(v, kinds):
    for k in kinds:
        if k == "null" and v is None:
            return True
        t = KINDS.get(k)
        if t is None or v is None:
            continue
        if isinstance(v, bool) and k != "boolean":
            continue
        if isinstance(v, t):
            return True
    return False

def obj(v, table, where):
    if not isinstance(v, dict):
        problems.append("%s: not an object" % where)
        return {}
    want = tables.get(table, {})
    if set(v) != set(want):
        problems.append("%s: fields %s, documented %s" % (where,
                        sorted(set(v) ^ set(want)), table))
    for k, kinds in want.items():
        if k in v and not kind_ok(v[k], kinds):
            problems.append("%s.%s: %r is not %s" % (where, k, v[k],
                            " or ".join(kinds)))
    return v

# counters and derived: any subset of the documented members, numbers.
def some(v, table, where):
    if v is None:
        return
    if not isinstance(v, dict) or not v:
        problems.append("%s: not a non-empty object" % where)
        return
    for k, x in v.items():
        if k not in tables.get(table, {}) or not kind_ok(x, ["number"]):
            problems.append("%s.%s: %r undocumented or no number" % (where,
                            k, x))

def bad_constant(c):
    raise ValueError("non-JSON constant " + c)

try:
    with open(out + "/writers.json", encoding="utf-8", errors="strict") as f:
        rep = json.load(f, parse_constant=bad_constant)
    check("json strict parse", True)
except Exception as e:
    check("json strict parse", False, e)
    sys.exit(0)

obj(rep, "report", "report")
obj(rep.get("system"), "system", "system")
obj(rep.get("build"), "build", "build")
obj(rep.get("settings"), "settings", "settings")
obj(rep.get("counters"), "collection", "counters")
if rep.get("precision") is not None:
    obj(rep["precision"], "precision", "precision")
for i, run in enumerate(rep.get("runs", [])):
    w = "runs[%d]" % i
    obj(run, "run", w)
    for j, t in enumerate(run.get("tests", [])):
        tw = "%s.tests[%d]" % (w, j)
        obj(t, "test", tw)
        obj(t.get("spread"), "spread", tw + ".spread")
        some(t.get("derived"), "derived", tw + ".derived")
        for k, p in enumerate(t.get("passes", [])):
            obj(p, "pass", "%s.passes[%d]" % (tw, k))
            some(p.get("counters"), "counters", "%s.passes[%d]" % (tw, k))
            some(p.get("derived"), "derived", "%s.passes[%d]" % (tw, k))
            for c, cp in enumerate(p.get("copies", [])):
                cw = "%s.passes[%d].copies[%d]" % (tw, k, c)
                obj(cp, "copy", cw)
                some(cp.get("counters"), "counters", cw + ".counters")
                info = cp.get("info", {})
                if not all(isinstance(x, str) for x in info.values()):
                    problems.append(cw + ".info: a value is no string")
    for j, x in enumerate(run.get("indexes", [])):
        xw = "%s.indexes[%d]" % (w, j)
        obj(x, "index", xw)
        for k, e in enumerate(x.get("entries", [])):
            obj(e, "entry", "%s.entries[%d]" % (xw, k))
check("json matches doc/json-schema.md", not problems, "; ".join(problems[:5]))
check("json schema name", rep.get("schema") == "bytebench-report/1")
check("json hostname read back", rep["system"]["hostname"] == HOST,
      repr(rep["system"]["hostname"]))
check("json time format", all(re.fullmatch(
      r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", t) for t in
      [rep["start"], rep["end"]] + [r[k] for r in rep["runs"]
      for k in ("start", "end")]))

# The columns in the text report's order: by title, Odd fourth.
with open(out + "/writers.csv", newline="", encoding="utf-8") as f:
    rows = list(csv.reader(f, strict=True))
check("csv rows", len(rows) == 3 and all(len(r) == 7 for r in rows),
      [len(r) for r in rows])
check("csv quoted title read back", rows[0][3] ==
      'Odd, "quoted" | <b>title</b>', rows[0][3])
check("csv concurrency column", [r[0] for r in rows] ==
      ["Concurrency", "1", "2"])

class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.handlers, self.text = [], [], []
    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.handlers += [a for a, _ in attrs if a.startswith("on")]
    def handle_data(self, data):
        self.text.append(data)

page = open(out + "/writers.html", encoding="utf-8").read()
p = Page()
p.feed(page)
check("html has no script, b or i element", not {"script", "b", "i",
      "iframe", "img", "link"} & set(p.tags), sorted(set(p.tags)))
check("html has no event handler", not p.handlers, p.handlers)
check("html hostname shown as text", HOST in "".join(p.text))
m = re.search(r"<svg .*?</svg>", page, re.S)
try:
    # Inline in HTML the SVG needs no namespace, and has none.
    svg = ET.fromstring(m.group(0))
    bars = [r for r in svg.iter("rect") if r.find("title") is not None]
    check("svg is well-formed XML", True)
    check("svg bars", len(bars) == 9, len(bars))
    check("svg axis titled", any((t.text or "").startswith("Index (")
          for t in svg.iter("text")))
    view = [float(v) for v in svg.get("viewBox", "").split()]
    inside = all(0 <= float(r.get("x")) and float(r.get("x")) +
                 float(r.get("width")) <= view[2] for r in bars)
    check("svg bars inside the viewBox", len(view) == 4 and inside, view)
except Exception as e:
    check("svg is well-formed XML", False, e)
EOF
