"""Writes damaged copies of an HSA code object: truncated, and with the
AMDGPU metadata note's MessagePack replaced by an invalid byte."""
import sys

src, out = sys.argv[1], sys.argv[2]
data = open(src, "rb").read()
open(out + ".truncated", "wb").write(data[: len(data) // 2])

# The note's name "AMDGPU\0" (padded to 8) is followed by the descriptor.
at = data.find(b"AMDGPU\0\0")
assert at > 0, "no AMDGPU note"
bad = bytearray(data)
bad[at + 8] = 0xC1  # never used by MessagePack
open(out + ".badnote", "wb").write(bytes(bad))
