//! The guard spliced into wasm-bindgen's JavaScript glue: after an error thrown inside a call
//! (a `RangeError` when the stack runs out, a trap), the module keeps working. The code is
//! `guard.js`, put after the glue's first line; it hooks itself up at the JavaScript level,
//! without editing a line the generator wrote, so that every form of the glue (a class's
//! `__wrap`, its constructor, whatever a new wasm-bindgen emits) is covered alike:
//!
//! - `guard.js` declares the module's `FinalizationRegistry` (shadowing the global one), so
//!   every registry the glue makes tags its handles with the instance's generation;
//! - [`HOOKS`], appended at the end, rebinds the glue's `__wbg_finalize_init` so that the
//!   instance it is given has its exports wrapped (`__wbg_guard`), rebinds `handleError` (when
//!   the glue has it) so that an error an import catches after the instance broke unwinds the
//!   wasm frames, and gives each exported class its checked pointer accessor.
//!
//! What the hooks rely on — one `__wbg_finalize_init` and at most one `handleError` declared,
//! the classes' names — is checked here, and a glue of another shape is refused by name; the
//! load check of `cargo xtask build` runs the result.

const GUARD: &str = include_str!("guard.js");

/// Appended to the glue: rebinding the two function declarations the guard hooks into (a
/// module's function declarations are assignable bindings, read at each call).
const HOOKS: &str = r#"// ---- Added by `cargo xtask build` (xtask/src/guard.rs): the guard's hooks. ----
{
    const init = __wbg_finalize_init;
    // The instance with its exports wrapped: `wasm` is the guarded object, and the start
    // function runs through the guard too.
    __wbg_finalize_init = function (instance, module) {
        return init({ exports: __wbg_guard(instance.exports) }, module);
    };
}
"#;

/// Appended when the glue has `handleError` (imports that may throw): an import's error goes
/// to Rust as a value, so the broken instance would run on; when a call inside the import
/// broke it, the error unwinds the wasm frames instead.
const HANDLE_ERROR_HOOK: &str = r#"{
    const store = handleError;
    handleError = function (f, args) {
        try {
            return f.apply(this, args);
        } catch (e) {
            if (__wbg_broken !== null) throw e;
            return store.call(this, () => {
                throw e;
            }, []);
        }
    };
}
"#;

/// The glue with the guard (see the module's documentation).
pub fn patch_glue(glue: &str) -> Result<String, String> {
    let fail = |what: &str| {
        format!("cannot add the stack guard to the wasm-bindgen glue: {what} (xtask/src/guard.rs expects the glue of wasm-bindgen 0.2.130)")
    };
    let declared = |name: &str| glue.matches(&format!("\nfunction {name}(")).count();
    match declared("__wbg_finalize_init") {
        1 => {}
        n => return Err(fail(&format!("`function __wbg_finalize_init(` declared {n} times, not once"))),
    }
    let handle_error = match declared("handleError") {
        0 if glue.contains("handleError(") => {
            return Err(fail("`handleError` is called but not declared as a function"))
        }
        0 => false,
        1 => true,
        n => return Err(fail(&format!("`function handleError(` declared {n} times, not once"))),
    };

    // The classes, read two ways: their declarations, and the registries their handles use
    // (in `__wrap` and in a constructor alike). They must agree, so that a class declared in
    // a form not recognised here cannot ship without its accessor.
    let mut classes: Vec<&str> = glue
        .lines()
        .filter_map(|l| l.strip_prefix("export class ")?.strip_suffix(" {"))
        .filter(|c| is_name(c))
        .collect();
    let mut registered: Vec<&str> = glue
        .lines()
        .filter_map(|l| l.trim_start().split_once("Finalization.register(").map(|(c, _)| c))
        .collect();
    classes.sort_unstable();
    registered.sort_unstable();
    registered.dedup();
    if classes != registered {
        return Err(fail(&format!(
            "the classes declared ({}) are not the classes registered for finalization ({})",
            classes.join(", "),
            registered.join(", ")
        )));
    }

    // The guard after the first line (`@ts-self-types`), so that it is defined before any
    // class or registry is made; the hooks once what they rebind exists, at the end.
    let (first, rest) = glue.split_once('\n').ok_or_else(|| fail("an empty glue"))?;
    let mut out = format!("{first}\n{GUARD}\n{rest}\n{HOOKS}");
    if handle_error {
        out.push_str(HANDLE_ERROR_HOOK);
    }
    out.push_str(&format!("__wbg_guard_classes([{}]);\n", classes.join(", ")));
    Ok(out)
}

/// A JavaScript identifier as wasm-bindgen names classes (no `extends`, no spaces).
fn is_name(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A glue in the forms wasm-bindgen 0.2.130 writes (`--target web`): a class made by
    /// `__wrap` (returned from an export), a class with a constructor, the registries, an
    /// import through `handleError`, `__wbg_finalize_init` and `initSync`. The exports are
    /// the driver's (below), given through a stand-in `WebAssembly.Instance`.
    const GLUE: &str = r#"/* @ts-self-types="./x.d.ts" */
export class Thing {
    static __wrap(ptr) {
        const obj = Object.create(Thing.prototype);
        obj.__wbg_ptr = ptr;
        ThingFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        ThingFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_thing_free(ptr, 0);
    }
    size() {
        const ret = wasm.thing_size(this.__wbg_ptr);
        return ret >>> 0;
    }
}
if (Symbol.dispose) Thing.prototype[Symbol.dispose] = Thing.prototype.free;

export class Counter {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        CounterFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_counter_free(ptr, 0);
    }
    constructor() {
        const ret = wasm.counter_new();
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        this.__wbg_ptr = ret[0];
        CounterFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    get() {
        return wasm.counter_get(this.__wbg_ptr);
    }
}

export function makeThing() {
    const ret = wasm.make_thing();
    return Thing.__wrap(ret);
}

export function boom() {
    wasm.boom();
}

export function callImport() {
    return wasm.call_import();
}

function __wbg_get_imports() {
    const import0 = {
        __proto__: null,
        __wbg_throws_1: function() { return handleError(function () {
            wasm.boom();
        }, arguments); },
        __wbg_fails_2: function() { return handleError(function () {
            throw new Error('an import failed');
        }, arguments); },
    };
    return { __proto__: null, "./x_bg.js": import0 };
}

const ThingFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_thing_free(ptr, 1));
const CounterFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_counter_free(ptr, 1));

function takeFromExternrefTable0(idx) {
    return new Error(`error ${idx}`);
}

function handleError(f, args) {
    try {
        return f.apply(this, args);
    } catch (e) {
        const idx = e.message.length;
        wasm.__wbindgen_exn_store(idx);
    }
}

let wasmModule, wasmInstance, wasm;
function __wbg_finalize_init(instance, module) {
    wasmInstance = instance;
    wasm = instance.exports;
    wasmModule = module;
    wasm.__wbindgen_start();
    return wasm;
}

function initSync(module) {
    if (wasm !== undefined) return wasm;
    const imports = __wbg_get_imports();
    const instance = new WebAssembly.Instance(module, imports);
    return __wbg_finalize_init(instance, module);
}

export { initSync };
"#;

    /// Runs the patched [`GLUE`] in Node against stand-in exports (each instance numbered),
    /// a recording `FinalizationRegistry`, and checks every hook: the exports wrapped, the
    /// handles of both forms tagged and checked, an instance replaced after an error thrown
    /// through it, the finalizers of the old one inert, `handleError` rethrowing once broken.
    const DRIVER: &str = r#"
import assert from 'node:assert/strict';
const log = [];
const registries = [];
globalThis.FinalizationRegistry = class {
    constructor(cleanup) { this.cleanup = cleanup; registries.push(this); }
    register(target, held) { log.push(['register', target.constructor.name, held]); }
    unregister() {}
};
let made = 0;
WebAssembly.Instance = class {
    constructor(module, imports) {
        const n = ++made;
        const wbg = imports['./x_bg.js'];
        this.exports = {
            memory: { n },
            __wbindgen_start() { log.push(['start', n]); },
            __wbindgen_exn_store(idx) { log.push(['stored', n, idx]); },
            __wbg_thing_free(ptr, how) { log.push(['free thing', n, ptr, how]); },
            __wbg_counter_free(ptr, how) { log.push(['free counter', n, ptr, how]); },
            make_thing() { return 16 * n; },
            thing_size(ptr) { return ptr + 1; },
            counter_new() { return [8 * n, 0, 0]; },
            counter_get(ptr) { return ptr; },
            boom() { throw new RangeError('Maximum call stack size exceeded'); },
            call_import() { wbg.__wbg_fails_2(); return wbg.__wbg_throws_1(); },
        };
    }
};
const api = await import(process.argv[2]);
const G = 2 ** 32;
api.initSync('module');
assert.deepEqual(log.splice(0), [['start', 1]]);
const thing = api.makeThing();
const counter = new api.Counter();
assert.equal(thing.size(), 17);
assert.equal(counter.get(), 8);
assert.deepEqual(log.splice(0), [['register', 'Thing', 16], ['register', 'Counter', 8]]);

// An error thrown through the wasm frames goes to the caller; the next call replaces the
// instance, and the old handles say so.
assert.throws(() => api.boom(), RangeError);
assert.throws(() => counter.get(), /belonged to an instance of the module that was replaced/);
assert.deepEqual(log.splice(0), [['start', 2]]);
assert.throws(() => thing.size(), /belonged to an instance/);
thing.free();
const counter2 = new api.Counter();
const thing2 = api.makeThing();
assert.equal(counter2.get(), 16);
assert.equal(thing2.size(), 33);
assert.deepEqual(log.splice(0), [['register', 'Counter', 16 + G], ['register', 'Thing', 32 + G]]);

// Finalizers: the old instance's handles are never freed in the new one.
const [thingRegistry, counterRegistry] = registries;
counterRegistry.cleanup(8);
thingRegistry.cleanup(16);
counterRegistry.cleanup(16 + G);
thingRegistry.cleanup(32 + G);
assert.deepEqual(log.splice(0), [['free counter', 2, 16, 1], ['free thing', 2, 32, 1]]);
counter2.free();
assert.deepEqual(log.splice(0), [['free counter', 2, 16, 0]]);
assert.throws(() => counter2.get(), /this handle was freed/);

// handleError: an import's error is stored for Rust while the instance is sound; when a call
// inside the import broke it, the error unwinds the wasm frames instead.
assert.throws(() => api.callImport(), RangeError);
assert.deepEqual(log.splice(0), [['stored', 2, 16]]);
assert.equal(api.makeThing().size(), 49);
assert.deepEqual(log.splice(0), [['start', 3], ['register', 'Thing', 48 + 2 * G]]);
console.log('guard hooks ok');
"#;

    #[test]
    fn every_form_of_the_glue_gets_the_guard() {
        let out = patch_glue(GLUE).unwrap();
        // Nothing the generator wrote is edited: the glue is there line for line.
        let (first, rest) = GLUE.split_once('\n').unwrap();
        assert!(out.starts_with(&format!("{first}\n// ---- Added by `cargo xtask build`")));
        assert!(out.contains(rest));
        assert!(out.ends_with("}\n__wbg_guard_classes([Counter, Thing]);\n"), "{out}");

        let dir = std::env::temp_dir().join(format!("xtask-guard-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("glue.mjs"), &out).unwrap();
        std::fs::write(dir.join("driver.mjs"), DRIVER).unwrap();
        let run = std::process::Command::new("node")
            .arg(dir.join("driver.mjs"))
            .arg(dir.join("glue.mjs"))
            .output()
            .expect("node runs");
        let _ = std::fs::remove_dir_all(&dir);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success(), "{stderr}");
        assert_eq!(String::from_utf8_lossy(&run.stdout), "guard hooks ok\n");
    }

    #[test]
    fn a_glue_of_another_shape_is_refused_by_name() {
        let no_init = GLUE.replace("function __wbg_finalize_init(", "const __wbg_finalize_init = (");
        let e = patch_glue(&no_init).unwrap_err();
        assert!(e.contains("`function __wbg_finalize_init(` declared 0 times, not once"), "{e}");
        let e = patch_glue(&GLUE.replace("function handleError(", "const handleError = (")).unwrap_err();
        assert!(e.contains("`handleError` is called but not declared"), "{e}");
        let e = patch_glue(&GLUE.replace("export class Counter {", "export class Counter extends Object {"))
            .unwrap_err();
        assert!(
            e.contains("the classes declared (Thing) are not the classes registered for finalization (Counter, Thing)"),
            "{e}"
        );
    }

    #[test]
    fn a_glue_without_handle_error_gets_no_hook_for_it() {
        let glue = GLUE
            .replace("return handleError(function", "return (function")
            .replace("function handleError(f, args) {", "function handle(f, args) {");
        let out = patch_glue(&glue).unwrap();
        assert!(!out.contains("const store = handleError;"));
        assert!(patch_glue(GLUE).unwrap().contains("const store = handleError;"));
    }
}
