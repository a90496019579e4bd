//! The strip fit indexes: which inner strips fit over a bottom byte on a support byte,
//! and which edge strips fit on which supports.

use std::fmt::Write as _;

use tetris_printer_core::layout;
use tetris_printer_core::pattern::{self, StripSide};
use tetris_printer_core::pattern_text::StripText;

use crate::error::{bad, Error};

/// The strip fit indexes ([`layout`]): inner widths by `(height, bottom, support)` bytes,
/// deduplicated into rows, and edge support sets.
pub(crate) fn strip_fit_tables<'a>(
    code: &mut String,
    strips: impl Iterator<Item = &'a StripText>,
) -> Result<(), Error> {
    use layout::{EDGE_WIDTH, STRIP_HEIGHT, STRIP_WIDTH, WINDOW};
    let mut widths = vec![0u8; layout::FIT_ROW_SLOTS << 8];
    let mut edge = vec![[0u64; layout::EDGE_WORDS]; layout::EDGE_SLOTS];
    for s in strips {
        let (w, h) = (usize::from(s.width), usize::from(s.height));
        let (bottom, support) = (u32::from(s.bottom), u32::from(s.support));
        if !(1..=STRIP_HEIGHT).contains(&h) || !layout::whole(w, h, bottom) {
            continue;
        }
        match s.side {
            StripSide::Inner if w <= STRIP_WIDTH && bottom >> w == 0 => {
                // Every byte of bottom and support that agrees on the strip's columns,
                // with at least its support there: `extra` runs over the subsets of the
                // other columns.
                let free = 0xFF & !support;
                for hi in 0..1u32 << (STRIP_WIDTH - w) {
                    let b = bottom | hi << w;
                    let mut extra = free;
                    loop {
                        widths[layout::widths_slot(h, b, support | extra)] |= 1 << (w - 1);
                        if extra == 0 {
                            break;
                        }
                        extra = (extra - 1) & free;
                    }
                }
            }
            StripSide::Left | StripSide::Right
                if (STRIP_WIDTH + 1..=EDGE_WIDTH).contains(&w)
                    && (bottom | support) & !u32::from(pattern::strip_window(w as u8, s.side))
                        == 0 =>
            {
                let shift = if s.side == StripSide::Left {
                    w - WINDOW
                } else {
                    0
                };
                let i = layout::edge_slot(s.side, w, h, bottom >> shift);
                for sup in 0..1u32 << WINDOW {
                    if (support >> shift) & !sup == 0 {
                        edge[i][sup as usize / 64] |= 1 << (sup % 64);
                    }
                }
            }
            _ => {}
        }
    }
    // Deduplicate the 256-byte support rows.
    let (rows, row_of) = distinct(widths.chunks(256), "inner fit rows")?;
    let _ = writeln!(
        code,
        "/// Inner strip fits: the row of [`FIT_ROWS`] for each `(height, bottom byte)` \
         ([`layout::fit_row_slot`]).\nstatic FIT_ROW_OF: [u8; {}] = {row_of:?};\n",
        row_of.len()
    );
    let _ = writeln!(
        code,
        "/// Inner strip fits: by support byte, the widths (bit `w − 1`) of the inner strips \
         that fit ({} distinct rows).\nstatic FIT_ROWS: [[u8; 256]; {}] = [",
        rows.len(),
        rows.len()
    );
    for r in rows {
        let _ = writeln!(code, "    {r:?},");
    }
    code.push_str("];\n\n");
    // Deduplicate the edge support sets too (most slots are empty or alike).
    let (sets, set_of) = distinct(edge.iter().copied(), "edge support sets")?;
    let _ = writeln!(
        code,
        "/// Edge strip fits: the support set of [`EDGE_SETS`] for each \
         [`layout::edge_slot`].\nstatic EDGE_SET_OF: [u8; {}] = {set_of:?};\n\
         /// Edge strip support sets ({} distinct): bit `s`, a strip fits on support `s`.\n\
         static EDGE_SETS: [layout::EdgeSupports; {}] = {sets:?};",
        set_of.len(),
        sets.len(),
        sets.len()
    );
    Ok(())
}

/// The distinct values of `items` in first-seen order, and for each item the index of its
/// value among them (a byte: an error naming `what` past 256 distinct values).
fn distinct<T: PartialEq>(
    items: impl Iterator<Item = T>,
    what: &str,
) -> Result<(Vec<T>, Vec<u8>), Error> {
    let mut values: Vec<T> = Vec::new();
    let mut index_of = Vec::new();
    for item in items {
        let i = match values.iter().position(|v| *v == item) {
            Some(i) => i,
            None => {
                values.push(item);
                values.len() - 1
            }
        };
        let Ok(i) = u8::try_from(i) else {
            return bad(format!("over 256 distinct {what}"));
        };
        index_of.push(i);
    }
    Ok((values, index_of))
}
