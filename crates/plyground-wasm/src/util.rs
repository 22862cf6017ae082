//! Checking what JavaScript passes in, and turning Rust values into what it gets back.
//!
//! Every number from JavaScript arrives as an `f64` and is checked here: wasm-bindgen would
//! otherwise coerce `-1` to 4294967295 and `NaN` to 0 on the way into a `u32`.

use wasm_bindgen::{JsCast, JsError, JsValue};

/// A JavaScript `Error` with this message.
pub(crate) fn js_err(msg: impl AsRef<str>) -> JsError {
    JsError::new(msg.as_ref())
}

/// Prefixes an error message with the call that refused it (`"Stepper.seek: …"`).
pub(crate) fn at(place: &str) -> impl Fn(String) -> JsError + '_ {
    move |e| js_err(format!("{place}: {e}"))
}

/// A number as JavaScript would print it (`1000000000000`, `NaN`, `Infinity`, `1.5`).
pub(crate) fn num_text(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else if x.fract() == 0.0 && x.abs() < 1e18 {
        format!("{}", x as i64)
    } else {
        plyground::decimal::display(x)
    }
}

/// 1234567 → "1,234,567" (for limits in messages).
pub(crate) fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// An integer in `min..=max`, or an error naming `what`, the number and the range.
pub(crate) fn int_in(what: &str, x: f64, min: u64, max: u64) -> Result<u64, String> {
    if !x.is_finite() || x.fract() != 0.0 {
        return Err(format!("{what} must be an integer, got {}", num_text(x)));
    }
    if x < min as f64 || x > max as f64 {
        return Err(format!("{what} {} is out of range ({} to {})", num_text(x), group(min), group(max)));
    }
    Ok(x as u64)
}

/// A short description of any JavaScript value, for messages: `'abc'`, `3`, `true`, `an object`.
pub(crate) fn describe(v: &JsValue) -> String {
    if let Some(s) = v.as_string() {
        let short: String = s.chars().take(40).collect();
        let more = if s.chars().count() > 40 { "…" } else { "" };
        format!("'{short}{more}'")
    } else if let Some(x) = v.as_f64() {
        num_text(x)
    } else if let Some(b) = v.as_bool() {
        b.to_string()
    } else if v.is_null() {
        "null".into()
    } else if v.is_undefined() {
        "undefined".into()
    } else if js_sys::Array::is_array(v) {
        "an array".into()
    } else if v.is_function() {
        "a function".into()
    } else if v.is_object() {
        "an object".into()
    } else {
        v.js_typeof().as_string().map_or_else(|| "a value".into(), |t| format!("a {t}"))
    }
}

/// A Rust value as the JavaScript value a result record holds: numbers (infinities
/// included), strings, booleans, `null` for `None`, arrays, plain objects.
///
/// Written by hand (with [`js_object!`] for records) rather than with serde: the generic
/// serialisation machinery was a large part of the wasm module.
pub(crate) trait ToJs {
    fn to_js(&self) -> JsValue;
}

impl ToJs for f64 {
    fn to_js(&self) -> JsValue {
        JsValue::from_f64(*self)
    }
}

impl ToJs for u32 {
    fn to_js(&self) -> JsValue {
        JsValue::from_f64(*self as f64)
    }
}

impl ToJs for i32 {
    fn to_js(&self) -> JsValue {
        JsValue::from_f64(*self as f64)
    }
}

impl ToJs for bool {
    fn to_js(&self) -> JsValue {
        JsValue::from_bool(*self)
    }
}

impl ToJs for str {
    fn to_js(&self) -> JsValue {
        JsValue::from_str(self)
    }
}

impl ToJs for String {
    fn to_js(&self) -> JsValue {
        JsValue::from_str(self)
    }
}

impl ToJs for &str {
    fn to_js(&self) -> JsValue {
        JsValue::from_str(self)
    }
}

impl ToJs for JsValue {
    fn to_js(&self) -> JsValue {
        self.clone()
    }
}

impl<T: ToJs> ToJs for Option<T> {
    fn to_js(&self) -> JsValue {
        self.as_ref().map_or(JsValue::NULL, ToJs::to_js)
    }
}

impl<T: ToJs> ToJs for [T] {
    fn to_js(&self) -> JsValue {
        let a = js_sys::Array::new();
        for x in self {
            a.push(&x.to_js());
        }
        a.into()
    }
}

impl<T: ToJs> ToJs for Vec<T> {
    fn to_js(&self) -> JsValue {
        self.as_slice().to_js()
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// A plain object being filled in.
    #[wasm_bindgen(js_name = Object)]
    type Record;
    /// `record[key] = value` (no exception is possible on a fresh plain object).
    #[wasm_bindgen(method, indexing_setter)]
    fn set(this: &Record, key: &JsValue, value: &JsValue);
}

/// Slots of the field-name cache (there are fewer than 100 field names).
const KEY_SLOTS: usize = 256;

thread_local! {
    /// The JavaScript strings of the field names, made once and found by the name's address
    /// (open addressing): a record costs one call per field instead of decoding every name
    /// from UTF-8 again (which made `Stepper.nodes()` 6× slower).
    static KEYS: std::cell::RefCell<Vec<Option<(usize, JsValue)>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Sets `key` on a plain object. Not inlined: one call per field keeps the records' code
/// small.
#[inline(never)]
pub(crate) fn put(o: &js_sys::Object, key: &'static str, v: JsValue) {
    let o: &Record = o.unchecked_ref();
    KEYS.with(|keys| {
        let mut keys = keys.borrow_mut();
        if keys.is_empty() {
            keys.resize_with(KEY_SLOTS, || None);
        }
        let addr = key.as_ptr() as usize;
        let mut i = (addr.wrapping_mul(0x9E37_79B9) >> 8) % KEY_SLOTS;
        for _ in 0..KEY_SLOTS {
            match &keys[i] {
                Some((a, k)) if *a == addr => return o.set(k, &v),
                Some(_) => i = (i + 1) % KEY_SLOTS,
                None => {
                    let k = JsValue::from_str(key);
                    o.set(&k, &v);
                    keys[i] = Some((addr, k));
                    return;
                }
            }
        }
        o.set(&JsValue::from_str(key), &v);
    });
}

/// Implements [`ToJs`] for a record: `js_object!(Type { field: "key", … } maybe { field:
/// "key", … })` builds a plain object with the keys in that order; the `maybe` fields
/// (Options) are left out when `None`.
macro_rules! js_object {
    ($ty:ty { $($field:ident : $key:literal),* $(,)? } $(maybe { $($opt:ident : $okey:literal),* $(,)? })?) => {
        impl $crate::util::ToJs for $ty {
            fn to_js(&self) -> wasm_bindgen::JsValue {
                let o = js_sys::Object::new();
                $($crate::util::put(&o, $key, $crate::util::ToJs::to_js(&self.$field));)*
                $($(if let Some(v) = &self.$opt {
                    $crate::util::put(&o, $okey, $crate::util::ToJs::to_js(v));
                })*)?
                o.into()
            }
        }
    };
}
pub(crate) use js_object;

/// A result record as a JavaScript value (see [`ToJs`]).
pub(crate) fn to_js<T: ToJs + ?Sized>(v: &T) -> Result<JsValue, JsError> {
    Ok(v.to_js())
}

/// A `Float64Array` holding `v` (for the `preserve` fields of result records).
pub(crate) fn f64_array(v: &[f64]) -> JsValue {
    js_sys::Float64Array::from(v).into()
}

/// An `Int32Array` holding `v`.
pub(crate) fn i32_array(v: &[i32]) -> JsValue {
    js_sys::Int32Array::from(v).into()
}

/// The own enumerable keys of a plain object, with their values.
pub(crate) fn entries(obj: &JsValue) -> Result<Vec<(String, JsValue)>, String> {
    let o: &js_sys::Object = obj.unchecked_ref();
    let mut out = Vec::new();
    for key in js_sys::Object::keys(o).iter() {
        let name = key.as_string().unwrap_or_default();
        let value = js_sys::Reflect::get(obj, &key).map_err(|_| format!("option '{name}' cannot be read"))?;
        out.push((name, value));
    }
    Ok(out)
}

/// A number argument (no coercion: `'4'`, `true` or `null` are refused).
pub(crate) fn number_arg(what: &str, v: &JsValue) -> Result<f64, String> {
    v.as_f64().ok_or_else(|| format!("{what} must be a number, got {}", describe(v)))
}

/// An optional number argument: `undefined` and `null` give None.
pub(crate) fn opt_number_arg(what: &str, v: Option<JsValue>) -> Result<Option<f64>, String> {
    match v {
        Some(v) if !(v.is_undefined() || v.is_null()) => number_arg(what, &v).map(Some),
        _ => Ok(None),
    }
}

/// A string argument.
pub(crate) fn string_arg(what: &str, v: &JsValue) -> Result<String, String> {
    v.as_string().ok_or_else(|| format!("{what} must be a string, got {}", describe(v)))
}
