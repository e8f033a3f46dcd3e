#!/usr/bin/env python3
"""Code quality of Ferry's translations next to HIP's, kernel by kernel.

Each CUDA source of the translation corpus (test/translate/corpus/src) is
compiled twice for one AMD processor (gfx90a by default):
  HIP    clang++-19 -x hip --offload-arch=ARCH --cuda-device-only -O3, with
         include/cuda_to_hip.h forced in (CUDA API names HIP 5.2.3 spells
         differently) and include/ searched first (cuda_fp16.h);
  Ferry  ferry-translate --emit=hsaco on the corpus module the source was
         regenerated into (libdevice/ by default, as clang links libdevice).
Both code objects are read with `ferry-info --image --json` (symbol size,
VGPR, AGPR, SGPR, scratch and LDS from the code object metadata); kernels are
matched by their mangled names. Prints a table (text or Markdown) and a
summary: the share of kernels with VGPRs <= HIP's, the median SGPR and code
size ratios, and the kernels that use scratch where HIP's use none. Sources
HIP cannot compile here (cub without hipCUB, bf16, inline PTX) are listed
with the first error line.

  hip-compare.py [--markdown] [--arch gfx90a] [--form libdevice|nolib]
                 [--build DIR] [NAME ...]
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(ROOT, "test", "translate", "corpus")


def find_device_libs():
    for d in sorted(glob.glob("/usr/lib/*/amdgcn/bitcode")) + ["/opt/rocm/amdgcn/bitcode"]:
        if os.path.exists(os.path.join(d, "ocml.bc")):
            return d
    return None


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, p.stderr


def first_error(text):
    for line in text.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0].strip() if lines else "failed"


def kernels(info, image):
    """Kernel name -> resources of one code object, or an error string."""
    rc, out, err = run([info, "--image", image, "--json"])
    if rc != 0:
        return first_error(err or out)
    result = {}
    for s in json.loads(out)["index"]["symbols"]:
        if s.get("kind") == "kernel":
            result[s["name"]] = {
                "vgpr": s["vgpr"], "agpr": s.get("agpr", 0), "sgpr": s["sgpr"],
                "scratch": s["scratch"], "lds": s["lds"], "size": s["size"]}
    return result


def base_name(mangled):
    """The function's own name in an Itanium-mangled name (_Z5nbodyPK... -> nbody)."""
    if not mangled.startswith("_Z"):
        return mangled
    digits = ""
    for c in mangled[2:]:
        if not c.isdigit():
            break
        digits += c
    if not digits:
        return mangled
    start = 2 + len(digits)
    return mangled[start:start + int(digits)]


def match(ferry, hip):
    """(Ferry kernel, HIP kernel) pairs: equal names, then equal base names
    where each side has one left (vector types mangle differently in HIP:
    float4 is HIP_vector_type<float, 4>)."""
    pairs = [(k, k) for k in sorted(set(ferry) & set(hip))]
    rest_f = [k for k in ferry if k not in hip]
    rest_h = [k for k in hip if k not in ferry]
    for k in sorted(rest_f):
        same = [h for h in rest_h if base_name(h) == base_name(k)]
        if len(same) == 1 and sum(base_name(f) == base_name(k) for f in rest_f) == 1:
            pairs.append((k, same[0]))
    return pairs


def compile_hip(args, src, out):
    cmd = [args.clang, "-x", "hip", "--offload-arch=" + args.arch, "--cuda-device-only",
           "--no-gpu-bundle-output", "-O3", "-isystem", os.path.join(HERE, "include"),
           "-include", "cuda_to_hip.h", "-Wno-unused-command-line-argument", src, "-o", out]
    if args.device_libs:
        cmd.insert(1, "--rocm-device-lib-path=" + args.device_libs)
    rc, _, err = run(cmd)
    return None if rc == 0 else first_error(err)


def compile_ferry(args, name, out):
    module = os.path.join(CORPUS, args.form, name + ".ll")
    if not os.path.exists(module):
        module = os.path.join(CORPUS, "nolib", name + ".ll")
    cmd = [os.path.join(args.build, "bin", "ferry-translate"), module,
           "--offload-arch=" + args.arch, "--emit=hsaco", "-o", out]
    rc, _, err = run(cmd)
    return None if rc == 0 else first_error(err)


def ratio(a, b):
    return a / b if b else (1.0 if a == 0 else float("inf"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="corpus sources (default: all of src/)")
    ap.add_argument("--arch", default="gfx90a")
    ap.add_argument("--form", default="libdevice", choices=["libdevice", "nolib"])
    ap.add_argument("--build", default=os.environ.get("FERRY_BUILD_DIR", os.path.join(ROOT, "build")))
    ap.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang++")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    args.device_libs = find_device_libs()
    info = os.path.join(args.build, "bin", "ferry-info")

    names = sorted(n[:-3] if n.endswith(".cu") else n for n in args.names) or sorted(
        os.path.basename(p)[:-3] for p in glob.glob(os.path.join(CORPUS, "src", "*.cu")))
    rows, skipped = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            src = os.path.join(CORPUS, "src", name + ".cu")
            if not os.path.exists(src):
                print("hip-compare: no source %s" % src, file=sys.stderr)
                return 2
            hip_obj = os.path.join(tmp, name + ".hip.hsaco")
            ferry_obj = os.path.join(tmp, name + ".ferry.hsaco")
            err = compile_hip(args, src, hip_obj)
            if err:
                skipped.append((name, "HIP: " + err))
                continue
            err = compile_ferry(args, name, ferry_obj)
            if err:
                skipped.append((name, "Ferry: " + err))
                continue
            hip, ferry = kernels(info, hip_obj), kernels(info, ferry_obj)
            for side, k in (("HIP", hip), ("Ferry", ferry)):
                if isinstance(k, str):
                    skipped.append((name, side + " code object: " + k))
                    break
            else:
                for kernel, hip_kernel in match(ferry, hip):
                    rows.append((name, kernel, ferry[kernel], hip[hip_kernel]))
                for side, rest in (("HIP", set(hip) - {h for _, h in match(ferry, hip)}),
                                   ("Ferry", set(ferry) - {f for f, _ in match(ferry, hip)})):
                    for kernel in sorted(rest):
                        skipped.append((name, "kernel %s only in %s" % (kernel, side)))

    cols = [("vgpr", "VGPR"), ("agpr", "AGPR"), ("sgpr", "SGPR"), ("scratch", "scratch"),
            ("lds", "LDS"), ("size", "code bytes")]
    header = ["module", "kernel"] + [h + " F/H" for _, h in cols]
    body = [[m, k] + ["%d/%d" % (f[c], h[c]) for c, _ in cols] for m, k, f, h in rows]
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for r in body:
            print("| " + " | ".join(r[:1] + ["`%s`" % r[1]] + r[2:]) + " |")
    else:
        widths = [max(len(x) for x in col) for col in zip(header, *body)]
        for r in [header] + body:
            print("  ".join(x.ljust(w) for x, w in zip(r, widths)).rstrip())

    print()
    n = len(rows)
    print("%s, %s form, %d kernels of %d sources matched by name (base name where vector types mangle differently)" %
          (args.arch, args.form, n, len({r[0] for r in rows})))
    if n:
        vgpr_le = sum(f["vgpr"] <= h["vgpr"] for _, _, f, h in rows)
        vgpr_r = [ratio(f["vgpr"], h["vgpr"]) for _, _, f, h in rows]
        sgpr_r = [ratio(f["sgpr"], h["sgpr"]) for _, _, f, h in rows]
        size_r = [ratio(f["size"], h["size"]) for _, _, f, h in rows]
        scratch = [k for _, k, f, h in rows if f["scratch"] > 0 and h["scratch"] == 0]
        print("VGPR <= HIP: %d of %d (%.0f%%); VGPR ratio median %.2f, worst %.2f" %
              (vgpr_le, n, 100.0 * vgpr_le / n, statistics.median(vgpr_r), max(vgpr_r)))
        print("SGPR ratio Ferry/HIP: median %.2f, worst %.2f" %
              (statistics.median(sgpr_r), max(sgpr_r)))
        print("code size ratio Ferry/HIP: median %.2f, worst %.2f" %
              (statistics.median(size_r), max(size_r)))
        print("scratch where HIP has none: %d kernel(s)%s" %
              (len(scratch), (": " + ", ".join(scratch)) if scratch else ""))
    for name, why in skipped:
        print("not compared: %s: %s" % (name, why))
    return 0 if n else 1


if __name__ == "__main__":
    sys.exit(main())
