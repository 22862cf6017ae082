//! Decimal text for `f64`: reading (`parse`) and writing (`display`, `debug`, `fixed`),
//! giving exactly what the standard library's `str::parse::<f64>`, `{}`, `{:?}` and `{:.N}`
//! give (the tests compare them on hundreds of thousands of numbers).
//!
//! Why not the standard library: its float parsing and printing are built for speed, with
//! tables and several algorithms each, and they were a large part of the wasm module that
//! ships to the browser (`cargo xtask size` lists its largest functions). Here every
//! conversion goes through one small exact method instead: a number's exact decimal
//! expansion (every `f64` has a finite one) with a little big-integer arithmetic, which is
//! slower but plenty for labels, narration and tree text.
//!
//! - Reading rounds the exact value of the text to the nearest `f64`, ties to even.
//! - The shortest form (`display`, `debug`) is the shortest digit string that reads back as
//!   the same number, the closest to it when several have that length.
//! - `fixed` rounds the exact value to N decimals, ties to even.

use std::cmp::Ordering;

/// A non-negative big integer: 32-bit limbs, least significant first, no zero limb on top.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u64(v: u64) -> Big {
        let mut b = Big(vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// self ← self · m + a.
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = a as u64;
        for limb in &mut self.0 {
            let v = *limb as u64 * m as u64 + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    /// self ← self · base^exp, in chunks of `chunk` = base^per (which fits in a u32).
    fn mul_pow(&mut self, base: u32, mut exp: u32, chunk: u32, per: u32) {
        while exp >= per {
            self.mul_add(chunk, 0);
            exp -= per;
        }
        self.mul_add(base.pow(exp), 0);
    }

    fn mul_pow5(&mut self, exp: u32) {
        self.mul_pow(5, exp, 1_220_703_125, 13);
    }

    fn mul_pow10(&mut self, exp: u32) {
        self.mul_pow(10, exp, 1_000_000_000, 9);
    }

    /// self ← self · 2^bits.
    fn shl(&mut self, bits: u32) {
        if self.0.is_empty() {
            return;
        }
        let (limbs, bits) = ((bits / 32) as usize, bits % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = (*limb as u64) << bits;
                *limb = v as u32 | carry;
                carry = (v >> 32) as u32;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
    }

    /// self ← self / 2 (rounded down).
    fn shr1(&mut self) {
        let mut carry = 0u32;
        for limb in self.0.iter_mut().rev() {
            let v = *limb;
            *limb = (v >> 1) | (carry << 31);
            carry = v & 1;
        }
        self.trim();
    }

    fn bit_len(&self) -> u32 {
        match self.0.last() {
            Some(&top) => 32 * (self.0.len() as u32 - 1) + (32 - top.leading_zeros()),
            None => 0,
        }
    }

    fn cmp(&self, other: &Big) -> Ordering {
        self.0.len().cmp(&other.0.len()).then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }

    /// self ← self − other (other ≤ self).
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let v = *limb as i64 - other.0.get(i).copied().unwrap_or(0) as i64 - borrow;
            borrow = i64::from(v < 0);
            *limb = v.rem_euclid(1 << 32) as u32;
        }
        self.trim();
    }

    /// self ← self / d; returns the remainder.
    fn div_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let v = (rem << 32) | *limb as u64;
            *limb = (v / d as u64) as u32;
            rem = v % d as u64;
        }
        self.trim();
        rem as u32
    }

    /// The decimal digits (ASCII), most significant first; empty for zero.
    fn into_digits(mut self) -> Vec<u8> {
        let mut chunks = Vec::new();
        while !self.0.is_empty() {
            chunks.push(self.div_small(1_000_000_000));
        }
        let mut out = Vec::with_capacity(chunks.len() * 9);
        for (i, c) in chunks.iter().rev().enumerate() {
            let s = c.to_string();
            if i > 0 {
                out.extend(std::iter::repeat_n(b'0', 9 - s.len()));
            }
            out.extend_from_slice(s.as_bytes());
        }
        out
    }
}

/// The exact decimal expansion of a finite |x|: (digits, k) with |x| = 0.d₁d₂… × 10^k, no
/// leading or trailing zero digit (none at all for zero).
fn exact_digits(x: f64) -> (Vec<u8>, i32) {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1 << 52) - 1);
    let (mut m, mut e) = if biased == 0 { (frac, -1074) } else { (frac | (1 << 52), biased - 1075) };
    if m == 0 {
        return (Vec::new(), 0);
    }
    let z = m.trailing_zeros();
    m >>= z;
    e += z as i32;
    let mut n = Big::from_u64(m);
    let point = if e >= 0 {
        n.shl(e as u32);
        0
    } else {
        // m · 2^e = m · 5^−e / 10^−e.
        n.mul_pow5(-e as u32);
        -e
    };
    let mut digits = n.into_digits();
    let k = digits.len() as i32 - point;
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    (digits, k)
}

/// Powers of ten that are exact in an f64.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
    1e19, 1e20, 1e21, 1e22,
];

/// 2^k as an f64, for k from −1074 to 1023 (+∞ above).
fn pow2(k: i32) -> f64 {
    if k > 1023 {
        f64::INFINITY
    } else if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1 << (k + 1074))
    }
}

/// The f64 nearest to 0.d₁d₂… × 10^k (ties to even); `sticky`: some non-zero digits after
/// `digits` were dropped. `digits` is non-empty and has no leading zero.
fn from_digits(digits: &[u8], k: i32, sticky: bool) -> f64 {
    if k > 310 {
        return f64::INFINITY;
    }
    if k < -324 {
        return 0.0;
    }
    let len = digits.len() as i32;
    let e10 = k - len; // the value is D · 10^e10 with D the integer of the digits
    if !sticky && len <= 19 {
        let d = digits.iter().fold(0u64, |a, &c| a * 10 + (c - b'0') as u64);
        if e10 == 0 {
            return d as f64; // the cast rounds to nearest, ties to even
        }
        // Both operands exact, so the one operation rounds once, correctly.
        if d < 1 << 53 && (-22..=22).contains(&e10) {
            return if e10 > 0 { d as f64 * POW10[e10 as usize] } else { d as f64 / POW10[-e10 as usize] };
        }
    }
    let mut num = Big(Vec::new());
    for &c in digits {
        num.mul_add(10, (c - b'0') as u32);
    }
    let mut e10 = e10;
    if sticky {
        // A 1 after the kept digits stands for whatever was dropped: strictly between the
        // same two halfway points, so it rounds the same way.
        num.mul_add(10, 1);
        e10 -= 1;
    }
    let mut den = Big::from_u64(1);
    if e10 >= 0 {
        num.mul_pow10(e10 as u32);
    } else {
        den.mul_pow10(-e10 as u32);
    }
    // q = ⌊num · 2^s / den⌋ with 55 or 56 bits, then rounded to the bits the result keeps.
    let s = 55 - (num.bit_len() as i32 - den.bit_len() as i32);
    if s >= 0 {
        num.shl(s as u32);
    } else {
        den.shl(-s as u32);
    }
    den.shl(57);
    let mut q = 0u64;
    for i in (0..=57).rev() {
        if num.cmp(&den) != Ordering::Less {
            num.sub(&den);
            q |= 1 << i;
        }
        den.shr1();
    }
    let sticky = !num.0.is_empty();
    let q_bits = 64 - q.leading_zeros() as i32;
    // The value is q · 2^−s (plus a fraction when sticky): exponent of its top bit.
    let top = q_bits - 1 - s;
    // Bits to drop: down to 53 significant bits, more below the smallest normal exponent.
    let drop = q_bits - 53 + (-1022 - top).max(0);
    if drop > q_bits {
        return 0.0;
    }
    let kept = q >> drop;
    let rest = q & ((1 << drop) - 1);
    let half = 1u64 << (drop - 1);
    let up = rest > half || (rest == half && (sticky || kept & 1 == 1));
    let kept = kept + u64::from(up);
    // kept ≤ 2^53 and its weight is a power of two at least 2^−1074: exact unless it overflows.
    kept as f64 * pow2(drop - s)
}

/// Reads a decimal number: an optional sign, digits with an optional point (at least one
/// digit on either side), an optional exponent (`e`/`E`, optional sign, digits). The
/// nearest f64 (±∞ when too large), as `str::parse::<f64>` gives; None for anything else.
pub fn parse(text: &str) -> Option<f64> {
    const MAX_DIGITS: usize = 800;
    let b = text.as_bytes();
    let mut i = 0;
    let negative = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let mut digits = Vec::new();
    let (mut seen, mut int_digits, mut leading, mut sticky, mut point) = (0usize, 0i64, 0i64, false, false);
    while i < b.len() {
        match b[i] {
            c @ b'0'..=b'9' => {
                seen += 1;
                if !point {
                    int_digits += 1;
                }
                if digits.is_empty() && c == b'0' {
                    leading += 1;
                } else if digits.len() < MAX_DIGITS {
                    digits.push(c);
                } else if c != b'0' {
                    sticky = true;
                }
            }
            b'.' if !point => point = true,
            _ => break,
        }
        i += 1;
    }
    if seen == 0 {
        return None;
    }
    let mut exp = 0i64;
    if i < b.len() {
        if b[i] != b'e' && b[i] != b'E' {
            return None;
        }
        i += 1;
        let minus = match b.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        if i == b.len() {
            return None;
        }
        while i < b.len() {
            let c = b[i];
            if !c.is_ascii_digit() {
                return None;
            }
            exp = (exp * 10 + (c - b'0') as i64).min(1 << 40);
            i += 1;
        }
        if minus {
            exp = -exp;
        }
    }
    // Trailing zeros say nothing, unless a sticky digit goes after them.
    while !sticky && digits.last() == Some(&b'0') {
        digits.pop();
    }
    let magnitude = if digits.is_empty() {
        0.0
    } else {
        let k = (int_digits - leading + exp).clamp(-100_000, 100_000) as i32;
        from_digits(&digits, k, sticky)
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// Adds one unit in the last place to a digit string; (digits, k) again (999 → 1, k + 1).
fn increment(mut d: Vec<u8>, k: i32) -> (Vec<u8>, i32) {
    while let Some(last) = d.pop() {
        if last != b'9' {
            d.push(last + 1);
            return (d, k);
        }
    }
    (vec![b'1'], k + 1)
}

/// How the digits dropped after position `p` compare with half a unit of position `p`.
fn dropped_vs_half(d: &[u8], p: usize) -> Ordering {
    match d.get(p) {
        None => Ordering::Less,
        Some(&c) if c != b'5' => c.cmp(&b'5'),
        Some(_) => {
            if d.len() > p + 1 {
                Ordering::Greater
            } else {
                Ordering::Equal
            }
        }
    }
}

fn trim_zeros(mut d: Vec<u8>) -> Vec<u8> {
    while d.last() == Some(&b'0') {
        d.pop();
    }
    d
}

/// The shortest digits that read back as |x| (finite, non-zero), the closest to |x| among
/// those: (digits, k) with |x| ≈ 0.d₁d₂… × 10^k.
fn shortest_digits(x: f64) -> (Vec<u8>, i32) {
    let target = x.abs();
    let (d, k) = exact_digits(target);
    for p in 1..d.len() {
        let down = (trim_zeros(d[..p].to_vec()), k);
        let up = increment(d[..p].to_vec(), k);
        let (first, second) = match dropped_vs_half(&d, p) {
            Ordering::Less => (down, up),
            _ => (up, down),
        };
        for (c, ck) in [first, second] {
            if from_digits(&c, ck, false) == target {
                return (c, ck);
            }
        }
    }
    (d, k)
}

/// `digits` placed at decimal exponent k (0.d₁d₂… × 10^k) in plain notation, with at least
/// `min_frac` digits after the point.
fn plain(out: &mut String, d: &[u8], k: i32, min_frac: usize) {
    let digit = |i: i32| if i >= 0 && (i as usize) < d.len() { d[i as usize] as char } else { '0' };
    if k <= 0 {
        out.push('0');
    } else {
        (0..k).for_each(|i| out.push(digit(i)));
    }
    let frac = if d.is_empty() { 0 } else { (d.len() as i32 - k).max(0) as usize };
    let frac = frac.max(min_frac);
    if frac > 0 {
        out.push('.');
        (0..frac as i32).for_each(|i| out.push(digit(k + i)));
    }
}

fn special(x: f64) -> Option<String> {
    if x.is_nan() {
        Some("NaN".into())
    } else if x.is_infinite() {
        Some(if x > 0.0 { "inf" } else { "-inf" }.into())
    } else {
        None
    }
}

fn sign(x: f64) -> String {
    if x.is_sign_negative() {
        "-".into()
    } else {
        String::new()
    }
}

/// `format!("{x}")`: the shortest form, in plain notation (`0.1`, `3`, `-1e-7` as
/// `-0.0000001`, `NaN`, `inf`).
pub fn display(x: f64) -> String {
    if let Some(s) = special(x) {
        return s;
    }
    let mut out = sign(x);
    if x == 0.0 {
        out.push('0');
    } else {
        let (d, k) = shortest_digits(x);
        plain(&mut out, &d, k, 0);
    }
    out
}

/// `format!("{x:?}")`: the shortest form with a point (`3.0`), in exponent notation below
/// 10^−4 and from 10^16 on (`1e-5`, `1.5e16`).
pub fn debug(x: f64) -> String {
    if let Some(s) = special(x) {
        return s;
    }
    let mut out = sign(x);
    let a = x.abs();
    if a == 0.0 {
        out.push_str("0.0");
    } else if (1e-4..1e16).contains(&a) {
        let (d, k) = shortest_digits(x);
        plain(&mut out, &d, k, 1);
    } else {
        let (d, k) = shortest_digits(x);
        out.push(d[0] as char);
        if d.len() > 1 {
            out.push('.');
            d[1..].iter().for_each(|&c| out.push(c as char));
        }
        out.push('e');
        out.push_str(&(k - 1).to_string());
    }
    out
}

/// `format!("{x:.decimals$}")`: the exact value rounded to `decimals` places, ties to even.
pub fn fixed(x: f64, decimals: usize) -> String {
    if let Some(s) = special(x) {
        return s;
    }
    let mut out = sign(x);
    if x == 0.0 {
        plain(&mut out, &[], 0, decimals);
        return out;
    }
    let (d, k) = exact_digits(x.abs());
    // Keep the digits down to the last decimal place.
    let keep = k + decimals as i32;
    let (d, k) = if keep < 0 {
        (Vec::new(), k)
    } else if (keep as usize) >= d.len() {
        (d, k)
    } else {
        let p = keep as usize;
        let round_up = match dropped_vs_half(&d, p) {
            Ordering::Greater => true,
            Ordering::Less => false,
            // A tie: to the even last digit (a missing digit is a 0).
            Ordering::Equal => p > 0 && (d[p - 1] - b'0') % 2 == 1,
        };
        let kept = d[..p].to_vec();
        if round_up {
            increment(kept, k)
        } else {
            (trim_zeros(kept), k)
        }
    };
    plain(&mut out, &d, k, decimals);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Numbers of every kind: random bit patterns (every exponent, subnormals), short
    /// decimals, integers, powers of two and their neighbours, halfway cases.
    fn samples() -> Vec<f64> {
        let mut rng = Rng::new(11);
        let mut xs = vec![
            0.0,
            -0.0,
            1.0,
            0.1,
            0.5,
            2.5,
            1e-4,
            9.9999e-5,
            1e16,
            9999999999999998.0,
            1e15,
            1e21,
            1e22,
            1e23,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            1e-323,
            f64::from_bits(0x000F_FFFF_FFFF_FFFF),
            (1u64 << 52) as f64 / 4.0 + 0.25,
            (1u64 << 52) as f64 / 4.0 + 0.75,
            (1u64 << 52) as f64 - 0.5,
            0.3,
            2.0 / 3.0,
            123456.789,
            -7.25,
            1e300,
            123e-20,
        ];
        for _ in 0..40_000 {
            xs.push(f64::from_bits(rng.next_u64()));
        }
        for _ in 0..20_000 {
            let n = rng.below(2_000_001) as f64 - 1e6;
            xs.push(n / [1.0, 2.0, 4.0, 8.0, 10.0, 100.0, 1000.0, 3.0, 7.0, 1e4][rng.below(10) as usize]);
        }
        for e in -1074..1024 {
            let p = pow2(e);
            xs.extend([p, f64::from_bits(p.to_bits() + 1), f64::from_bits(p.to_bits().saturating_sub(1))]);
        }
        for _ in 0..10_000 {
            // Quarters from 2^50 and halves from 2^51: two shortest candidates can tie.
            let m = (1u64 << 52) + rng.next_u64() % (1 << 52);
            xs.extend([m as f64 / 4.0, m as f64 / 2.0]);
        }
        xs.retain(|x| x.is_finite());
        xs
    }

    #[test]
    fn display_and_debug_are_the_standard_librarys() {
        for x in samples() {
            assert_eq!(display(x), format!("{x}"), "{:e}", x);
            assert_eq!(debug(x), format!("{x:?}"), "{:e}", x);
        }
        for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!((display(x), debug(x)), (format!("{x}"), format!("{x:?}")));
        }
    }

    #[test]
    fn fixed_is_the_standard_librarys() {
        let mut rng = Rng::new(12);
        let mut xs = samples();
        xs.retain(|_| rng.below(4) == 0);
        xs.extend([0.5, 1.5, 2.5, 0.125, 0.375, -0.00005, 0.00005, 0.00015, 1e-5, -1e-5, 99999.99995]);
        for x in xs {
            for n in [0, 1, 2, 4, 7] {
                assert_eq!(fixed(x, n), format!("{x:.n$}"), "{x:e} to {n}");
            }
        }
        for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(fixed(x, 4), format!("{x:.4}"));
        }
    }

    /// The exact decimal text of a finite f64 (every digit).
    fn exact_text(x: f64) -> String {
        if x == 0.0 {
            return "0".into();
        }
        let (d, k) = exact_digits(x.abs());
        let mut s = sign(x);
        plain(&mut s, &d, k, 0);
        s
    }

    #[test]
    fn parse_is_the_standard_librarys() {
        let mut rng = Rng::new(13);
        let mut texts: Vec<String> = [
            "0",
            "-0",
            "+0",
            "0.0",
            ".5",
            "5.",
            "1e0",
            "1E+2",
            "1e-400",
            "1e400",
            "-1e400",
            "2.5e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "4.9e-324",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "9007199254740993",
            "9007199254740992.5",
            "0.1",
            "123456789012345678901234567890",
            "000123.4500",
            "1e22",
            "1e23",
            "8.5e-3",
            "+.25E1",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for _ in 0..30_000 {
            let len = 1 + rng.below(25) as usize;
            let mut t = String::new();
            if rng.below(3) == 0 {
                t.push('-');
            }
            let point = rng.below(len as u32 + 1) as usize;
            for i in 0..len {
                if i == point {
                    t.push('.');
                }
                t.push((b'0' + rng.below(10) as u8) as char);
            }
            if rng.below(2) == 0 {
                t.push_str(&format!("e{}", rng.below(700) as i32 - 350));
            }
            texts.push(t);
        }
        for x in samples().into_iter().step_by(7) {
            // Every digit, halfway points between neighbours, and both just beside them.
            texts.push(exact_text(x));
            let next = f64::from_bits(x.abs().to_bits() + 1);
            if next.is_finite() {
                let (d, k) = exact_digits(x.abs());
                let (dn, kn) = exact_digits(next);
                // The midpoint's digits: (x + next) / 2 exactly, through a wider exponent.
                let (mid, e) = midpoint_text(&d, k, &dn, kn);
                texts.push(format!("{mid}e{e}"));
                texts.push(format!("{mid}1e{e}"));
                texts.push(format!("{mid}000000000000000000000000000000000000000000001e{e}"));
            }
        }
        // Long texts: more digits than are kept.
        let long = format!("1.{}5{}1", "0".repeat(900), "0".repeat(100));
        texts.push(long);
        texts.push(format!("{}e-1000", "7".repeat(1200)));
        for t in &texts {
            let want = t.parse::<f64>().ok();
            let got = parse(t);
            assert_eq!(got.map(f64::to_bits), want.map(f64::to_bits), "{t}");
        }
        for bad in ["", "-", ".", "e5", "1e", "1e+", "1.2.3", "1x", "inf", "NaN", "1 "] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    /// The midpoint of two positive numbers given as exact digits: ("0.ddd…", exponent).
    fn midpoint_text(a: &[u8], ka: i32, b: &[u8], kb: i32) -> (String, i32) {
        // Align both on the same last decimal place, add, halve (the sum of two values with
        // finite expansions; halving adds at most one digit 5).
        let last = (ka - a.len() as i32).min(kb - b.len() as i32) - 1;
        let int = |d: &[u8], k: i32| {
            let mut n = Big(Vec::new());
            for &c in d {
                n.mul_add(10, (c - b'0') as u32);
            }
            n.mul_pow10((k - d.len() as i32 - last) as u32);
            n
        };
        let (mut s, t) = (int(a, ka), int(b, kb));
        let mut carry = 0u64;
        for i in 0..s.0.len().max(t.0.len()) {
            let v = s.0.get(i).copied().unwrap_or(0) as u64 + t.0.get(i).copied().unwrap_or(0) as u64 + carry;
            if i < s.0.len() {
                s.0[i] = v as u32;
            } else {
                s.0.push(v as u32);
            }
            carry = v >> 32;
        }
        if carry > 0 {
            s.0.push(carry as u32);
        }
        assert_eq!(s.div_small(2), 0, "the last place is one further than either");
        let digits = s.into_digits();
        (format!("0.{}", String::from_utf8(digits.clone()).unwrap()), digits.len() as i32 + last)
    }

    /// The samples hold numbers with two equally close shortest forms (the test above then
    /// checks that the larger one is the standard library's choice, as here).
    #[test]
    fn the_samples_include_shortest_ties() {
        let ties = samples()
            .into_iter()
            .filter(|&x| x != 0.0)
            .filter(|&x| {
                let (d, k) = exact_digits(x.abs());
                let p = shortest_digits(x).0.len();
                p < d.len() && dropped_vs_half(&d, p) == Ordering::Equal && {
                    let (up, ku) = increment(d[..p].to_vec(), k);
                    from_digits(&trim_zeros(d[..p].to_vec()), k, false) == x.abs()
                        && from_digits(&up, ku, false) == x.abs()
                }
            })
            .count();
        assert!(ties > 1000, "{ties} ties");
    }

    #[test]
    fn exact_digits_are_every_digit() {
        assert_eq!(exact_text(0.1), "0.1000000000000000055511151231257827021181583404541015625");
        assert_eq!(exact_text(-2.5), "-2.5");
        assert_eq!(exact_text(1e22), "10000000000000000000000");
        assert_eq!(exact_text(5e-324).len(), 1076);
    }
}
