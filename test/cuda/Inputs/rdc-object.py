"""Writes an assembler file whose object carries NVVM bitcode as ferry-nvcc's
relocatable device code: a __nv_relfatbin section holding a "FERRYRD1"
package of one OffloadBinary entry (LLVM's format, version 1).
Usage: rdc-object.py BITCODE SM OUT.s"""
import struct
import sys

bitcode = open(sys.argv[1], "rb").read()
strings = {b"triple": b"nvptx64-nvidia-cuda", b"arch": b"sm_" + sys.argv[2].encode()}
header_size, entry_size = 32, 40
table = b""
offsets = []
strings_at = header_size + entry_size + 16 * len(strings)
for key, value in strings.items():
    offsets.append((strings_at + len(table), strings_at + len(table) + len(key) + 1))
    table += key + b"\0" + value + b"\0"
align = lambda n: (n + 7) // 8 * 8
image_at = align(strings_at + len(table))
size = align(image_at + len(bitcode))
binary = struct.pack("<4sIQQQ", b"\x10\xff\x10\xad", 1, size, header_size, entry_size)
# IMG_Bitcode, OFK_Cuda, no flags.
binary += struct.pack("<HHIQQQQ", 2, 2, 0, header_size + entry_size, len(strings), image_at,
                      len(bitcode))
for key_at, value_at in offsets:
    binary += struct.pack("<QQ", key_at, value_at)
binary += table
binary += b"\0" * (image_at - len(binary)) + bitcode
binary += b"\0" * (size - len(binary))
package = b"FERRYRD1" + struct.pack("<Q", len(binary)) + binary
with open(sys.argv[3], "w") as out:
    out.write('.section __nv_relfatbin,"a",@progbits\n.p2align 3\n')
    for i in range(0, len(package), 16):
        out.write(".byte " + ",".join(str(b) for b in package[i:i + 16]) + "\n")
