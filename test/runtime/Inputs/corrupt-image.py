"""Writes damaged copies of an HSA code object (or of a file that embeds
one: the first code object in it is damaged): truncated, with the AMDGPU
metadata note's MessagePack replaced by an invalid byte, and with no
metadata note (its type changed, so that nothing else moves). The copies
keep the original's permissions, so a damaged program still runs."""
import os
import shutil
import struct
import sys

src, out = sys.argv[1], sys.argv[2]
data = open(src, "rb").read()


def write(suffix, content):
    open(out + suffix, "wb").write(content)
    shutil.copymode(src, out + suffix)


write(".truncated", data[: len(data) // 2])

# The note's name "AMDGPU\0" (padded to 8) is followed by the descriptor and
# preceded by the name size, the descriptor size and the note type.
at = data.find(b"AMDGPU\0\0")
assert at > 0, "no AMDGPU note"
assert struct.unpack("<I", data[at - 4 : at])[0] == 32, "not NT_AMDGPU_METADATA"
bad = bytearray(data)
bad[at + 8] = 0xC1  # never used by MessagePack
write(".badnote", bytes(bad))

none = bytearray(data)
none[at - 4 : at] = struct.pack("<I", 0)
write(".nonote", bytes(none))
