//! The guard spliced into wasm-bindgen's JavaScript glue: after an error thrown inside a call
//! (a `RangeError` when the stack runs out, a trap), the module keeps working (issue 16, item
//! 3). The code is `guard.js`; this file puts it in and hooks it up with five exact edits of
//! the glue wasm-bindgen 0.2.130 writes, and refuses (naming the edit) if the glue changed
//! shape, so that a new wasm-bindgen cannot silently ship an unguarded module.

const GUARD: &str = include_str!("guard.js");

/// The glue with the guard: every export of the instance wrapped, every handle class's
/// pointer checked against the instance that made it, finalizers tagged with it.
pub fn patch_glue(glue: &str) -> Result<String, String> {
    let fail = |what: &str| {
        format!("cannot add the stack guard to the wasm-bindgen glue: {what} (xtask/src/guard.rs expects the glue of wasm-bindgen 0.2.130)")
    };
    let mut out = replace_exactly(
        glue,
        "    wasm = instance.exports;\n",
        "    wasm = __wbg_guard(instance.exports);\n",
        1,
    )
    .map_err(|n| fail(&format!("`wasm = instance.exports;` found {n} times, not once")))?;

    // An import's error goes to Rust as a value (`handleError`), so the broken instance would
    // run on; when a call inside the import broke it, the error unwinds the wasm frames instead.
    out = replace_exactly(
        &out,
        "    } catch (e) {\n        const idx = addToExternrefTable0(e);\n",
        "    } catch (e) {\n        if (__wbg_broken !== null) throw e;\n        const idx = addToExternrefTable0(e);\n",
        1,
    )
    .map_err(|n| fail(&format!("handleError's catch found {n} times, not once")))?;

    let classes: Vec<&str> =
        glue.lines().filter_map(|l| l.strip_prefix("export class ")?.strip_suffix(" {")).collect();
    if classes.is_empty() {
        return Err(fail("no exported class"));
    }
    for c in &classes {
        out = replace_exactly(
            &out,
            &format!("{c}Finalization.register(obj, obj.__wbg_ptr, obj);"),
            &format!("{c}Finalization.register(obj, __wbg_held(obj.__wbg_ptr), obj);"),
            1,
        )
        .map_err(|n| fail(&format!("{c}Finalization.register found {n} times, not once")))?;
        let lower = c.to_lowercase();
        let free = format!("ptr => wasm.__wbg_{lower}_free(ptr, 1)");
        out = replace_exactly(
            &out,
            &format!("new FinalizationRegistry({free})"),
            &format!("new FinalizationRegistry(__wbg_finalizer({free}))"),
            1,
        )
        .map_err(|n| fail(&format!("the FinalizationRegistry of {c} found {n} times, not once")))?;
    }

    // The guard after the first line (`@ts-self-types`), so that it is defined before any
    // class or registry is made; the classes' accessors once they exist, at the end.
    let (first, rest) = out.split_once('\n').ok_or_else(|| fail("an empty glue"))?;
    Ok(format!("{first}\n{GUARD}\n{rest}\n__wbg_guard_classes([{}]);\n", classes.join(", ")))
}

/// `text` with `from` replaced by `to`, if it occurs exactly `times` times (else the count).
fn replace_exactly(text: &str, from: &str, to: &str, times: usize) -> Result<String, usize> {
    match text.matches(from).count() {
        n if n == times => Ok(text.replace(from, to)),
        n => Err(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GLUE: &str = r#"/* @ts-self-types="./x.d.ts" */
export class Game {
    static __wrap(ptr) {
        const obj = Object.create(Game.prototype);
        obj.__wbg_ptr = ptr;
        GameFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
}
const GameFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_game_free(ptr, 1));
function handleError(f, args) {
    try {
        return f.apply(this, args);
    } catch (e) {
        const idx = addToExternrefTable0(e);
        wasm.__wbindgen_exn_store(idx);
    }
}
function __wbg_finalize_init(instance, module) {
    wasm = instance.exports;
}
"#;

    #[test]
    fn the_glue_gets_the_guard_and_its_five_hooks() {
        let out = patch_glue(GLUE).unwrap();
        assert!(out.starts_with("/* @ts-self-types=\"./x.d.ts\" */\n// ---- Added by `cargo xtask build`"));
        assert!(out.contains("    wasm = __wbg_guard(instance.exports);\n"));
        assert!(out.contains("GameFinalization.register(obj, __wbg_held(obj.__wbg_ptr), obj);"));
        assert!(
            out.contains("new FinalizationRegistry(__wbg_finalizer(ptr => wasm.__wbg_game_free(ptr, 1)))")
        );
        assert!(
            out.contains("    } catch (e) {\n        if (__wbg_broken !== null) throw e;\n        const idx")
        );
        assert!(out.ends_with("\n__wbg_guard_classes([Game]);\n"));
    }

    #[test]
    fn a_glue_of_another_shape_is_refused_by_name() {
        let e = patch_glue(&GLUE.replace("    wasm = instance.exports;\n", "")).unwrap_err();
        assert!(e.contains("`wasm = instance.exports;` found 0 times"), "{e}");
        let e = patch_glue(&GLUE.replace("register(obj, obj.__wbg_ptr, obj)", "register(obj, p, obj)"))
            .unwrap_err();
        assert!(e.contains("GameFinalization.register found 0 times"), "{e}");
    }
}
