#!/usr/bin/env python3
"""Functions longer than the house rule allows (80 lines), outside tests.

    scripts/long-functions.py [--max N] [PATH...]

Lists, longest first, every `fn` of the Rust files under PATH (default: crates/) whose body
spans more than N lines (default 80), from the line of `fn` to its closing brace. Code under
`#[cfg(test)]` and files named `tests.rs` are left out, as are generated tables. Exit 1 when
any is listed.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def load_cycles_module():
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "import_cycles", os.path.join(os.path.dirname(os.path.abspath(__file__)), "import-cycles.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def long_functions(path, limit, cycles):
    """(lines, line number, name) of each function of `path` longer than `limit` lines."""
    with open(path, encoding="utf-8") as f:
        source = f.read()
    if "Do not edit" in source[:600] or "do not edit" in source[:600]:
        return []
    code = cycles.without_test_blocks(cycles.strip_comments_and_strings(source))
    found = []
    for m in re.finditer(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)", code):
        # The body: the first `{` after the signature, unless a `;` ends it first (a trait's).
        semi, brace = code.find(";", m.end()), code.find("{", m.end())
        if brace < 0 or (0 <= semi < brace):
            continue
        end = cycles.block_end(code, brace)
        first = code.count("\n", 0, m.start()) + 1
        last = code.count("\n", 0, end) + 1
        if last - first + 1 > limit:
            found.append((last - first + 1, first, m.group(1)))
    return found


def main():
    args = sys.argv[1:]
    limit = 80
    if "--max" in args:
        k = args.index("--max")
        limit = int(args[k + 1])
        del args[k:k + 2]
    roots = args or [os.path.join(ROOT, "crates")]
    cycles = load_cycles_module()
    rows = []
    for root in roots:
        walk = [(root, [], [os.path.basename(root)])] if root.endswith(".rs") else os.walk(root)
        for folder, dirs, files in walk:
            dirs[:] = [d for d in dirs if d not in ("target", "tests", "benches", "node_modules")]
            for name in files:
                if not name.endswith(".rs") or name == "tests.rs":
                    continue
                path = folder if folder.endswith(".rs") else os.path.join(folder, name)
                for lines, line, fn in long_functions(path, limit, cycles):
                    rows.append((lines, f"{os.path.relpath(path, ROOT)}:{line}", fn))
    for lines, at, fn in sorted(rows, reverse=True):
        print(f"{lines:5} {at} {fn}")
    if rows:
        print(f"long-functions: {len(rows)} functions over {limit} lines")
        sys.exit(1)


if __name__ == "__main__":
    main()
