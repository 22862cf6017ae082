//! Helpers for reading what the API returns, as JavaScript would.

#![allow(dead_code)]

use wasm_bindgen::{JsCast, JsError, JsValue};

/// The message of the JavaScript `Error` a call threw.
pub fn message(e: JsError) -> String {
    error_message(&e.into())
}

/// The message of an error value (which must be a JavaScript `Error`).
pub fn error_message(v: &JsValue) -> String {
    let err: &js_sys::Error = v.dyn_ref().expect("a JavaScript Error");
    err.message().into()
}

/// A plain object from JSON (options; results to compare with).
pub fn obj(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap_or_else(|_| panic!("bad JSON in a test: {json}"))
}

/// An object with one numeric field (for values JSON cannot write: NaN, ±Infinity).
pub fn with_number(key: &str, x: f64) -> JsValue {
    let o = js_sys::Object::new();
    js_sys::Reflect::set(&o, &key.into(), &JsValue::from_f64(x)).unwrap();
    o.into()
}

/// `v.a.b.c` (numbers index arrays).
pub fn get(v: &JsValue, path: &str) -> JsValue {
    let mut cur = v.clone();
    for part in path.split('.') {
        let key: JsValue = match part.parse::<u32>() {
            Ok(i) => JsValue::from(i),
            Err(_) => JsValue::from_str(part),
        };
        cur = js_sys::Reflect::get(&cur, &key).unwrap_or_else(|_| panic!("no {path}"));
    }
    cur
}

/// A number at `path` (panics on anything else, null included).
pub fn num(v: &JsValue, path: &str) -> f64 {
    get(v, path).as_f64().unwrap_or_else(|| panic!("{path} is not a number: {:?}", get(v, path)))
}

/// A string at `path`.
pub fn text(v: &JsValue, path: &str) -> String {
    get(v, path).as_string().unwrap_or_else(|| panic!("{path} is not a string: {:?}", get(v, path)))
}

/// The length of the array at `path` ("" for `v` itself).
pub fn len(v: &JsValue, path: &str) -> u32 {
    let a = if path.is_empty() { v.clone() } else { get(v, path) };
    js_sys::Reflect::get(&a, &"length".into()).unwrap().as_f64().expect("an array") as u32
}

/// The numbers of an array or typed array.
pub fn numbers(v: &JsValue) -> Vec<f64> {
    js_sys::Array::from(v).iter().map(|x| x.as_f64().unwrap_or(f64::NAN)).collect()
}

/// The strings of an array.
pub fn strings(v: &JsValue) -> Vec<String> {
    js_sys::Array::from(v).iter().map(|x| x.as_string().expect("a string")).collect()
}

/// FNV-1a style over 64-bit words, as in tests/fixtures/golden-digests.txt.
pub fn fnv(words: impl IntoIterator<Item = u64>) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for w in words {
        h ^= w;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}
