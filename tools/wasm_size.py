#!/usr/bin/env python3
"""Lists a wasm module's functions by code size, grouped, from its name section.

Usage: tools/wasm_size.py MODULE.wasm [--top N] [--depth D] [--grep TEXT] [--diff OTHER.wasm]

The module must keep its name section: wasm-bindgen without --remove-name-section, and
wasm-opt with -g. Build with RUSTFLAGS="-C symbol-mangling-version=v0" to see generic
arguments in the names (the legacy mangling keeps only a hash). Sizes are raw body bytes
(gzip is not additive per function); data segments are reported as one line.
"""
import re
import sys
from collections import defaultdict


def leb(b, i):
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return r, i


def parse(path):
    b = open(path, "rb").read()
    assert b[:4] == b"\0asm", f"{path} is not a wasm module"
    i = 8
    imports = 0
    bodies = []
    names = {}
    sections = defaultdict(int)
    while i < len(b):
        sid = b[i]
        size, j = leb(b, i + 1)
        end = j + size
        if sid == 0:
            nl, k = leb(b, j)
            name = b[k : k + nl].decode("utf-8", "replace")
            sections["custom " + name] += size
            if name == "name":
                k += nl
                while k < end:
                    sub = b[k]
                    ssize, k = leb(b, k + 1)
                    send = k + ssize
                    if sub == 1:
                        n, k2 = leb(b, k)
                        for _ in range(n):
                            idx, k2 = leb(b, k2)
                            ln, k2 = leb(b, k2)
                            names[idx] = b[k2 : k2 + ln].decode("utf-8", "replace")
                            k2 += ln
                    k = send
        else:
            sections[{1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global",
                      7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}
                     .get(sid, str(sid))] += size
            if sid == 2:
                n, k = leb(b, j)
                for _ in range(n):
                    for _ in range(2):
                        ln, k = leb(b, k)
                        k += ln
                    kind = b[k]
                    k += 1
                    if kind == 0:
                        _, k = leb(b, k)
                        imports += 1
                    elif kind == 1:
                        k += 1
                        fl, k = leb(b, k)
                        _, k = leb(b, k)
                        if fl & 1:
                            _, k = leb(b, k)
                    elif kind == 2:
                        fl, k = leb(b, k)
                        _, k = leb(b, k)
                        if fl & 1:
                            _, k = leb(b, k)
                    elif kind == 3:
                        k += 2
            elif sid == 10:
                n, k = leb(b, j)
                for _ in range(n):
                    bs, k = leb(b, k)
                    bodies.append(bs)
                    k += bs
        i = end
    funcs = [(names.get(imports + f, f"func{imports + f}"), s) for f, s in enumerate(bodies)]
    return funcs, sections, len(b)


HASH = re.compile(r"::h[0-9a-f]{16}$|\[[0-9a-f]+\]")


def clean(name):
    return HASH.sub("", name)


def crate_of(name):
    n = name.lstrip("<&*").replace("dyn ", "").replace("mut ", "").replace("const ", "")
    m = re.match(r"[A-Za-z_][A-Za-z0-9_]*", n)
    return m.group(0) if m else name[:20]


def strip_generics(name):
    # Drops generic arguments (`f::<T>`, `Vec<T>`), keeps `<A as B>` qualified paths.
    out, i = [], 0
    while i < len(name):
        ch = name[i]
        if ch == "<" and i > 0 and (name[i - 1].isalnum() or name[i - 1] in "_:"):
            level = 0
            while i < len(name):
                if name[i] == "<":
                    level += 1
                elif name[i] == ">":
                    level -= 1
                    if level == 0:
                        break
                i += 1
            if out and out[-1] == ":" and len(out) > 1 and out[-2] == ":":
                del out[-2:]
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def module_of(name, depth):
    # `<A as B>::f` and `<A>::f` count as `A::f`; generic arguments are dropped; the path is
    # cut to `depth` segments.
    n = strip_generics(name)
    m = re.match(r"<(.*?)(?: as .*)?>::(.*)$", n)
    if m:
        n = m.group(1).lstrip("&*").replace("mut ", "") + "::" + m.group(2)
    parts = [p for p in n.split("::") if p]
    return "::".join(parts[:depth]) if parts else name


def mentions_practice(name):
    return "practice" in name or "Reordered" in name


def main():
    import signal
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    args = sys.argv[1:]
    top, depth, grep, other = 40, 3, None, None
    path = args.pop(0)
    while args:
        a = args.pop(0)
        if a == "--top":
            top = int(args.pop(0))
        elif a == "--depth":
            depth = int(args.pop(0))
        elif a == "--grep":
            grep = args.pop(0)
        elif a == "--diff":
            other = args.pop(0)
    funcs, sections, total = parse(path)
    funcs = [(clean(n), s) for n, s in funcs]
    code = sum(s for _, s in funcs)
    print(f"{path}: {total} bytes; sections: " + ", ".join(f"{k} {v}" for k, v in sorted(sections.items(), key=lambda kv: -kv[1])))
    print(f"{len(funcs)} functions, {code} code bytes; named with 'practice'/'Reordered': "
          f"{sum(s for n, s in funcs if mentions_practice(n))}")
    for title, key in (("by crate", crate_of), (f"by path (depth {depth})", lambda n: module_of(n, depth))):
        g = defaultdict(lambda: [0, 0])
        for n, s in funcs:
            g[key(n)][0] += s
            g[key(n)][1] += 1
        print(f"\n== {title}")
        for k, (s, c) in sorted(g.items(), key=lambda kv: -kv[1][0])[:top]:
            print(f"{s:9} {c:5}  {k}")
    print(f"\n== top {top} functions")
    for n, s in sorted(funcs, key=lambda x: -x[1])[:top]:
        if grep is None or grep in n:
            print(f"{s:9}  {n[:220]}")
    if grep:
        sel = [(n, s) for n, s in funcs if grep in n]
        print(f"\n== functions containing {grep!r}: {len(sel)}, {sum(s for _, s in sel)} bytes")
        for n, s in sorted(sel, key=lambda x: -x[1])[:top]:
            print(f"{s:9}  {n[:220]}")
    if other:
        ofuncs, _, ototal = parse(other)
        ocnt = defaultdict(int)
        for n, s in ofuncs:
            ocnt[clean(n)] += s
        cnt = defaultdict(int)
        for n, s in funcs:
            cnt[n] += s
        print(f"\n== diff against {other} ({ototal} bytes): functions new or grown")
        d = sorted(((cnt[n] - ocnt.get(n, 0), n) for n in cnt), reverse=True)
        print(f"total growth of new/grown: {sum(x for x, _ in d if x > 0)}; removed/shrunk: {sum(x for x, _ in d if x < 0)}")
        gd = defaultdict(int)
        for x, n in d:
            gd[module_of(n, depth)] += x
        for n in ocnt:
            if n not in cnt:
                gd[module_of(n, depth)] -= ocnt[n]
        print("-- by path")
        for k, x in sorted(gd.items(), key=lambda kv: -kv[1])[:top]:
            print(f"{x:+9}  {k}")
        print("-- functions")
        for x, n in d[:top]:
            print(f"{x:+9}  {n[:220]}")


main()
