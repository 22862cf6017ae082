// The built wasm module (www/pkg) loaded and initialised in Node, for the tests of modules
// that read its limits (www/lib/limits.js reads them from this same module instance). Not a
// test file itself: `import { api } from './wasm.mjs'`. Needs `cargo xtask build` first.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { installLimits } from '../../www/lib/limits.js';
import { useEngineModule } from '../../www/lib/engines.js';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) {
  throw new Error(`${pkg}plyground_wasm.js is missing: run \`cargo xtask build\` first`);
}
export const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
// The page's adapters read this instance (elements/runtime.js does the same for the pages).
installLimits(api);
useEngineModule(api);
