//! The core's floating-point helpers that are not the standard library's: the ones the
//! searches need bit for bit the same on every platform. (Decimal text to and from `f64` is
//! [`decimal`](crate::decimal).)

/// ln(2) split so that `e · LN2_HI` is exact for any exponent `e` of an f64.
const LN2_HI: f64 = f64::from_bits(0x3FE6_2E42_FEE0_0000);
const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;

/// 1/(2k + 1) for k = 0..=11: the coefficients of 2·atanh(s) = ln((1 + s)/(1 − s)).
const ATANH_COEF: [f64; 12] = [
    1.0,
    1.0 / 3.0,
    1.0 / 5.0,
    1.0 / 7.0,
    1.0 / 9.0,
    1.0 / 11.0,
    1.0 / 13.0,
    1.0 / 15.0,
    1.0 / 17.0,
    1.0 / 19.0,
    1.0 / 21.0,
    1.0 / 23.0,
];

/// The natural logarithm computed with +, −, ×, ÷ only, so that it is bit-identical on every
/// platform (about 1 ulp from the true value).
///
/// Why not `f64::ln`: it calls the platform's libm, and glibc and the wasm build's libm
/// disagree in the last bit for about 1% of integers (ln 3, ln 14, …). One flipped bit in a
/// UCB1 comparison grows a different tree, and the browser must replay exactly the tree the
/// native build grows from the same seed.
pub fn portable_ln(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    if x == f64::INFINITY {
        return x;
    }
    // x = m · 2^e with m in (√½, √2].
    let (mut x, mut e) = (x, 0i64);
    if x < f64::MIN_POSITIVE {
        x *= f64::from_bits(0x4350_0000_0000_0000); // 2^54: make a subnormal normal
        e -= 54;
    }
    let bits = x.to_bits();
    e += ((bits >> 52) & 0x7FF) as i64 - 1023;
    let mut m = f64::from_bits((bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000);
    if m > std::f64::consts::SQRT_2 {
        m *= 0.5;
        e += 1;
    }
    // ln m = 2·atanh(s) = 2s(1 + s²/3 + s⁴/5 + …) with s = (m − 1)/(m + 1), |s| ≤ 0.172; the
    // terms past s²³/23 are below 2^-60 of the sum. With f = m − 1 (exact) and 2s = f − s·f,
    // ln m = f − s·(f − 2s²·(1/3 + s²/5 + …)): the big part f is exact and only the small
    // correction is rounded.
    let f = m - 1.0;
    let s = f / (m + 1.0);
    let s2 = s * s;
    let mut tail = 0.0;
    for &c in ATANH_COEF[1..].iter().rev() {
        tail = tail * s2 + c;
    }
    let ln_m = f - s * (f - 2.0 * s2 * tail);
    let e = e as f64;
    e * LN2_HI + (e * LN2_LO + ln_m)
}

/// Past this N, [`LnTable`] computes ln N rather than looking it up (the table grows with
/// the largest N asked for and stays ≤ 4 MiB; the root asks for N = every iteration count,
/// so a table up to 2^19 spares a 300,000-iteration search a logarithm per iteration).
const LN_TABLE_MAX: usize = 1 << 19;

/// ln N for visit counts N, cached: `ln(n)` is `portable_ln(max(n, 1))` bit for bit, looked up
/// while N is below 2^16 (filled as N grows) and computed above. MCTS selection asks for
/// ln N of the parent at every step of every iteration.
#[derive(Clone, Debug, Default)]
pub struct LnTable {
    table: Vec<f64>,
}

impl LnTable {
    /// `portable_ln(max(n, 1))`.
    #[inline]
    pub fn ln(&mut self, n: u32) -> f64 {
        let i = n as usize;
        if let Some(&v) = self.table.get(i) {
            return v;
        }
        if i >= LN_TABLE_MAX {
            return portable_ln((n as f64).max(1.0));
        }
        while self.table.len() <= i {
            let m = self.table.len() as f64;
            self.table.push(portable_ln(m.max(1.0)));
        }
        self.table[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_gives_portable_ln_bit_for_bit_below_and_above_its_end() {
        let mut t = LnTable::default();
        for n in [5u32, 0, 1, 2, 3, 1000, 65_535, 65_536, (1 << 19) - 1, 1 << 19, 1 << 20, u32::MAX] {
            assert_eq!(t.ln(n).to_bits(), portable_ln((n as f64).max(1.0)).to_bits(), "n = {n}");
        }
        assert_eq!(t.ln(0), 0.0);
        assert_eq!(t.table.len(), LN_TABLE_MAX);
    }
}
