//! At most N colours ([`reduce_colors`]), chosen in Oklab.
//!
//! A picture with at most N colours keeps them exactly. Otherwise:
//! 1. Near-identical colours merge first (within [`MERGE`] in Oklab, compression noise
//!    such as `#fdfdfd` beside `#ffffff`), each group at the weighted mean of its members;
//!    when that leaves N groups or fewer, they are the colours.
//! 2. Else the groups (each weighted by its pixels) are clustered in Oklab from three
//!    deterministic starts: the most frequent group then the farthest ones; the most
//!    frequent then those with the largest pixels × distance²; and median cut's boxes
//!    (split at the weighted median of the widest axis). From each start, k-means
//!    (Lloyd's iterations) and then k-medians (each centre moved to its cluster's
//!    geometric median by Weiszfeld's iterations) refine the centres. Of the six sets of
//!    centres, rounded to 8-bit sRGB, the one with the least total ΔE over the picture's
//!    pixels wins (the first on a tie): the mean ΔE is what fitting is measured by
//!    (`examples/fit_colors.rs`). A colour that differs clearly from the rest gets a
//!    centre of its own where that lowers it.
//! 3. Each pixel takes the nearest of the colours.
//!
//! Everything is computed in a fixed order from the picture alone: the same picture
//! always gives the same colours.

use super::oklab::{self, Lab};

/// Colours closer than this in Oklab (ΔE) merge before anything else.
pub(super) const MERGE: f32 = 0.02;

/// Most k-means or k-medians iterations from each start (they settle in a few on
/// sprite-sized pictures).
const MAX_ITERATIONS: usize = 64;

/// Weiszfeld's iterations towards a cluster's geometric median, each k-medians round.
const WEISZFELD_STEPS: usize = 4;

/// A colour of the picture: Oklab, and how many pixels have it.
#[derive(Clone, Copy)]
struct Point {
    lab: Lab,
    weight: f32,
}

/// Reduces the opaque pixels (alpha 255) of `pixels` to at most `n` colours; returns the
/// number of distinct colours before and after.
pub(super) fn reduce_colors(pixels: &mut [[u8; 4]], n: usize) -> (usize, usize) {
    let mut colours: Vec<[u8; 3]> = pixels
        .iter()
        .filter(|p| p[3] == 255)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    colours.sort_unstable();
    let mut counted: Vec<([u8; 3], usize)> = Vec::new();
    for c in colours {
        match counted.last_mut() {
            Some((last, k)) if *last == c => *k += 1,
            _ => counted.push((c, 1)),
        }
    }
    let before = counted.len();
    if before <= n {
        return (before, before);
    }
    // Most frequent first (then by colour, for a fixed order).
    counted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let points: Vec<Point> = counted
        .iter()
        .map(|&(c, k)| Point {
            lab: oklab::from_srgb(c),
            weight: k as f32,
        })
        .collect();
    let groups = merge(&points);
    let centres = if groups.len() <= n {
        groups.iter().map(|g| g.lab).collect()
    } else {
        best_centres(&groups, &points, n)
    };
    let mut palette: Vec<([u8; 3], Lab)> = Vec::new();
    for c in centres {
        let rgb = oklab::to_srgb(c);
        if !palette.iter().any(|&(p, _)| p == rgb) {
            palette.push((rgb, oklab::from_srgb(rgb)));
        }
    }
    for p in pixels.iter_mut().filter(|p| p[3] == 255) {
        let lab = oklab::from_srgb([p[0], p[1], p[2]]);
        let [r, g, b] = palette[nearest(lab, palette.iter().map(|&(_, l)| l))].0;
        *p = [r, g, b, 255];
    }
    (before, palette.len())
}

/// Index of the centre nearest `lab` (the first on a tie).
fn nearest(lab: Lab, centres: impl Iterator<Item = Lab>) -> usize {
    let mut best = (f32::INFINITY, 0);
    for (i, c) in centres.enumerate() {
        let d = oklab::distance2(lab, c);
        if d < best.0 {
            best = (d, i);
        }
    }
    best.1
}

/// Points within [`MERGE`] of a more frequent group's first point join it; each group
/// at its weighted mean.
fn merge(points: &[Point]) -> Vec<Point> {
    let mut firsts: Vec<Lab> = Vec::new();
    let mut sums: Vec<([f32; 3], f32)> = Vec::new();
    for p in points {
        let joined = firsts
            .iter()
            .position(|&f| oklab::distance2(f, p.lab) < MERGE * MERGE);
        let i = joined.unwrap_or_else(|| {
            firsts.push(p.lab);
            sums.push(([0.0; 3], 0.0));
            firsts.len() - 1
        });
        for (s, v) in sums[i].0.iter_mut().zip(p.lab) {
            *s += v * p.weight;
        }
        sums[i].1 += p.weight;
    }
    sums.iter()
        .map(|&(s, w)| Point {
            lab: s.map(|v| v / w),
            weight: w,
        })
        .collect()
}

/// The best of the candidate centres for `groups` (see the module docs), judged on the
/// picture's own colours `points`.
fn best_centres(groups: &[Point], points: &[Point], n: usize) -> Vec<Lab> {
    let starts = [
        farthest(groups, n, false),
        farthest(groups, n, true),
        median_cut(groups, n),
    ];
    let mut best: Option<(f32, Vec<Lab>)> = None;
    for start in starts {
        let means = lloyd(groups, start);
        let medians = medians(groups, means.clone());
        for centres in [means, medians] {
            let rounded: Vec<Lab> = centres
                .iter()
                .map(|&c| oklab::from_srgb(oklab::to_srgb(c)))
                .collect();
            let e = total_delta_e(points, &rounded);
            if best.as_ref().is_none_or(|(b, _)| e < *b) {
                best = Some((e, centres));
            }
        }
    }
    best.map(|(_, c)| c).unwrap_or_default()
}

/// The weighted total ΔE of `points` against their nearest centres.
fn total_delta_e(points: &[Point], centres: &[Lab]) -> f32 {
    points
        .iter()
        .map(|p| {
            let c = centres[nearest(p.lab, centres.iter().copied())];
            oklab::distance2(p.lab, c).sqrt() * p.weight
        })
        .sum()
}

/// Gives each point its nearest centre in `assigned`; returns whether any changed.
fn assign(points: &[Point], centres: &[Lab], assigned: &mut [usize]) -> bool {
    let mut changed = false;
    for (a, p) in assigned.iter_mut().zip(points) {
        let i = nearest(p.lab, centres.iter().copied());
        changed |= *a != i;
        *a = i;
    }
    changed
}

/// k-medians from `centres`: each point to its nearest centre, each centre to its
/// cluster's weighted geometric median (Weiszfeld's iterations from where it is), until
/// no point changes its centre.
fn medians(points: &[Point], mut centres: Vec<Lab>) -> Vec<Lab> {
    let mut assigned = vec![usize::MAX; points.len()];
    for _ in 0..MAX_ITERATIONS {
        if !assign(points, &centres, &mut assigned) {
            break;
        }
        for (i, c) in centres.iter_mut().enumerate() {
            for _ in 0..WEISZFELD_STEPS {
                let mut sum = [0f32; 3];
                let mut weights = 0.0;
                for (p, _) in points.iter().zip(&assigned).filter(|&(_, &a)| a == i) {
                    let w = p.weight / oklab::distance2(p.lab, *c).sqrt().max(1e-6);
                    for (s, v) in sum.iter_mut().zip(p.lab) {
                        *s += v * w;
                    }
                    weights += w;
                }
                if weights > 0.0 {
                    *c = sum.map(|v| v / weights);
                }
            }
        }
    }
    centres
}

/// The most frequent point, then each time the point farthest from the centres chosen
/// (by weight × distance² when `weighted`).
fn farthest(points: &[Point], n: usize, weighted: bool) -> Vec<Lab> {
    let mut centres = vec![points[0].lab];
    while centres.len() < n {
        let score = |p: &Point| {
            let d = centres
                .iter()
                .map(|&c| oklab::distance2(p.lab, c))
                .fold(f32::INFINITY, f32::min);
            if weighted {
                d * p.weight
            } else {
                d
            }
        };
        let mut best = (0.0, None);
        for p in points {
            let s = score(p);
            if s > best.0 {
                best = (s, Some(p.lab));
            }
        }
        match best.1 {
            Some(c) => centres.push(c),
            None => break,
        }
    }
    centres
}

/// Median cut: the box with the largest weighted squared error is split at the weighted
/// median of its widest axis, until there are `n`; each box's weighted mean.
fn median_cut(points: &[Point], n: usize) -> Vec<Lab> {
    let mut boxes: Vec<Vec<Point>> = vec![points.to_vec()];
    while boxes.len() < n {
        let Some((i, _)) = boxes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.len() > 1)
            .map(|(i, b)| (i, error(b, &[mean(b)])))
            .fold(None, |best: Option<(usize, f32)>, (i, e)| match best {
                Some((_, be)) if be >= e => best,
                _ => Some((i, e)),
            })
        else {
            break;
        };
        let mut b = boxes.swap_remove(i);
        let axis = (0..3)
            .max_by(|&a, &c| spread(&b, a).total_cmp(&spread(&b, c)))
            .unwrap_or(0);
        b.sort_by(|p, q| p.lab[axis].total_cmp(&q.lab[axis]));
        let total: f32 = b.iter().map(|p| p.weight).sum();
        let mut acc = 0.0;
        let mut cut = 1;
        for (j, p) in b.iter().enumerate() {
            acc += p.weight;
            if acc >= total / 2.0 {
                cut = (j + 1).clamp(1, b.len() - 1);
                break;
            }
        }
        let upper = b.split_off(cut);
        boxes.push(b);
        boxes.push(upper);
    }
    boxes.iter().map(|b| mean(b)).collect()
}

/// The range of `points` along `axis`.
fn spread(points: &[Point], axis: usize) -> f32 {
    let (lo, hi) = points
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(p.lab[axis]), hi.max(p.lab[axis]))
        });
    hi - lo
}

/// The weighted mean of `points`.
fn mean(points: &[Point]) -> Lab {
    let mut s = [0f32; 3];
    let mut w = 0.0;
    for p in points {
        for (s, v) in s.iter_mut().zip(p.lab) {
            *s += v * p.weight;
        }
        w += p.weight;
    }
    s.map(|v| v / w)
}

/// Lloyd's iterations from `centres` until no point changes its centre.
fn lloyd(points: &[Point], mut centres: Vec<Lab>) -> Vec<Lab> {
    let mut assigned = vec![usize::MAX; points.len()];
    for _ in 0..MAX_ITERATIONS {
        if !assign(points, &centres, &mut assigned) {
            break;
        }
        for (i, c) in centres.iter_mut().enumerate() {
            let members: Vec<Point> = points
                .iter()
                .zip(&assigned)
                .filter(|&(_, &a)| a == i)
                .map(|(p, _)| *p)
                .collect();
            if !members.is_empty() {
                *c = mean(&members);
            }
        }
    }
    centres
}

/// The weighted squared error of `points` against their nearest centres.
fn error(points: &[Point], centres: &[Lab]) -> f32 {
    points
        .iter()
        .map(|p| {
            let c = centres[nearest(p.lab, centres.iter().copied())];
            oklab::distance2(p.lab, c) * p.weight
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn px(c: [u8; 3]) -> [u8; 4] {
        [c[0], c[1], c[2], 255]
    }

    #[test]
    fn few_colours_are_kept_exactly() {
        let mut p = vec![px([1, 2, 3]), px([200, 0, 0]), [9, 9, 9, 0], px([1, 2, 3])];
        let before = p.clone();
        assert_eq!(reduce_colors(&mut p, 2), (2, 2));
        assert_eq!(p, before);
    }

    #[test]
    fn noise_merges_and_distinct_colours_stay_apart() {
        // A white field with compression noise, a black outline and two red pixels: the
        // red keeps a colour of its own.
        let mut p = Vec::new();
        for i in 0..200u8 {
            p.push(px([255 - i % 3, 255 - i % 2, 255]));
        }
        for i in 0..100u8 {
            p.push(px([i % 4, i % 3, 0]));
        }
        p.push(px([220, 20, 20]));
        p.push(px([222, 18, 21]));
        let (before, after) = reduce_colors(&mut p, 3);
        assert!(before > 3, "{before}");
        assert_eq!(after, 3);
        let mut colours: Vec<[u8; 4]> = p.clone();
        colours.sort_unstable();
        colours.dedup();
        assert_eq!(colours.len(), 3);
        assert!(
            p[0][0] > 250 && p[250][0] < 5 && p[300][0] > 200,
            "{colours:?}"
        );
    }

    #[test]
    fn the_same_pixels_give_the_same_colours() {
        let mut next = crate::xorshift::xorshift(7);
        let p: Vec<[u8; 4]> = (0..544)
            .map(|_| px(next().to_le_bytes()[..3].try_into().unwrap()))
            .collect();
        let (mut a, mut b) = (p.clone(), p);
        reduce_colors(&mut a, 3);
        reduce_colors(&mut b, 3);
        assert_eq!(a, b);
        a.sort_unstable();
        a.dedup();
        assert_eq!(a.len(), 3);
    }
}
