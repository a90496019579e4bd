//! Rows no print can leave, made printable ([`fill_gaps`]).
//!
//! A fully transparent row between opaque rows cannot be printed: every piece comes to
//! rest on the floor or on a cell, and a line clear moves every row above it down, so the
//! occupied rows of any field are one block from the floor. [`Gaps::Bridge`] (the
//! default) adds one pixel to each empty row, in a column where the rows around the gap
//! have pixels (of the same colour if there is such a column; the middle one of the
//! best), coloured like the pixel above it in the upper half of the gap and like the one
//! below in the lower half: the fewest pixels changed, and the parts keep their places.
//! [`Gaps::Close`] removes the empty rows instead: nothing is added, and the part above
//! moves down.

use super::options::Gaps;
use super::resample::Picture;

/// Makes every row between the first and the last opaque row of `pic` (alpha 0 or 255)
/// non-empty, as `how` says; returns how, and the pixels added or rows removed, when
/// there was such a row.
pub(super) fn fill_gaps(pic: &mut Picture, how: Gaps) -> Option<(Gaps, usize)> {
    let w = pic.width;
    let empty = |pic: &Picture, y: usize| pic.pixels[y * w..(y + 1) * w].iter().all(|p| p[3] == 0);
    let first = (0..pic.height).find(|&y| !empty(pic, y))?;
    let last = (0..pic.height).rev().find(|&y| !empty(pic, y))?;
    let gaps: Vec<usize> = (first..=last).filter(|&y| empty(pic, y)).collect();
    if gaps.is_empty() {
        return None;
    }
    match how {
        Gaps::Close => {
            let mut y = pic.height;
            while y > 0 {
                y -= 1;
                if gaps.contains(&y) {
                    pic.pixels.drain(y * w..(y + 1) * w);
                }
            }
            pic.height -= gaps.len();
        }
        Gaps::Bridge => {
            let mut i = 0;
            while i < gaps.len() {
                // One run of empty rows: gaps[i..j], between rows `above` and `below`.
                let mut j = i + 1;
                while j < gaps.len() && gaps[j] == gaps[j - 1] + 1 {
                    j += 1;
                }
                bridge(pic, gaps[i] - 1, gaps[j - 1] + 1);
                i = j;
            }
        }
    }
    Some((how, gaps.len()))
}

/// Fills the empty rows between rows `above` and `below` in one column.
fn bridge(pic: &mut Picture, above: usize, below: usize) {
    let w = pic.width;
    let at = |y: usize, x: usize| Some(pic.pixels[y * w + x]).filter(|p| p[3] != 0);
    // The best class of column: 0 both sides of one colour, 1 both sides, 2 below, 3 above.
    let class = |x: usize| match (at(above, x), at(below, x)) {
        (Some(a), Some(b)) if a == b => 0,
        (Some(_), Some(_)) => 1,
        (None, Some(_)) => 2,
        (Some(_), None) => 3,
        (None, None) => 4,
    };
    let best = (0..w).map(class).min().unwrap_or(4);
    let columns: Vec<usize> = (0..w).filter(|&x| class(x) == best).collect();
    let Some(&x) = columns.get(columns.len() / 2) else {
        return;
    };
    let (up, down) = (at(above, x), at(below, x));
    let rows = below - above - 1;
    for k in 0..rows {
        let colour = if k < rows.div_ceil(2) {
            up.or(down)
        } else {
            down.or(up)
        };
        if let Some(c) = colour {
            pic.pixels[(above + 1 + k) * w + x] = c;
        }
    }
}
