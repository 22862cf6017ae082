// The deployable site: a fresh copy of www/ in which every .js is minified by terser (one
// file in, one file out: same names, same imports, same relative URLs, no bundling) with its
// source map beside it, every .css loses its comments and spare whitespace, and everything
// else is copied as it is; then the files a SCORM package of a set holds are listed
// (www/lib/scorm-package.js, PACKAGE_LIST). Run by `cargo xtask build`:
//
//   node xtask/site.mjs SOURCE_DIR OUT_DIR
//
// The copy is written to OUT_DIR.tmp, then moved over OUT_DIR, so a failure never leaves a
// half-minified site behind and no stale file survives. Any terser error stops the run.

import { readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { minify } from 'terser';
import { PACKAGE_LIST, packageFiles } from '../www/lib/scorm-package.js';

/** How terser treats every module: names of locals and top-level bindings are shortened,
 * never properties; class names stay (custom elements and errors show them); exports,
 * `import.meta.url`, dynamic `import()` and `new URL(…, import.meta.url)` are left alone. */
export const TERSER_OPTIONS = {
  module: true,
  ecma: 2020,
  compress: { passes: 2 },
  mangle: { properties: false },
  keep_classnames: true,
  format: { comments: false },
};

/** Where the source maps say the original files are: `plyground:///www/lib/board.js`, a name
 * that cannot clash with the served file, shown by devtools from the map's sourcesContent. */
const SOURCE_ROOT = 'plyground:///';

/**
 * Minifies one ES module. `name` is its path under the site (`lib/board.js`), `code` its
 * text; returns `{code, map}` with the `//# sourceMappingURL` comment in `code`.
 */
export async function minifyModule(name, code, sourceName = `www/${name}`) {
  const r = await minify(
    { [sourceName]: code },
    {
      ...TERSER_OPTIONS,
      sourceMap: { root: SOURCE_ROOT, url: `${basename(name)}.map`, includeSources: true },
    },
  );
  return { code: `${r.code}\n`, map: `${r.map}\n` };
}

/**
 * CSS without comments and without whitespace that means nothing: runs collapse to one
 * space, which goes entirely next to `{ } ; , >` and after `:`; the `;` before a `}` goes.
 * Strings and `url(…)` are copied byte for byte. A space before `:` stays (`a :hover` is not
 * `a:hover`), and so do spaces around `+`, `-`, `*`, `/` (`calc(1px + 2px)`).
 */
export function minifyCss(css) {
  const out = [];
  let i = 0;
  let space = false;
  const last = () => (out.length ? out[out.length - 1].slice(-1) : '');
  const emit = (text) => {
    const first = text[0];
    if (space && out.length && !'{};,>'.includes(first) && !'{};,>:'.includes(last())) out.push(' ');
    space = false;
    out.push(text);
  };
  while (i < css.length) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end < 0) throw new Error(`unterminated comment at offset ${i}`);
      i = end + 2;
      space = true;
    } else if (/\s/.test(c)) {
      i++;
      space = true;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== c) {
        if (css[j] === '\n') throw new Error(`newline in a string at offset ${i}`);
        j += css[j] === '\\' ? 2 : 1;
      }
      if (j >= css.length) throw new Error(`unterminated string at offset ${i}`);
      emit(css.slice(i, j + 1));
      i = j + 1;
    } else if (/^url\(/i.test(css.slice(i, i + 4)) && !/[\w-]/.test(css[i - 1] ?? '')) {
      // An unquoted url(…) may hold `/*`, quotes or spaces inside parentheses of its own.
      const end = css.indexOf(')', i);
      if (end < 0) throw new Error(`unterminated url( at offset ${i}`);
      emit(css.slice(i, end + 1));
      i = end + 1;
    } else if (c === '}' && last() === ';') {
      out[out.length - 1] = out[out.length - 1].slice(0, -1);
      space = false;
      out.push(c);
      i++;
    } else {
      emit(c);
      i++;
    }
  }
  return `${out.join('')}\n`;
}

/** Every file under `dir`, as paths relative to it with `/` separators, sorted. */
export async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)).split(sep).join('/'))
    .sort();
}

async function build(src, out) {
  const tmp = `${out}.tmp`;
  await rm(tmp, { recursive: true, force: true });
  const totals = { js: [0, 0, 0, 0], css: [0, 0, 0, 0] }; // raw before, gzip before, raw after, gzip after
  const files = await listFiles(src);
  let failed = 0;
  for (const name of files) {
    const bytes = await readFile(join(src, name));
    const dest = join(tmp, name);
    await mkdir(dirname(dest), { recursive: true });
    const kind = name.endsWith('.js') ? 'js' : name.endsWith('.css') ? 'css' : null;
    if (!kind) {
      await writeFile(dest, bytes);
      continue;
    }
    const text = bytes.toString('utf8');
    let small;
    try {
      if (kind === 'js') {
        const { code, map } = await minifyModule(name, text);
        await writeFile(`${dest}.map`, map);
        small = code;
      } else {
        small = minifyCss(text);
      }
    } catch (e) {
      const where = e.line ? `:${e.line}:${e.col}` : '';
      console.error(`site: cannot minify www/${name}${where}: ${e.message}`);
      failed++;
      continue;
    }
    await writeFile(dest, small);
    const t = totals[kind];
    t[0] += bytes.length;
    t[1] += gzipSync(bytes, { level: 9 }).length;
    t[2] += Buffer.byteLength(small);
    t[3] += gzipSync(small, { level: 9 }).length;
  }
  if (failed) throw new Error(`${failed} file(s) could not be minified; ${out} is unchanged`);
  const scorm = scormFiles(tmp);
  await writeFile(join(tmp, PACKAGE_LIST), `${JSON.stringify(scorm, null, 1)}\n`);
  await rm(out, { recursive: true, force: true });
  await rename(tmp, out);
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  const line = (label, t) => `${label} ${kib(t[0])} → ${kib(t[2])} raw, gzip ${kib(t[1])} → ${kib(t[3])}`;
  console.log(`site: ${files.length} files of www/ → ${out} (plus a .map beside each .js)`);
  console.log(`  ${line('JS ', totals.js)}`);
  console.log(`  ${line('CSS', totals.css)}`);
  const all = totals.js.map((n, k) => n + totals.css[k]);
  console.log(`  ${line('site JS+CSS', all)}`);
  console.log(`  ${PACKAGE_LIST}: the ${scorm.length} files a set's SCORM package holds`);
}

/** The files of the minified site at `dir` that a set's launch page loads. */
export function scormFiles(dir) {
  const isFile = (p) => {
    try {
      return statSync(join(dir, p)).isFile();
    } catch {
      return false;
    }
  };
  return packageFiles(isFile, (p) => readFileSync(join(dir, p), 'utf8'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [src, out] = process.argv.slice(2);
  if (!src || !out) {
    console.error('usage: node xtask/site.mjs SOURCE_DIR OUT_DIR');
    process.exit(2);
  }
  try {
    await build(src, out);
  } catch (e) {
    console.error(`site: ${e.message}`);
    process.exit(1);
  }
}
