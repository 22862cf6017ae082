// The npm package for authors, `plyground-elements`: the elements and what they load, as the
// minified site has them (same names, same relative URLs: the elements find their modules,
// wasm, worker and stylesheet next to their own script, so the same files work from
// node_modules or a CDN path), with a custom-elements.json manifest and TypeScript
// declarations generated from the elements' code. Run by `cargo xtask dist`:
//
//   node xtask/dist.mjs WWW_DIR SITE_DIR OUT_DIR VERSION
//
// It stages OUT_DIR/package/ and runs `npm pack` there, which writes
// OUT_DIR/plyground-elements-VERSION.tgz.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { vendorLicences } from '../www/lib/scorm-package.js';

export const PACKAGE_NAME = 'plyground-elements';
export const ENTRY = 'plyground-elements.js';

/**
 * Files the code refers to that the package leaves out, with the reason. The full module is
 * the playground's (and the tests'): runtime.js and worker.js name it, but no element loads it
 * (each loads the tree, games or practice module).
 */
export const LEFT_OUT = [{ prefix: 'pkg/', why: 'the full module: no element loads it' }];

const REFERENCE =
  /(?:\bimport\s*(?:[\w*{}\s,$]+from\s*)?|\bimport\s*\(\s*|\bexport\s*[\w*{}\s,$]+from\s*|new URL\(\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;

/** The files a module refers to (static and dynamic imports, `new URL('./…', import.meta.url)`). */
export function references(name, code) {
  return [...code.matchAll(REFERENCE)].map((m) => posix.normalize(posix.join(posix.dirname(name), m[2])));
}

/** Every file reachable from `entries` under `www`, sorted (modules are followed, others not). */
export function closure(www, entries) {
  const seen = new Set();
  const todo = entries.map((f) => [f, null]);
  while (todo.length) {
    const [f, from] = todo.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    if (!f.endsWith('.js')) continue;
    let code;
    try {
      code = readFileSync(join(www, f), 'utf8');
    } catch (e) {
      throw new Error(`cannot read ${join(www, f)}${from ? ` (imported by ${from})` : ''}: ${e.code ?? e.message}`);
    }
    todo.push(...references(f, code).map((r) => [r, f]));
  }
  return [...seen].sort();
}

/** The files the package ships: the closure of the entry, minus LEFT_OUT. */
export function packageFiles(www) {
  const files = closure(www, [ENTRY]).filter((f) => !LEFT_OUT.some((l) => f.startsWith(l.prefix)));
  return [...files, ...vendorLicences(files, (f) => existsSync(join(www, f)))].sort();
}

// ---- the manifest, from the elements' code --------------------------------------------------

const TYPES = { string: 'string | null', number: 'number | null', boolean: 'boolean', step: "'end' | number | null" };
/** Methods every element has from the base class (lifecycle and hooks), not its own API. */
const HOOKS = new Set(['constructor', 'connectedCallback', 'disconnectedCallback', 'attributeChangedCallback', 'render', 'teardown', 'keys']);

/** The object literal after `static NAME = ` in a class body, as {key: value} (strings only). */
function staticObject(body, name) {
  const m = body.match(new RegExp(`static ${name} = \\{([^}]*)\\}`));
  if (!m) return {};
  const out = {};
  for (const e of m[1].matchAll(/(?:'([\w-]+)'|([\w$]+))\s*:\s*'([^']*)'/g)) out[e[1] ?? e[2]] = e[3];
  return out;
}

/** The lines of the file's leading `//` comment, trimmed. */
function commentLines(text) {
  const lines = [];
  for (const line of text.split('\n')) {
    const m = line.match(/^\/\/ ?(.*)$/);
    if (!m) break;
    lines.push(m[1].trim());
  }
  return lines;
}

/** The file's first comment paragraph, as one line. */
function headline(text) {
  const lines = commentLines(text);
  const end = lines.indexOf('');
  return (end < 0 ? lines : lines.slice(0, end)).join(' ');
}

/** The file's leading comment, as one line. */
function header(text) {
  return commentLines(text).join(' ');
}

/** The text of the JSDoc block that ends just before `index` in `code` ('' when none). */
function docBefore(code, index) {
  const m = code.slice(0, index).match(/\/\*\*((?:[^*]|\*(?!\/))*)\*\/\s*$/);
  if (!m) return '';
  return m[1]
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, '').trim())
    .filter((l) => l && !l.startsWith('@'))
    .join(' ');
}

/** Getters and methods written in a class body (two-space indent), with their doc comments. */
function classMembers(body) {
  const out = [];
  for (const m of body.matchAll(/^ {2}(get |async )?([A-Za-z]\w*)\(([^)]*)\) \{/gm)) {
    const [, kw, name, params] = m;
    if (HOOKS.has(name)) continue;
    const description = docBefore(body, m.index);
    if (kw === 'get ') out.push({ kind: 'field', name, readonly: true, description });
    else out.push({ kind: 'method', name, parameters: params.split(',').map((p) => p.trim()).filter(Boolean).map((p) => ({ name: p })), description });
  }
  return out;
}

/** `this.emit('name'` in a file. */
function emitted(text) {
  return [...stripComments(text).matchAll(/this\.emit\('([\w-]+)'/g)].map((m) => m[1]);
}

/** `name (what it is)` in the header comment's "Attributes…:" sentence; '' if not there. */
function attributeNote(name, text) {
  const list = header(text).match(/Attributes[^:]*:(.*?)(?:\. Events?:|\. Methods?:|$)/);
  if (!list) return '';
  const esc = name.replace(/-/g, '\\-');
  const m = list[1].match(new RegExp(`(?:^|[\\s,])${esc} \\(((?:[^()]|\\([^()]*\\))*)\\)`));
  return m ? m[1] : '';
}

/**
 * The attribute tables of docs/embedding.md by tag: `### \`<ply-tree>\`` sections' rows
 * `| \`name\`, \`other\` (or \`alias\`) | values | default |` → {name: 'values (default: …)'}.
 */
export function docTables(markdown) {
  const out = {};
  let tag = null;
  for (const line of markdown.split('\n')) {
    const h = line.match(/^#{2,3} /);
    if (h) tag = line.match(/^### `<(ply-[\w-]+)>`/)?.[1] ?? null;
    if (!tag || !line.startsWith('| `')) continue;
    const cells = line.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, '').trim());
    if (cells.length !== 3) continue;
    const [names, values, dflt] = cells;
    const text = dflt && dflt !== '—' ? `${values} (default: ${dflt})` : values;
    for (const m of names.matchAll(/`([\w-]+)`/g)) (out[tag] ??= {})[m[1]] = text;
  }
  return out;
}

/**
 * What an event's detail holds: `name {a, b, …}` in the file's header comment, else the keys
 * of an object literal it is emitted with (`this.emit('ready', { error: … })`); '' if neither.
 */
function eventDetail(name, text) {
  const esc = name.replace(/-/g, '\\-');
  const said = header(text).match(new RegExp(`(?:^|[\\s,(])${esc} (\\{(?:[^{}]|\\{[^{}]*\\})*\\})`));
  if (said) return `detail: ${said[1]}`;
  const lit = text.match(new RegExp(`this\\.emit\\('${esc}', \\{([^}]*)\\}`));
  if (!lit) return '';
  const keys = [...lit[1].matchAll(/(?:^|,)\s*(\w+)/g)].map((m) => m[1]);
  return `detail: {${keys.join(', ')}}`;
}

/** The code without its comments (block comments, and lines that are a `//` comment). */
function stripComments(text) {
  return text.replace(/\/\*(?:[^*]|\*(?!\/))*\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** Parts a file creates: `part: 'x'`, `part="x"`, and its partMaker's `P('x', …)`. */
function parts(text) {
  const code = stripComments(text);
  const out = [...code.matchAll(/\bpart(?:: |=")'?([\w-]+)['"]/g)].map((m) => m[1]);
  const makers = [...code.matchAll(/const (\w+) = partMaker\(/g)].map((m) => m[1]);
  // A part maker handed in as a parameter, said so in its JSDoc (`@param {…} p the figure's
  // part maker`: views/navigate.js).
  for (const m of text.matchAll(/@param \{[^\n]*\} (\w+) the figure's part maker/g)) makers.push(m[1]);
  // Wrappers: `const p = (name, …) => (… P(name, …))`.
  for (const m of code.matchAll(/const (\w+) = \((\w+)[^)]*\) =>([^\n]*)/g)) {
    if (makers.some((k) => new RegExp(`\\b${k}\\(${m[2]}\\b`).test(m[3]))) makers.push(m[1]);
  }
  for (const k of makers) {
    for (const m of code.matchAll(new RegExp(`\\b${k}\\(\\s*'([\\w-]+)'`, 'g'))) out.push(m[1]);
  }
  return out;
}

const uniqueSorted = (xs) => [...new Set(xs)].sort();

/**
 * custom-elements.json (schema 2.1.0) for the elements `plyground-elements.js` loads: per
 * element its attributes (`static attrs`; what they take from docs/embedding.md's tables,
 * given as `docs`, else from the element's header comment) and the properties reflecting them, its getters and
 * methods, the events it and the base class emit, the parts its figure's modules create, and
 * the custom properties of the stylesheet and the canvas.
 */
export function buildManifest(www, docs = '') {
  const read = (f) => readFileSync(join(www, f), 'utf8');
  const tables = docTables(docs);
  const entry = read(ENTRY);
  const base = read('elements/base.js');
  const baseBody = base.slice(base.indexOf('export class PlyElement'));
  const baseGetters = classMembers(baseBody).filter((m) => m.kind === 'field');
  const internal = new Set(uniqueSorted([...read('elements/reserve.js').matchAll(/setProperty\('(--ply-[\w-]+)'/g)].map((m) => m[1])));
  const cssProperties = uniqueSorted([
    ...[...read('components.css').matchAll(/var\((--ply-[\w-]+)/g)].map((m) => m[1]),
    ...[...base.matchAll(/\['(--ply-[\w-]+)'/g)].map((m) => m[1]),
  ]).filter((p) => !internal.has(p));
  const tags = [...entry.matchAll(/'(ply-[\w-]+)': \(\) => import\('\.\/(elements\/[\w-]+\.js)'\)/g)].map((m) => ({ tag: m[1], path: m[2] }));
  if (tags.length === 0) throw new Error(`${ENTRY}: no element found in its ELEMENTS table`);
  const modules = tags.map(({ tag, path }) => {
    const code = read(path);
    const def = code.match(/define\('([\w-]+)', (\w+)\)/);
    if (!def || def[1] !== tag) throw new Error(`${path}: does not define <${tag}> (define('${tag}', …) not found)`);
    const cls = def[2];
    const ext = code.match(new RegExp(`export class ${cls} extends (\\w+) \\{`));
    if (!ext) throw new Error(`${path}: no \`export class ${cls} extends …\``);
    // The base class's getters and events are an element's too when it extends PlyElement.
    const plyBase = ext[1] === 'PlyElement';
    const body = code.slice(ext.index, code.indexOf('\n}\n', ext.index) + 2);
    let attrs = staticObject(body, 'attrs');
    if (Object.keys(attrs).length === 0) {
      const list = body.match(/static get observedAttributes\(\) \{\s*return \[([^\]]*)\]/);
      if (!list) throw new Error(`${path}: cannot find its attributes (\`static attrs = {…}\`, or observedAttributes returning a literal array)`);
      attrs = Object.fromEntries([...list[1].matchAll(/'([\w-]+)'/g)].map((m) => [m[1], 'string']));
    }
    const props = staticObject(body, 'props');
    const field = (name) => props[name] ?? name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    const own = classMembers(body);
    const ownNames = new Set(own.map((m) => m.name));
    const reflected = new RegExp(`reflectAttributes\\(${cls}\\)`).test(code)
      ? Object.entries(attrs)
          .filter(([name]) => !ownNames.has(field(name)))
          .map(([name, type]) => ({ kind: 'field', name: field(name), type: { text: TYPES[type] }, attribute: name, reflects: true }))
      : [];
    const baseCode = plyBase ? base : '';
    const figureFiles = closure(www, [path]).filter((f) => f.endsWith('.js') && !f.startsWith('pkg'));
    const declaration = {
      kind: 'class',
      name: cls,
      tagName: tag,
      customElement: true,
      description: headline(code),
      superclass: plyBase ? { name: 'PlyElement', module: 'elements/base.js' } : { name: ext[1] },
      attributes: Object.entries(attrs).map(([name, type]) => {
        const description = tables[tag]?.[name] ?? attributeNote(name, code);
        return { name, type: { text: TYPES[type] ?? 'string | null' }, fieldName: field(name), ...(description ? { description } : {}) };
      }),
      members: [
        ...reflected,
        ...own.map(({ readonly, ...m }) => (readonly ? { ...m, readonly } : m)),
        ...(plyBase ? baseGetters : [])
          .filter((g) => !ownNames.has(g.name))
          .map(({ readonly, ...g }) => ({ ...g, readonly, inheritedFrom: { name: 'PlyElement', module: 'elements/base.js' } })),
      ].map((m) => (m.description === '' ? (({ description, ...rest }) => rest)(m) : m)),
      events: uniqueSorted([...emitted(code), ...emitted(baseCode)]).map((name) => {
        const description = eventDetail(name, code) || eventDetail(name, baseCode);
        return { name, type: { text: 'CustomEvent' }, ...(description ? { description } : {}) };
      }),
      cssParts: uniqueSorted(figureFiles.flatMap((f) => parts(read(f)))).map((name) => ({ name })),
      cssProperties: cssProperties.map((name) => ({ name })),
    };
    const ref = { name: cls, module: path };
    return {
      kind: 'javascript-module',
      path,
      declarations: [declaration],
      exports: [
        { kind: 'js', name: cls, declaration: ref },
        { kind: 'custom-element-definition', name: tag, declaration: ref },
      ],
    };
  });
  const runtimeExports = entry.match(/export \{([^}]*)\} from '\.\/elements\/runtime\.js'/);
  const entryModule = {
    kind: 'javascript-module',
    path: ENTRY,
    description: headline(entry),
    declarations: [],
    exports: (runtimeExports ? runtimeExports[1].split(',').map((s) => s.trim()).filter(Boolean) : []).map((name) => ({
      kind: 'js',
      name,
      declaration: { name, module: 'elements/runtime.js' },
    })),
  };
  return { schemaVersion: '2.1.0', readme: 'README.md', modules: [entryModule, ...modules] };
}

// ---- TypeScript declarations, from the manifest ---------------------------------------------

function tsDoc(text, indent) {
  return text ? `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n` : '';
}

/** elements/ply-*.d.ts for one element module of the manifest. */
export function elementDts(module) {
  const d = module.declarations[0];
  const lines = [`// Generated by \`cargo xtask dist\` (xtask/dist.mjs) from ${module.path}.\n`];
  lines.push(tsDoc(d.description, ''));
  lines.push(`export declare class ${d.name} extends HTMLElement {\n`);
  lines.push('  static readonly observedAttributes: string[];\n');
  for (const m of d.members) {
    lines.push(tsDoc(m.description ?? '', '  '));
    if (m.kind === 'field') lines.push(`  ${m.readonly ? 'readonly ' : ''}${m.name}: ${m.type?.text ?? 'any'};\n`);
    else lines.push(`  ${m.name}(${m.parameters.map((p) => `${p.name}?: any`).join(', ')}): any;\n`);
  }
  lines.push('}\n\ndeclare global {\n  interface HTMLElementTagNameMap {\n');
  lines.push(`    '${d.tagName}': ${d.name};\n  }\n}\n`);
  return lines.join('');
}

/** plyground-elements.d.ts: the runtime's exports and every element's tag. */
export function entryDts(manifest) {
  const elements = manifest.modules.filter((m) => m.declarations.length);
  const imports = elements.map((m) => `import type { ${m.declarations[0].name} } from './${m.path.replace(/\.js$/, '.js')}';\n`);
  return [
    `// Generated by \`cargo xtask dist\` (xtask/dist.mjs). Importing ${ENTRY} defines the elements\n`,
    '// (each when its tag first appears in the document).\n',
    ...imports,
    `export type { ${elements.map((m) => m.declarations[0].name).join(', ')} };\n\n`,
    '/** The folder of these files (ending in /). */\n',
    'export declare const SITE_BASE: string;\n',
    "/** A wasm module, loaded once per page ('tree' or 'games'; the full module is not in this package). */\n",
    "export declare function loadApi(which: 'tree' | 'games'): Promise<{ api: any; caps: { solver: boolean }; which: string }>;\n",
    '/** The page\'s worker pool (engine searches and comparisons). */\n',
    'export declare function workerPool(): {\n',
    '  run(op: string, args: unknown, opts?: unknown): { promise: Promise<any>; cancel(): void };\n',
    '};\n',
  ].join('');
}

// ---- the package ----------------------------------------------------------------------------

/** package.json: ESM, no dependencies; `exports`, `types` and `customElements`. */
export function packageJson(version, elements) {
  return {
    name: PACKAGE_NAME,
    version,
    description: 'Custom elements that run and draw adversarial searches (minimax, alpha-beta, MCTS) and grade exercises on them, in WebAssembly.',
    license: '(MIT OR Apache-2.0)',
    type: 'module',
    main: `./${ENTRY}`,
    module: `./${ENTRY}`,
    types: './plyground-elements.d.ts',
    customElements: './custom-elements.json',
    exports: {
      '.': { types: './plyground-elements.d.ts', default: `./${ENTRY}` },
      ...Object.fromEntries(
        elements.map((m) => [`./${m.path}`, { types: `./${m.path.replace(/\.js$/, '.d.ts')}`, default: `./${m.path}` }]),
      ),
      './components.css': './components.css',
      './custom-elements.json': './custom-elements.json',
      './package.json': './package.json',
      './*': './*',
    },
    sideEffects: [`./${ENTRY}`, './elements/*.js'],
    keywords: ['web-components', 'custom-elements', 'minimax', 'alpha-beta', 'mcts', 'game-tree', 'webassembly', 'teaching'],
  };
}

function readme(version) {
  return `# ${PACKAGE_NAME} ${version}

plyground's custom elements: \`<ply-tree>\`, \`<ply-game>\`, \`<ply-mcts>\`, \`<ply-ucb>\`,
\`<ply-compare>\` and \`<ply-practice>\`, with their WebAssembly modules. Searches and grades
come from the same Rust core; nothing is sent anywhere.

\`\`\`html
<script type="importmap">{ "imports": { "plyground-elements": "./node_modules/plyground-elements/plyground-elements.js" } }</script>
<script type="module">import 'plyground-elements';</script>
<ply-tree algorithm="alphabeta" step="end">[[3,12,8],[2,4,6],[14,5,2]]</ply-tree>
\`\`\`

Serve the package's folder as it is (a bundler must copy it, not inline it): each element finds
its modules, wasm, worker and stylesheet next to its own script, so the same files also work
from a CDN path (with \`Access-Control-Allow-Origin\`). Serve \`.wasm\` as \`application/wasm\`.
Attributes, events, parts and custom properties: \`custom-elements.json\`; the full guide is
docs/embedding.md in the plyground repository.
`;
}

/** Stages OUT/package and packs it; returns npm pack's record ({filename, size, entryCount, …}). */
export function build(www, site, out, version) {
  const files = packageFiles(www);
  const missing = files.filter((f) => !existsSync(join(site, f)));
  if (missing.length) throw new Error(`${site} lacks ${missing.join(', ')}: run \`cargo xtask build\` first`);
  const stage = join(out, 'package');
  rmSync(stage, { recursive: true, force: true });
  const write = (name, data) => {
    mkdirSync(dirname(join(stage, name)), { recursive: true });
    writeFileSync(join(stage, name), data);
  };
  for (const f of files) {
    let data = readFileSync(join(site, f));
    // The source maps stay on the site: the package's modules do not point at them.
    if (f.endsWith('.js')) data = data.toString('utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
    write(f, data);
  }
  const docs = join(www, '../docs/embedding.md');
  const manifest = buildManifest(www, existsSync(docs) ? readFileSync(docs, 'utf8') : '');
  const elements = manifest.modules.filter((m) => m.declarations.length);
  write('custom-elements.json', `${JSON.stringify(manifest, null, 2)}\n`);
  write('plyground-elements.d.ts', entryDts(manifest));
  for (const m of elements) write(m.path.replace(/\.js$/, '.d.ts'), elementDts(m));
  write('README.md', readme(version));
  write('package.json', `${JSON.stringify(packageJson(version, elements), null, 2)}\n`);
  mkdirSync(out, { recursive: true });
  const json = execFileSync('npm', ['pack', '--json', '--pack-destination', resolve(out)], { cwd: stage, encoding: 'utf8' });
  return JSON.parse(json)[0];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [www, site, out, version] = process.argv.slice(2);
  if (!version) {
    console.error('usage: node xtask/dist.mjs WWW_DIR SITE_DIR OUT_DIR VERSION');
    process.exit(2);
  }
  try {
    const r = build(www, site, out, version);
    const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(`dist: ${join(out, r.filename)}: ${kib(r.size)} packed, ${kib(r.unpackedSize)} unpacked, ${r.entryCount} files`);
    for (const l of LEFT_OUT) console.log(`  left out: ${l.prefix} (${l.why})`);
  } catch (e) {
    console.error(`dist: ${e.message}`);
    process.exit(1);
  }
}
