"""damage-metadata.py OBJECT OUT KEY HEADER: OUT is code object OBJECT with
the MessagePack header byte of the first key string KEY in its AMDGPU
metadata note replaced by HEADER (hex): a map or array header written into
a string changes the structure of everything after it."""
import os
import sys

obj, out, key, header = sys.argv[1], sys.argv[2], sys.argv[3].encode(), int(sys.argv[4], 16)
data = bytearray(open(obj, "rb").read())
at = data.find(bytes([0xA0 | len(key)]) + key)
if at < 0:
    sys.exit("damage-metadata.py: no key %r" % key)
data[at] = header
open(out, "wb").write(data)
os.chmod(out, 0o755)
