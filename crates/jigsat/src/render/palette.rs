//! Colours for pictures: a palette of 30 fills and a greedy choice that
//! keeps touching pieces far apart.
//!
//! "Far apart" is measured in OKLab, the perceptual colour space, and also
//! after simulating deuteranopia and protanopia (Machado et al. 2009,
//! severity 1): two neighbours must differ for the most common kinds of
//! colour blindness too, not only for full colour vision. Colour is never
//! the only cue — every drawing also prints each piece's glyph — but it is
//! what lets the eye separate 25 identical Y's at a glance.
//!
//! Each piece on the board takes a colour no other piece uses while the
//! palette lasts (Y25 gets 25 different colours), the unused one farthest
//! from the colours of the pieces it touches; then swaps between pieces
//! push apart the touching pairs that are still close, for colour-blind
//! eyes first and then for full colour vision (two blues far enough apart
//! for a deuteranope still both read as "blue"). Touching pairs end at
//! least 0.09 apart in OKLab for the worst of the three kinds of vision on
//! Y25 (25 colours in 25 pieces), 0.19 on Soma and 6x10; about 0.1 is a
//! plainly visible difference.

use crate::geometry::NEIGHBOURS;
use crate::solution::Solution;

/// Fills, mostly from Paul Tol's colour-blind-safe schemes (bright, muted,
/// light) and Okabe–Ito, mixed in lightness so that neighbours can also
/// differ in brightness.
pub const PALETTE: [u32; 30] = [
    0x4477AA, 0xEE6677, 0x228833, 0xCCBB44, 0x66CCEE, 0xAA3377, 0xEE7733, 0x009988, 0xEEDD88,
    0x332288, 0xFFAABB, 0x117733, 0x88CCEE, 0x882255, 0x44BB99, 0xDDCC77, 0xCC3311, 0xAAAA00,
    0x77AADD, 0x994455, 0xE69F00, 0x0072B2, 0xBBCC33, 0xCC79A7, 0x997700, 0x66AA55, 0xEECC66,
    0x004488, 0xEE99AA, 0xDDAADD,
];

/// An sRGB colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub fn from_hex(hex: u32) -> Rgb {
        Rgb((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
    }

    /// `#rrggbb`.
    pub fn css(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// The colour scaled towards black: `factor` 1 keeps it, 0 is black.
    pub fn shade(self, factor: f64) -> Rgb {
        let f = |c: u8| (c as f64 * factor).round().clamp(0.0, 255.0) as u8;
        Rgb(f(self.0), f(self.1), f(self.2))
    }

    fn linear(self) -> [f64; 3] {
        let f = |c: u8| {
            let c = c as f64 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        [f(self.0), f(self.1), f(self.2)]
    }

    /// Relative luminance (WCAG).
    pub fn luminance(self) -> f64 {
        let [r, g, b] = self.linear();
        0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    /// Black or white, whichever contrasts more with this fill.
    pub fn text_colour(self) -> &'static str {
        // Contrast with black (L+0.05)/0.05 equals contrast with white
        // 1.05/(L+0.05) at L ≈ 0.179.
        if self.luminance() > 0.179 {
            "#000000"
        } else {
            "#ffffff"
        }
    }
}

/// Machado et al. (2009) simulation matrices, severity 1, on linear RGB.
const DEUTAN: [[f64; 3]; 3] = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
];
const PROTAN: [[f64; 3]; 3] = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
];

fn apply(m: &[[f64; 3]; 3], v: [f64; 3]) -> [f64; 3] {
    let row = |r: &[f64; 3]| (r[0] * v[0] + r[1] * v[1] + r[2] * v[2]).clamp(0.0, 1.0);
    [row(&m[0]), row(&m[1]), row(&m[2])]
}

/// Linear RGB to OKLab (Björn Ottosson, 2020).
fn oklab([r, g, b]: [f64; 3]) -> [f64; 3] {
    let l = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b).cbrt();
    let m = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b).cbrt();
    let s = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b).cbrt();
    [
        0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
        1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
        0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s,
    ]
}

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// How far apart two colours look, for the worst of normal vision,
/// deuteranopia and protanopia (OKLab distance; about 0.1 is clearly
/// different).
pub fn difference(a: Rgb, b: Rgb) -> f64 {
    let (a, b) = (a.linear(), b.linear());
    let normal = dist(oklab(a), oklab(b));
    let deutan = dist(oklab(apply(&DEUTAN, a)), oklab(apply(&DEUTAN, b)));
    let protan = dist(oklab(apply(&PROTAN, a)), oklab(apply(&PROTAN, b)));
    normal.min(deutan).min(protan)
}

/// The placed pieces each placed piece shares a face with.
pub fn touching(solution: &Solution) -> Vec<Vec<usize>> {
    let owner = solution.owners();
    solution
        .pieces()
        .iter()
        .enumerate()
        .map(|(k, placed)| {
            let mut near: Vec<usize> = placed
                .cells
                .iter()
                .flat_map(|&c| NEIGHBOURS.iter().map(move |&d| c.offset(d)))
                .filter_map(|c| owner.get(&c).copied())
                .filter(|&o| o != k)
                .collect();
            near.sort_unstable();
            near.dedup();
            near
        })
        .collect()
}

/// Neighbours this far apart (OKLab, worst case over colour visions) are
/// plainly different; more does not matter.
const NEAR_ENOUGH: f64 = 0.2;
/// The same for full colour vision alone.
const NORMAL_NEAR_ENOUGH: f64 = 0.3;

/// A fill for every placed piece (by its index in `solution.pieces()`).
pub fn colours(solution: &Solution) -> Vec<Rgb> {
    let palette: Vec<Rgb> = PALETTE.iter().map(|&h| Rgb::from_hex(h)).collect();
    let near = touching(solution);
    let mut chosen: Vec<Option<usize>> = vec![None; solution.pieces().len()];
    let mut used = vec![false; palette.len()];
    for k in 0..solution.pieces().len() {
        let taken: Vec<usize> = near[k].iter().filter_map(|&o| chosen[o]).collect();
        let nearest = |i: usize, among: &mut dyn Iterator<Item = usize>| {
            among
                .map(|t| difference(palette[i], palette[t]))
                .fold(f64::INFINITY, f64::min)
        };
        // Spread over the whole board is for full colour vision: under a
        // dichromat's eyes the palette is mostly blue against yellow, and
        // spreading by that would fill the board with blues.
        let spread = |i: usize, among: &mut dyn Iterator<Item = usize>| {
            among
                .map(|t| dist(oklab(palette[i].linear()), oklab(palette[t].linear())))
                .fold(1.0, f64::min)
        };
        // Far from the neighbours first (beyond NEAR_ENOUGH any colour
        // will do), then far from every colour already on the board.
        let score = |i: usize| {
            nearest(i, &mut taken.iter().copied()).min(NEAR_ENOUGH)
                + spread(i, &mut chosen.iter().flatten().copied())
        };
        let fresh = used.iter().any(|u| !u);
        let best = (0..palette.len())
            .filter(|&i| !fresh || !used[i])
            .map(|i| (i, score(i)))
            // The first of equally good colours, so the palette's order
            // decides between ties.
            .fold(None, |best: Option<(usize, f64)>, (i, s)| match best {
                Some((_, b)) if b >= s => best,
                _ => Some((i, s)),
            })
            .map(|(i, _)| i)
            .unwrap_or(0);
        used[best] = true;
        chosen[k] = Some(best);
    }
    let mut chosen: Vec<usize> = chosen.into_iter().map(|c| c.unwrap_or(0)).collect();
    improve(&mut chosen, &palette, &near);
    chosen.into_iter().map(|c| palette[c]).collect()
}

/// Hill climbing after the greedy choice, which can leave late pieces
/// only colours close to a neighbour's: swap two pieces' colours, or take
/// an unused one, while that lowers the penalty of pairs of touching
/// pieces closer than [`NEAR_ENOUGH`]. Neither move makes two pieces share
/// a colour.
fn improve(chosen: &mut [usize], palette: &[Rgb], near: &[Vec<usize>]) {
    let diff: Vec<Vec<f64>> = palette
        .iter()
        .map(|&a| palette.iter().map(|&b| difference(a, b)).collect())
        .collect();
    // Full colour vision asks for more: two blues 0.2 apart are
    // different, but read as "blue" both.
    let normal: Vec<Vec<f64>> = palette
        .iter()
        .map(|&a| {
            palette
                .iter()
                .map(|&b| dist(oklab(a.linear()), oklab(b.linear())))
                .collect()
        })
        .collect();
    let penalty = |c: &[usize], k: usize| -> f64 {
        near[k]
            .iter()
            .map(|&o| {
                16.0 * (NEAR_ENOUGH - diff[c[k]][c[o]]).max(0.0).powi(4)
                    + (NORMAL_NEAR_ENOUGH - normal[c[k]][c[o]]).max(0.0).powi(4)
            })
            .sum()
    };
    for _ in 0..100 {
        let mut improved = false;
        for k in 0..chosen.len() {
            for colour in 0..palette.len() {
                if colour == chosen[k] {
                    continue;
                }
                let other = chosen.iter().position(|&c| c == colour);
                let before = penalty(chosen, k) + other.map_or(0.0, |j| penalty(chosen, j));
                let old = chosen[k];
                chosen[k] = colour;
                if let Some(j) = other {
                    chosen[j] = old;
                }
                let after = penalty(chosen, k) + other.map_or(0.0, |j| penalty(chosen, j));
                if after < before - 1e-12 {
                    improved = true;
                } else {
                    chosen[k] = old;
                    if let Some(j) = other {
                        chosen[j] = colour;
                    }
                }
            }
        }
        if !improved {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_entries_differ() {
        for (i, &a) in PALETTE.iter().enumerate() {
            for &b in &PALETTE[..i] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn red_and_green_look_alike_to_a_deuteranope() {
        let red = Rgb::from_hex(0xCC3311);
        let green = Rgb::from_hex(0x228833);
        let blue = Rgb::from_hex(0x0072B2);
        assert!(difference(red, green) < difference(red, blue));
    }

    #[test]
    fn text_contrasts() {
        assert_eq!(Rgb::from_hex(0xEEDD88).text_colour(), "#000000");
        assert_eq!(Rgb::from_hex(0x332288).text_colour(), "#ffffff");
    }
}
