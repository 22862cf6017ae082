// A SCORM package of one exercise set, DOM-free: which site files it holds and its
// imsmanifest.xml. One source for both makers of a package: `cargo xtask package` (through
// Node) and the assignment builder page (builder.js, which zips in the browser).
//
// The files are those the launch page loads: found by following the relative URLs in the
// page, its scripts and stylesheets, less the modules a set never loads (the games and the
// full wasm module, the search worker). The site build (xtask/site.mjs) follows them once in
// the minified site and writes the list beside it as PACKAGE_LIST; both makers read that list.

/** The launch page inside the site and the package. */
export const LAUNCH = 'set.html';
/** The list of the launch page's files, written into the site by its build. */
export const PACKAGE_LIST = 'scorm-files.json';
/** Site paths a set never loads (other modules' code the elements' runtime names). */
const NOT_FOR_A_SET = ['pkg/', 'pkg-games/', 'worker.js'];
const PATH_EXTENSIONS = ['js', 'css', 'wasm', 'json', 'svg'];

/**
 * The relative URLs in a file's text: quoted strings (JS, HTML attributes) and CSS `url(…)`
 * that look like paths (`./x.js`, `../lib/y.js`, `launch.css`).
 * @param {string} text
 * @returns {string[]}
 */
export function references(text) {
  const out = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const close = c === '"' || c === "'" || c === '`' ? c : c === '(' && i >= 3 && text.startsWith('url', i - 3) ? ')' : null;
    if (!close) {
      i++;
      continue;
    }
    const start = i + 1;
    let len = 0;
    while (len < 300 && start + len < text.length && text[start + len] !== close && text[start + len] !== '\n') len++;
    if (len === 300 || start + len >= text.length) {
      i++;
      continue;
    }
    const s = text.slice(start, start + len).replace(/^["']+|["']+$/g, '');
    const dot = s.lastIndexOf('.');
    const pathlike = s !== '' && dot >= 0 && PATH_EXTENSIONS.includes(s.slice(dot + 1)) && /^[A-Za-z0-9./_-]+$/.test(s) && !s.startsWith('/');
    if (pathlike) out.push(s);
    i = start + len + 1;
  }
  return out;
}

/** `reference` from the site file `from` as a site path (null when it climbs out of the site). */
function resolve(from, reference) {
  const parts = from.split('/');
  parts.pop();
  for (const p of reference.split('/')) {
    if (p === '.' || p === '') continue;
    if (p === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(p);
  }
  return parts.join('/');
}

/**
 * The site files the launch page loads (itself included), sorted, following references from
 * file to file, with the licences of the vendored modules among them. `isFile(path)` says whether the site has that file; `read(path)` its text.
 * @param {(path: string) => boolean} isFile
 * @param {(path: string) => string} read
 * @param {string} [launch]
 * @returns {string[]}
 */
export function packageFiles(isFile, read, launch = LAUNCH) {
  const seen = new Set([launch]);
  const todo = [launch];
  while (todo.length) {
    const f = todo.pop();
    if (f.endsWith('.wasm') || f.endsWith('.svg')) continue;
    for (const r of references(read(f))) {
      const p = resolve(f, r);
      if (p === null || seen.has(p) || !isFile(p)) continue;
      if (NOT_FOR_A_SET.some((n) => p === n || (n.endsWith('/') && p.startsWith(n)))) continue;
      seen.add(p);
      todo.push(p);
    }
  }
  for (const l of vendorLicences([...seen], isFile)) seen.add(l);
  return [...seen].sort(byBytes);
}

/**
 * The licence of each vendored module among `files` (vendor/NAME.LICENSE.txt beside
 * vendor/NAME.js) that the site has: a package that ships the module ships its notice. (The
 * SCORM package and the npm package, xtask/dist.mjs.)
 */
export function vendorLicences(files, isFile) {
  return files.filter((f) => /^vendor\/[^/]+\.js$/.test(f)).map((f) => f.replace(/\.js$/, '.LICENSE.txt')).filter((f) => isFile(f));
}

/** Names in byte order (as Rust sorts strings), not by locale. */
export function byBytes(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

const xml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An identifier for the manifest (XML ID: a letter, then letters, digits, `-`, `_`, `.`). */
const xmlId = (prefix, s) => `${prefix}-${[...s].map((c) => (/^[A-Za-z0-9._-]$/.test(c) ? c : '-')).join('')}`;

// What differs between the versions: the namespaces, the schema version, the mastery (1.2:
// a percentage on the item; 2004: the primary objective's measure) and the attribute that
// makes the resource a SCO.
const VERSIONS = {
  '1.2': {
    namespaces: `xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd"`,
    version: '1.2',
    mastery: (m) => `\n        <adlcp:masteryscore>${Math.round(m * 100)}</adlcp:masteryscore>`,
    scormType: 'adlcp:scormtype',
  },
  2004: {
    namespaces: `xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
    xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
    xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
    xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd"`,
    version: '2004 4th Edition',
    mastery: (m) => `
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="mastery" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${m}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`,
    scormType: 'adlcp:scormType',
  },
};

/** The SCORM versions a package can be: '1.2' and '2004' (4th edition). */
export const SCORM_VERSIONS = Object.keys(VERSIONS).sort();

/**
 * `imsmanifest.xml`: one organization, one item, one SCO resource listing `set.json` and
 * every site file (the launch page among them).
 * @param {'1.2'|'2004'} scorm
 * @param {{id: string, title: string, mastery: number|null}} set a set as read (lib/set.js)
 * @param {string[]} files
 */
export function manifest(scorm, set, files) {
  const v = VERSIONS[scorm];
  if (!v) throw new Error(`SCORM version must be 1.2 or 2004, got '${scorm}'`);
  const title = xml(set.title);
  const list = ['set.json', ...files].map((f) => `      <file href="${xml(f)}"/>\n`).join('');
  const itemExtra = set.mastery === null || set.mastery === undefined ? '' : v.mastery(set.mastery);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${xmlId('plyground-set', set.id)}" version="1.0"
    ${v.namespaces}>
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${v.version}</schemaversion>
  </metadata>
  <organizations default="org-1">
    <organization identifier="org-1">
      <title>${title}</title>
      <item identifier="item-1" identifierref="sco-1">
        <title>${title}</title>${itemExtra}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-1" type="webcontent" ${v.scormType}="sco" href="${LAUNCH}">
${list}    </resource>
  </resources>
</manifest>
`;
}

/**
 * The package's entries in order: `[name, what]` with `what` the manifest's text, the set's
 * text (`set.json`) or `{file}` (a site file to read), sorted by name.
 * @param {'1.2'|'2004'} scorm
 * @param {{id: string, title: string, mastery: number|null}} set
 * @param {string} setJson the set file's text as written
 * @param {string[]} files the site files (PACKAGE_LIST)
 */
export function packageEntries(scorm, set, setJson, files) {
  const entries = [
    ['imsmanifest.xml', manifest(scorm, set, files)],
    ['set.json', setJson],
    ...files.map((f) => [f, { file: f }]),
  ];
  return entries.sort((a, b) => byBytes(a[0], b[0]));
}
