//! Every pattern's moves, encoded as `layout::decode_move` reads them: the generated
//! tables refer to them by [`Span`](tetris_printer_core::pattern::Span) (no pointers, so no
//! load-time relocations).

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use tetris_printer_core::layout;
use tetris_printer_core::moves::Move;
use tetris_printer_core::pattern::Span;

use crate::error::{bad, Error};

/// The encoded moves of every pattern: identical lists share their bytes; a move among
/// the [`layout::MOVE_ESCAPE`] commonest is one byte (its index in `MOVE_CODES`), any
/// other the escape and its index in `RARE_MOVES`.
#[derive(Debug)]
pub(crate) struct Encoded {
    /// `MOVE_BYTES`.
    bytes: Vec<u8>,
    /// `MOVE_CODES`: the moves of the one-byte codes, commonest first.
    common: Vec<Move>,
    /// `RARE_MOVES`: the moves of the escaped codes.
    rare: Vec<Move>,
    /// Each distinct list's `(start, len)` in `bytes`.
    spans: HashMap<Vec<Move>, (u32, u8)>,
}

impl Encoded {
    /// Encodes `lists` (every pattern's moves, in the order the tables list them) and
    /// checks that every span decodes to its moves with the library's decoder.
    pub(crate) fn new(lists: &[&[Move]]) -> Result<Encoded, Error> {
        let mut count: HashMap<Move, usize> = HashMap::new();
        let mut seen = HashSet::new();
        for list in lists.iter().filter(|l| seen.insert(**l)) {
            for &m in *list {
                *count.entry(m).or_default() += 1;
            }
        }
        let mut order: Vec<Move> = count.keys().copied().collect();
        order.sort_by_key(|m| (std::cmp::Reverse(count[m]), m.shape().index(), m.x()));
        let common_len = order.len().min(usize::from(layout::MOVE_ESCAPE));
        let rare = order.split_off(common_len);
        let common = order;
        if rare.len() > 256 {
            return bad("over 511 distinct moves: the one-byte move codes cannot hold them");
        }
        let code_of: HashMap<Move, Vec<u8>> = common
            .iter()
            .enumerate()
            .map(|(i, &m)| (m, vec![i as u8]))
            .chain(
                rare.iter()
                    .enumerate()
                    .map(|(r, &m)| (m, vec![layout::MOVE_ESCAPE, r as u8])),
            )
            .collect();
        let mut bytes: Vec<u8> = Vec::new();
        let mut spans = HashMap::new();
        for &list in lists {
            if spans.contains_key(list) {
                continue;
            }
            let start = u32::try_from(bytes.len())
                .ok()
                .filter(|&s| s < Span::MAX_START)
                .map_or_else(|| bad("over 2²⁴ bytes of pattern moves"), Ok)?;
            for m in list {
                bytes.extend_from_slice(&code_of[m]);
            }
            let len =
                u8::try_from(list.len()).map_or_else(|_| bad("a pattern of over 255 moves"), Ok)?;
            // The library's decoder, on the bytes as generated.
            let mut i = start as usize;
            for &m in list {
                let (d, next) = layout::decode_move(&bytes, i, &common, &rare);
                if d != m {
                    return bad("the move encoding does not decode to the patterns' moves");
                }
                i = next;
            }
            spans.insert(list.to_vec(), (start, len));
        }
        Ok(Encoded {
            bytes,
            common,
            rare,
            spans,
        })
    }

    /// The span of `moves` (one of the lists given to [`Encoded::new`]) as code.
    pub(crate) fn span(&self, moves: &[Move]) -> String {
        let (start, len) = self.spans[moves];
        format!("Span::new({start}, {len})")
    }

    /// Appends the arrays (and, for the library's unit tests only, the plain array and
    /// spans the encoding replaced, as an oracle): `lists` as given to [`Encoded::new`].
    pub(crate) fn write(&self, out: &mut String, lists: &[&[Move]]) {
        let list = |moves: &[Move]| -> String {
            moves
                .iter()
                .map(|m| format!("mv({}, {})", m.shape().index(), m.x()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let total: usize = lists.iter().map(|l| l.len()).sum();
        let bytes = &self.bytes;
        let _ = writeln!(
            out,
            "\n/// Every pattern's moves, encoded ({} moves of {} patterns in {} bytes, identical \
             lists once); patterns hold [`Span`]s into it, which [`SpanMovesExt::moves`] \
             decodes. A move is one byte `b < 255`, the move `MOVE_CODES[b]`, or 255 and a \
             byte `r`, the move `RARE_MOVES[r]`.\n\
             pub static MOVE_BYTES: [u8; {}] = {bytes:?};\n\
             /// The moves of the one-byte codes in [`MOVE_BYTES`], commonest first.\n\
             pub static MOVE_CODES: [Move; {}] = [{}];\n\
             /// The moves of the escaped codes in [`MOVE_BYTES`].\n\
             pub static RARE_MOVES: [Move; {}] = [{}];",
            total,
            lists.len(),
            bytes.len(),
            bytes.len(),
            self.common.len(),
            list(&self.common),
            self.rare.len(),
            list(&self.rare),
        );
        let plain: Vec<Move> = lists.iter().flat_map(|l| l.iter()).copied().collect();
        let mut plain_start = 0;
        let oracle: Vec<String> = lists
            .iter()
            .map(|l| {
                let item = format!("({}, {plain_start})", self.span(l));
                plain_start += l.len();
                item
            })
            .collect();
        let _ = writeln!(
            out,
            "\n/// The moves as the tables held them before the encoding: every span's, one \
             after another (the unit tests' oracle).\n\
             #[cfg(test)]\nstatic PLAIN_MOVES: [Move; {}] = [{}];\n\
             /// Every span in the order the tables were generated, with the start of its \
             moves in [`PLAIN_MOVES`].\n\
             #[cfg(test)]\nstatic PLAIN_SPANS: [(Span, usize); {}] = [{}];",
            plain.len(),
            list(&plain),
            oracle.len(),
            oracle.join(", ")
        );
    }
}
