# flip-image.py PROGRAM IMAGE OUT: OUT is PROGRAM with three bits flipped in
# the bytes of IMAGE (an image ferry-info --extract wrote out of it).
import os
import sys

program = bytearray(open(sys.argv[1], "rb").read())
image = open(sys.argv[2], "rb").read()
at = program.find(image)
if at < 0:
    sys.exit("flip-image.py: the image is not in the program")
for k in (len(image) // 3, len(image) // 2, 2 * len(image) // 3):
    program[at + k] ^= 0x10
open(sys.argv[3], "wb").write(program)
os.chmod(sys.argv[3], 0o755)
