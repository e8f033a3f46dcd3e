#!/usr/bin/env python3
"""Regenerates the CHECK lines of named-rows.ll from what the translation
gives now: for every function (one per row of passes/NVVMIntrinsics.def that
no other test names), per target, the AMDGPU and LLVM intrinsics its
translation calls, in order of first call, or its instructions when it
calls none. Run after a deliberate change of a lowering, then read the diff:

    test/translate/rows/update-named-rows.py build/lib/libferry-passes.so
"""
import re
import subprocess
import sys
from pathlib import Path

TARGETS = [("gfx90a", "CDNA2"), ("gfx942", "CDNA3"), ("gfx1100", "W32")]
TEST = Path(__file__).with_name("named-rows.ll")
OPT = "/usr/lib/llvm-19/bin/opt"


def functions(text):
    """{name: [body lines]} of the defined functions of an IR module."""
    out, name, body = {}, None, []
    for line in text.splitlines():
        m = re.match(r"define .*@([\w.]+)\(", line)
        if m:
            name, body = m.group(1), []
        elif line == "}" and name:
            out[name] = body
            name = None
        elif name and line.strip():
            body.append(line.strip())
    return out


def expectations(body):
    """What CHECK lines should match in one translated function, in order:
    the functions it calls (intrinsics and Ferry's helpers, each at its
    first call) and its memory accesses (loads, stores, atomics, fences),
    runs of one kind as a count; a function with neither, line by line when
    short, else its kinds of instruction in order of first use (at most
    eight). Returns (suffix, pattern) pairs: suffix "" or "-COUNT-N"."""
    events, seen = [], set()
    for line in body:
        event = None
        for callee in re.findall(r"@([\w.$]+)\(", line):
            if callee not in seen:
                seen.add(callee)
                events.append("call {{.*}}@" + callee + "(")
        if re.search(r"= load ", line):
            event = "= load "
        elif line.startswith("store "):
            event = "store "
        elif re.search(r"= (atomicrmw|cmpxchg) ", line):
            event = re.search(r"= (atomicrmw|cmpxchg) ", line).group(0)
        elif line.startswith("fence "):
            event = "fence "
        if event:
            events.append(event)
    if events:
        out = []
        for e in events:
            if out and out[-1][1] == e and not e.startswith("call"):
                out[-1][0] += 1
            else:
                out.append([1, e])
        return [("-COUNT-%d" % n if n > 1 else "", e) for n, e in out]
    if len(body) <= 4:
        return [("", re.sub(r"%[\w.]+", "{{%[a-zA-Z0-9_.]+}}", line)) for line in body]
    kinds = []
    for line in body:
        m = re.match(r"(?:%[\w.]+ = )?(\w+)", line)
        if m and m.group(1) not in kinds and m.group(1) != "ret":
            kinds.append(m.group(1))
    return [("", "{{(%[a-zA-Z0-9_.]+ = )?}}" + k + " ") for k in kinds[:8]]


def main():
    plugin = sys.argv[1]
    source = TEST.read_text()
    header, _, rest = source.partition("; ---- rows ----\n")
    code = "\n".join(l for l in rest.splitlines()
                     if not re.match(r"; (CHECK|CDNA2|CDNA3|W32)[-:A-Z0-9]*", l))
    translated = {}
    for arch, prefix in TARGETS:
        out = subprocess.run([OPT, "-load-pass-plugin", plugin,
                              "-passes=ferry-lower-nvvm-intrinsics<arch=%s>" % arch, "-S", "-"],
                             input=code, capture_output=True, text=True, check=True).stdout
        translated[prefix] = functions(out)
    lines = []
    for line in code.splitlines():
        m = re.match(r"define .*@([\w.]+)\(", line)
        if m:
            name = m.group(1)
            lines.append("; CHECK-LABEL: @%s(" % name)
            for _, prefix in TARGETS:
                for suffix, e in expectations(translated[prefix][name]):
                    lines.append("; %s%s: %s" % (prefix, suffix, e))
        lines.append(line)
    TEST.write_text(header + "; ---- rows ----\n" + "\n".join(lines).rstrip("\n") + "\n")


if __name__ == "__main__":
    main()
