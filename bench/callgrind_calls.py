#!/usr/bin/env python3
"""Calls to the named functions in a callgrind file, from every caller: `malloc` gives the allocations.

usage: callgrind_calls.py CALLGRIND_FILE [FUNCTION ...]   (default: malloc)
Prints `FUNCTION COUNT` per function. Reads callgrind's compressed names (`cfn=(7) malloc`, later `cfn=(7)`).
"""
import re
import sys


def main() -> int:
    path, wanted = sys.argv[1], set(sys.argv[2:] or ["malloc"])
    names, counts = {}, {name: 0 for name in wanted}
    callee = None
    pattern = re.compile(r"^c?fn=\((\d+)\)(?: (.*))?$")
    for line in open(path, errors="replace"):
        if line.startswith("cfn="):
            match = pattern.match(line.rstrip("\n"))
            if match:
                number, name = match.groups()
                if name is not None:
                    names[number] = name
                callee = names.get(number)
            else:
                callee = line[4:].rstrip("\n")
        elif line.startswith("fn="):
            match = pattern.match(line.rstrip("\n"))
            if match and match.group(2) is not None:
                names[match.group(1)] = match.group(2)
        elif line.startswith("calls=") and callee in wanted:
            counts[callee] += int(line[6:].split()[0])
    for name in sorted(wanted):
        print(f"{name} {counts[name]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
