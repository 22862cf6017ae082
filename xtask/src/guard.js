// ---- Added by `cargo xtask build` (xtask/src/guard.js, spliced in by xtask/src/guard.rs). ----
// A thrown error must not leave the module dead. V8 can throw a RangeError
// ("Maximum call stack size exceeded") at the entry of ANY wasm function, so a JavaScript stack
// nearly exhausted interrupts Rust code anywhere — in the allocator between a reallocation and
// a pointer update, with a RefCell borrowed, with the shadow stack lowered — and nothing on the
// Rust side can make that safe. So every call into the instance goes through a wrapper: when
// any exception escapes from inside it (a RangeError, a trap, an error thrown through the wasm
// frames; a Rust error is returned instead, and thrown by the glue after the call), the instance
// is marked broken, the error goes on to the caller unchanged, and the next call starts a fresh
// instance of the same compiled module (a few hundred microseconds, only then). Handles made
// by the old instance are invalidated: using one throws an Error saying so (free() on it does
// nothing), and their finalizers never touch the new instance. The normal path costs one
// wrapper call per wasm call (see ARCHITECTURE.md for the measurement against a stack probe).
let __wbg_gen = 0; // the instance's generation; a handle remembers the one that made it
let __wbg_depth = 0; // wasm calls in progress (JS → wasm → JS import → wasm …)
let __wbg_broken = null; // the error that left the instance unusable, until it is replaced
const __wbg_cleanup = /^(__wbindgen_free|__externref_table_dealloc|__externref_drop_slice|__wbg_\w+_free)$/;
// Every finalization registry the glue makes is this one (the name shadows the global in this
// module): its held value is a handle's pointer tagged with the generation that made it, and its
// callback frees nothing of a replaced instance. So the glue's own registry lines — in a
// class's `__wrap`, its constructor, or any other form — are used as written.
const FinalizationRegistry = typeof globalThis.FinalizationRegistry === 'undefined'
    ? undefined
    : class extends globalThis.FinalizationRegistry {
        constructor(cleanup) {
            super(__wbg_finalizer(cleanup));
        }
        register(target, held, token) {
            super.register(target, typeof held === 'number' ? __wbg_held(held) : held, token);
        }
    };
// The handlers below call no function: with the stack exhausted, any call would throw again
// before the instance is marked.
// All or nothing: a restart runs at whatever stack depth the next call comes from, so a
// RangeError can interrupt it anywhere (wrapping the exports, the start function). The instance
// counts as broken until the new one has been wrapped and started; before, an interrupted
// restart left `wasm` on the broken instance (or the new one unstarted) with `__wbg_broken`
// cleared, and the next call trapped in it.
function __wbg_restart() {
    const instance = new WebAssembly.Instance(wasmModule, __wbg_get_imports());
    __wbg_gen++;
    // Cleared for the start function's own guarded call, set again if anything fails.
    __wbg_broken = null;
    try {
        __wbg_finalize_init(instance, wasmModule);
    } catch (err) {
        __wbg_broken = err;
        throw err;
    }
}
function __wbg_guard(exports) {
    const out = {};
    for (const name of Object.keys(exports)) {
        const f = exports[name];
        if (typeof f !== 'function') {
            out[name] = f;
            continue;
        }
        const cleanup = __wbg_cleanup.test(name);
        // Fixed parameters, not `...args` (a rest array and a spread per call cost more than
        // the rest of the wrapper): extra `undefined`s are ignored by a wasm export.
        out[name] = function (a, b, c, d, e, g, h, i) {
            if (__wbg_depth === 0 && __wbg_broken !== null) {
                // Pointers of the broken instance (a finally block of the glue freeing them).
                if (cleanup) return undefined;
                __wbg_restart();
                // The new instance's export (`f` belongs to the broken one).
                return wasm[name](a, b, c, d, e, g, h, i);
            }
            __wbg_depth++;
            let ret;
            try {
                ret = f(a, b, c, d, e, g, h, i);
            } catch (err) {
                // Whatever unwound the wasm frames — a RangeError, a trap, wasm-bindgen's own
                // `throw_str` ("recursive use of an object"), a JS import's exception — left
                // them half done: the shadow stack pointer lowered (each such error lowered it
                // further until the stack overflowed into a trap), a borrow held. A Rust error
                // does not come this way (it is returned, and thrown by the glue after the call).
                if (__wbg_broken === null) {
                    __wbg_broken = err;
                } else if (__wbg_depth === 1) {
                    // Broken by an inner call whose error did not end this one at once: what
                    // this call threw after it (a trap in the damaged instance) is a
                    // consequence; the caller gets the error that broke the instance.
                    throw __wbg_broken;
                }
                throw err;
            } finally {
                __wbg_depth--;
            }
            // Broken by a call inside this one whose error a JS import caught (`handleError`):
            // this result cannot be trusted either.
            if (__wbg_depth === 0 && __wbg_broken !== null) throw __wbg_broken;
            return ret;
        };
        if (f.length > 8) throw new Error(`the stack guard wraps exports of at most 8 parameters; ${name} has ${f.length}`);
    }
    // An object given so many properties one by one is kept as a dictionary by V8 (a slow
    // lookup at every `wasm.x`); used as a prototype it is made fast again.
    return Object.create(out);
}
function __wbg_guard_classes(classes) {
    for (const C of classes) {
        Object.defineProperty(C.prototype, '__wbg_ptr', {
            configurable: true,
            get() {
                // A handle's pointer is read before the call it goes to: replace a broken
                // instance now, so that an old pointer is never passed to the new one.
                if (__wbg_depth === 0 && __wbg_broken !== null) __wbg_restart();
                if (this.__wbg_g !== __wbg_gen && this.__wbg_p !== 0) {
                    throw new Error(`${C.name}: this handle belonged to an instance of the module that was replaced after an error thrown inside a call (a RangeError when the stack ran out); make it again`);
                }
                // Refused here, before any wasm frame: wasm-bindgen's own check would throw
                // through the export's frames (and so replace the instance).
                if (this.__wbg_p === 0) {
                    throw new Error(`${C.name}: this handle was freed (free() was called, or a call took it over); make it again`);
                }
                return this.__wbg_p;
            },
            set(ptr) {
                this.__wbg_p = ptr;
                this.__wbg_g = __wbg_gen;
            },
        });
        const free = C.prototype.free;
        C.prototype.free = function () {
            // Freed twice: nothing to do (as wasm-bindgen's own free of a null pointer).
            if (this.__wbg_p === 0) return;
            if (this.__wbg_g !== __wbg_gen) {
                this.__wbg_p = 0;
                return;
            }
            free.call(this);
        };
    }
}
/** A finalizer's held value: the pointer and the generation that owns it. */
function __wbg_held(ptr) {
    return ptr + __wbg_gen * 4294967296;
}
function __wbg_finalizer(free) {
    return (held) => {
        // Anything but a tagged pointer (a closure's state) goes to the glue's callback as is.
        if (typeof held !== 'number') free(held);
        else if (Math.floor(held / 4294967296) === __wbg_gen && __wbg_broken === null) free(held % 4294967296);
    };
}
// ---- End of the added code. ----
