#!/usr/bin/env python3
"""Circles of imports between the files of each crate of the workspace.

    scripts/import-cycles.py [--graph] [--self-test]

An edge A -> B when file A names an item of file B through a `use` declaration or a path that
starts with `crate::`, `super::` or `self::` (or with a name a `use` brought in: `use
super::blocks;` then `blocks::window`). A name is followed to the file that defines it: through
child modules, and through re-exports (`pub use`, `pub(crate) use`...), which are no edges of
their own. Code under `#[cfg(test)]` (a `mod tests { ... }` block, a file declared only for tests)
is left out: a test may look at anything. A circle is a strongly connected component of more
than one file; the same is checked between the top-level modules of a crate (a folder and its
files as one), where circles fail too.

Circles under a folder listed in scripts/import-cycles.allow (one path a line, `#` comments) are
reported but tolerated, until their owners break them; any other circle fails (exit 1). An entry
of the list that no circle needs any more is named, so that it can be removed. `--graph` prints
every edge; `--self-test` first checks the check on a made-up crate with known circles.
"""
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
ALLOW = os.path.join(ROOT, "scripts", "import-cycles.allow")
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
# A `use` declaration: its visibility (a re-export when there is one) and its tree.
USE = r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);"


def strip_comments_and_strings(src):
    """The source with comments, string and char literals blanked (newlines kept)."""
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", src[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', src[i:i + 20]) and not re.match(r"\w", src[i - 1:i] or " "):
            hashes = re.match(r'r(#*)"', src[i:]).group(1)
            end = src.find('"' + hashes, i + len(hashes) + 2)
            j = n if end < 0 else end + 1 + len(hashes)
            out.append(re.sub(r"[^\n]", " ", src[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out.append(re.sub(r"[^\n]", " ", src[i:j + 1]))
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'|'\\(u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2})'", src[i:i + 12]):
            m = re.match(r"'(\\.|[^\\'])'|'\\(u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2})'", src[i:i + 12])
            out.append(" " * len(m.group(0)))
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def block_end(code, open_at):
    """The index just past the brace that closes the one at `open_at`."""
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j + 1
    return len(code)


def without_test_blocks(code):
    """The code with every `#[cfg(test)]` item (a module, a function, a `use`...) blanked."""
    start = 0
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(#\[[^\]]*\]\s*)*", code[start:])
        if not m:
            return code
        at, item = start + m.start(), start + m.end()
        semi, brace = code.find(";", item), code.find("{", item)
        if brace >= 0 and (semi < 0 or brace < semi):
            end = block_end(code, brace)
        else:
            end = len(code) if semi < 0 else semi + 1
        code = code[:at] + re.sub(r"[^\n]", " ", code[at:end]) + code[end:]
        start = at


class Crate:
    """The files of one crate, by module path (a tuple of names; () is the crate root)."""

    def __init__(self, src):
        self.src = src
        self.files = {}  # module path -> file
        self.code = {}  # file -> code without comments, strings and tests
        self.cache = {}  # file -> its `use` declarations
        root = "lib.rs" if os.path.exists(os.path.join(src, "lib.rs")) else "main.rs"
        self.load((), os.path.join(src, root), os.path.join(src, root)[:-3])

    def load(self, module, path, child_dir):
        """Reads the file of `module` and the files of its child modules (`child_dir`: where
        they are)."""
        with open(path, encoding="utf-8") as f:
            code = strip_comments_and_strings(f.read())
        tests = set(re.findall(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(" + IDENT + r")\s*;", code))
        code = without_test_blocks(code)
        self.files[module] = path
        self.code[path] = code
        if os.path.basename(path) in ("mod.rs", "lib.rs", "main.rs"):
            child_dir = os.path.dirname(path)
        decl = r"((?:#\[[^\]]*\]\s*)*)(?:pub(?:\([^)]*\))?\s+)?mod\s+(" + IDENT + r")\s*;"
        for m in re.finditer(decl, code):
            attrs, name = m.group(1), m.group(2)
            if name in tests:
                continue
            explicit = re.search(r'#\[path\s*=', attrs)
            if explicit:
                raw = open(path, encoding="utf-8").read()
                found = re.search(r'#\[path\s*=\s*"([^"]+)"\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+' + name + r"\s*;", raw)
                child = os.path.join(os.path.dirname(path), found.group(1))
                self.load(module + (name,), child, child[:-3])
                continue
            for child in (os.path.join(child_dir, name + ".rs"), os.path.join(child_dir, name, "mod.rs")):
                if os.path.exists(child):
                    self.load(module + (name,), child, os.path.join(child_dir, name))
                    break

    def module_of(self, path):
        return next(m for m, p in self.files.items() if p == path)

    def uses(self, path):
        """The `use` declarations of a file: [(is a re-export, alias, absolute path)]."""
        if path not in self.cache:
            self.cache[path] = self.uses_uncached(path)
        return self.cache[path]

    def uses_uncached(self, path):
        code, module = self.code[path], self.module_of(path)
        found = []
        for m in re.finditer(USE, code):
            tree = re.sub(r"\s*(::|[{},])\s*", r"\1", re.sub(r"\s+", " ", m.group(2).strip()))
            for alias, segs in expand(tree):
                absolute = self.absolute(module, segs)
                if absolute is not None:
                    found.append((bool(m.group(1)), alias, absolute))
        return found

    def absolute(self, module, segs):
        """A path as written in `module`, made absolute from the crate root; None when it leaves
        the crate (std, another crate)."""
        if not segs:
            return None
        head = segs[0]
        if head == "crate":
            return list(segs[1:])
        if head == "self":
            return list(module) + list(segs[1:])
        if head == "super":
            up, rest = 0, list(segs)
            while rest and rest[0] == "super":
                up, rest = up + 1, rest[1:]
            return list(module[:len(module) - up]) + rest
        # A path relative to the module (2018 edition: a child module's name).
        if tuple(module) + (head,) in self.files:
            return list(module) + list(segs)
        return None

    def resolve(self, segs, seen=None):
        """The file that defines the item an absolute path names (a module's own file when the
        path names a module)."""
        seen = seen or set()
        module = ()
        for k, seg in enumerate(segs):
            if module + (seg,) in self.files:
                module = module + (seg,)
                continue
            # An item of `module`'s file, or a name it re-exports.
            key = (module, seg)
            if key in seen:
                return self.files[module]
            seen.add(key)
            for reexport, alias, target in self.uses(self.files[module]):
                if reexport and alias == seg:
                    return self.resolve(target + list(segs[k + 1:]), seen)
                if reexport and alias == "*":
                    target_file = self.resolve(target, seen)
                    if target_file != self.files[module]:
                        inner = self.module_of(target_file)
                        if defines(self.code[target_file], seg) or (inner + (seg,)) in self.files:
                            return self.resolve(list(inner) + [seg] + list(segs[k + 1:]), seen)
            return self.files[module]
        return self.files[module]

    def edges(self, path):
        """The files that `path` names items of."""
        code, module = self.code[path], self.module_of(path)
        targets = set()
        aliases = {}
        for reexport, alias, absolute in self.uses(path):
            if alias == "*":
                targets.add(self.resolve(absolute))
                continue
            aliases[alias] = absolute
            if not reexport:
                targets.add(self.resolve(absolute))
        # Paths in the code: crate::, super::, self::, and names a `use` brought in.
        heads = ["crate", "super", "self"] + [a for a in aliases if a not in ("crate", "super", "self")]
        pattern = r"(?<![\w:])(" + "|".join(map(re.escape, heads)) + r")((?:::" + IDENT + r")+)"
        # (The `use` declarations themselves are done.)
        code = re.sub(USE, lambda m: re.sub(r"[^\n]", " ", m.group(0)), code)
        for m in re.finditer(pattern, code):
            segs = [m.group(1)] + m.group(2).split("::")[1:]
            if segs[0] in aliases and segs[0] not in ("crate", "super", "self"):
                absolute = aliases[segs[0]] + segs[1:]
            else:
                absolute = self.absolute(module, segs)
            if absolute is not None:
                targets.add(self.resolve(absolute))
        targets.discard(path)
        return targets


def defines(code, name):
    return re.search(r"\b(fn|struct|enum|trait|type|const|static|mod|union|macro_rules!)\s+" + re.escape(name) + r"\b", code) is not None


def expand(tree):
    """The (alias, segments) pairs of a use tree such as `super::{a, b::{c as d, *}}`."""
    out = []

    def leaf(prefix, part):
        m = re.match(r"^(.*) as (" + IDENT + r")$", part)
        segs = (m.group(1) if m else part).split("::")
        segs = prefix + [s for s in segs if s]
        alias = m.group(2) if m else segs[-1]
        if segs and segs[-1] == "self":
            segs = segs[:-1]
            if not m:
                alias = segs[-1] if segs else "self"
        out.append((alias, segs))

    def walk(prefix, t):
        brace = t.find("{")
        if brace < 0:
            for part in split_top(t):
                if part:
                    leaf(prefix, part)
            return
        head = t[:brace].rstrip(":")
        close = match_brace(t, brace)
        new_prefix = prefix + [s for s in head.split("::") if s]
        for part in split_top(t[brace + 1:close]):
            if part:
                walk(new_prefix, part)

    walk([], tree)
    return out


def match_brace(t, at):
    depth = 0
    for j in range(at, len(t)):
        depth += {"{": 1, "}": -1}.get(t[j], 0)
        if depth == 0:
            return j
    return len(t) - 1


def split_top(t):
    parts, depth, cur = [], 0, ""
    for c in t:
        if c == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += {"{": 1, "}": -1}.get(c, 0)
        cur += c
    parts.append(cur)
    return parts


def circles(graph):
    """The strongly connected components of more than one node (Tarjan's algorithm)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def check(root, allowed, graph_out=False):
    """Checks every crate under `root`/crates; returns whether a circle fails, and the report."""
    crates_dir = os.path.join(root, "crates")
    failed, used, out = False, set(), []
    rel = lambda p: os.path.relpath(p, root)
    for name in sorted(os.listdir(crates_dir)):
        src = os.path.join(crates_dir, name, "src")
        if not os.path.isdir(src):
            continue
        crate = Crate(src)
        graph = {path: crate.edges(path) for path in crate.files.values()}
        if graph_out:
            out += [f"{rel(a)} -> {rel(b)}" for a in sorted(graph) for b in sorted(graph[a])]
        # The same between the crate's top-level modules (a folder and its files are one).
        top = lambda p: os.path.relpath(p, src).split(os.sep)[0].removesuffix(".rs")
        modules = {}
        for a, bs in graph.items():
            for b in bs:
                if top(a) != top(b) and not {"lib", "main"} & {top(a), top(b)}:
                    modules.setdefault(top(a), set()).add(top(b))
        folders = {top(p) for p in graph if os.sep in os.path.relpath(p, src)}
        for comp in circles(modules):
            if not folders & set(comp):
                continue  # files alone: the check of files below reports it
            failed = True
            out.append(f"MODULE CIRCLE in {name}: " + " <-> ".join(comp))
            out += sorted(f"    {rel(f)} -> {rel(t)}" for f, ts in graph.items() if top(f) in comp
                          for t in ts if top(t) in comp and top(t) != top(f))
        for comp in circles(graph):
            files = [rel(p) for p in comp]
            allow = next((a for a in allowed if all(f.startswith(a) for f in files)), None)
            if allow:
                used.add(allow)
            else:
                failed = True
            out.append(f"{'allowed circle' if allow else 'CIRCLE'} ({len(files)} files): " + ", ".join(files))
            for a in comp:
                out.append(f"    {rel(a)} -> {', '.join(sorted(rel(b) for b in graph[a] if b in comp))}")
    for a in allowed:
        if a not in used:
            out.append(f"note: no circle under {a} any more: take it off scripts/import-cycles.allow")
    return failed, out


def self_test():
    """A crate with one circle through `use`, one through a path in code, one module circle, a
    re-export and a test-only import that make none: the check finds exactly the circles."""
    import tempfile
    files = {
        "lib.rs": "pub mod a;\npub mod b;\npub mod c;\npub mod m;\npub mod n;\npub use a::A;\n",
        "a.rs": "use crate::b::B;\npub struct A;\n#[cfg(test)]\nuse crate::c::C;\n",
        "b.rs": "pub struct B;\npub fn f() { let _ = super::a::A; }\n",
        "c.rs": "pub struct C;\n/// [`crate::a::A`] in a comment\nfn g() -> &'static str { \"crate::a::A\" }\n",
        "m/mod.rs": "mod x;\npub use x::X;\n",
        "m/x.rs": "pub struct X;\npub fn h() { crate::n::y(); }\n",
        "n.rs": "pub fn y() { let _ = crate::m::X; }\n",
    }
    with tempfile.TemporaryDirectory() as root:
        src = os.path.join(root, "crates", "t", "src")
        for name, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(src, name)), exist_ok=True)
            with open(os.path.join(src, name), "w", encoding="utf-8") as f:
                f.write(text)
        failed, out = check(root, [])
        found = [line for line in out if not line.startswith("    ")]
        want = ["MODULE CIRCLE in t: m <-> n",
                "CIRCLE (2 files): crates/t/src/a.rs, crates/t/src/b.rs",
                "CIRCLE (2 files): crates/t/src/m/x.rs, crates/t/src/n.rs"]
        assert failed and sorted(found) == sorted(want), out
        failed, out = check(root, ["crates/t/src/"])
        assert failed and "allowed circle (2 files): crates/t/src/a.rs, crates/t/src/b.rs" in out, out
    print("import-cycles: self-test passed")


def main():
    if "--self-test" in sys.argv:
        self_test()
    allowed = []
    if os.path.exists(ALLOW):
        for line in open(ALLOW, encoding="utf-8"):
            line = line.split("#")[0].strip()
            if line:
                allowed.append(line.rstrip("/") + "/")
    failed, out = check(ROOT, allowed, "--graph" in sys.argv)
    print("\n".join(out))
    if failed:
        print("import-cycles: circles found; break each with a leaf module both sides can use")
        sys.exit(1)
    print("import-cycles: no circle outside the allow-list")


if __name__ == "__main__":
    main()
