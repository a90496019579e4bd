//! Every pattern's moves, encoded as `layout::decode_move` reads them: the generated
//! tables refer to them by [`Span`](tetris_printer_core::pattern::Span) (no pointers, so no
//! load-time relocations).

use std::collections::HashMap;
use std::fmt::{self, Write as _};

use tetris_printer_core::field::WIDTH;
use tetris_printer_core::layout;
use tetris_printer_core::moves::Move;
use tetris_printer_core::pattern::Span;
use tetris_printer_core::piece::Shape;

use crate::error::{bad, Error};

/// A move's number below [`MOVE_IDS`]: by shape, then column (so numbers sort as
/// `(shape index, x)` do).
fn id(m: Move) -> usize {
    m.shape().index() * WIDTH + m.x()
}

/// How many move numbers there are.
const MOVE_IDS: usize = Shape::COUNT * WIDTH;

/// The encoded moves of every pattern: identical lists share their bytes; a move among
/// the [`layout::MOVE_ESCAPE`] commonest is one byte (its index in `MOVE_CODES`), any
/// other the escape and its index in `RARE_MOVES`.
#[derive(Debug)]
pub(crate) struct Encoded<'a> {
    /// The lists given to [`Encoded::new`], in order.
    lists: &'a [&'a [Move]],
    /// `MOVE_BYTES`.
    bytes: Vec<u8>,
    /// `MOVE_CODES`: the moves of the one-byte codes, commonest first.
    common: Vec<Move>,
    /// `RARE_MOVES`: the moves of the escaped codes.
    rare: Vec<Move>,
    /// Each list's `(start, len)` in `bytes`, by its position in `lists`.
    spans: Vec<(u32, u8)>,
}

/// A pattern's span as code: `Span::new(start, len)`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SpanCode(u32, u8);

impl fmt::Display for SpanCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Span::new({}, {})", self.0, self.1)
    }
}

impl<'a> Encoded<'a> {
    /// Encodes `lists` (every pattern's moves, in the order the tables list them) and
    /// checks that every span decodes to its moves with the library's decoder.
    pub(crate) fn new(lists: &'a [&'a [Move]]) -> Result<Encoded<'a>, Error> {
        // Each list's first occurrence, found by its moves' numbers (one hash per list).
        let mut first_of: HashMap<Vec<u16>, usize> = HashMap::with_capacity(lists.len());
        let mut first = Vec::with_capacity(lists.len());
        for (i, list) in lists.iter().enumerate() {
            let ids: Vec<u16> = list.iter().map(|&m| id(m) as u16).collect();
            first.push(*first_of.entry(ids).or_insert(i));
        }
        drop(first_of);
        // How many distinct lists each move is in, counted once per list.
        let mut count = [0usize; MOVE_IDS];
        let mut move_of: [Option<Move>; MOVE_IDS] = [None; MOVE_IDS];
        for (i, list) in lists.iter().enumerate() {
            if first[i] == i {
                for &m in *list {
                    count[id(m)] += 1;
                    move_of[id(m)] = Some(m);
                }
            }
        }
        let mut order: Vec<usize> = (0..MOVE_IDS).filter(|&i| count[i] > 0).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(count[i]), i));
        let common_len = order.len().min(usize::from(layout::MOVE_ESCAPE));
        let rare_ids = order.split_off(common_len);
        if rare_ids.len() > 256 {
            return bad("over 511 distinct moves: the one-byte move codes cannot hold them");
        }
        let moves =
            |ids: &[usize]| -> Vec<Move> { ids.iter().filter_map(|&i| move_of[i]).collect() };
        let (common, rare) = (moves(&order), moves(&rare_ids));
        // Each move's code: one byte, or the escape and one.
        let mut code_of = [(0u8, None); MOVE_IDS];
        for (c, &i) in order.iter().enumerate() {
            code_of[i] = (c as u8, None);
        }
        for (r, &i) in rare_ids.iter().enumerate() {
            code_of[i] = (layout::MOVE_ESCAPE, Some(r as u8));
        }
        let mut bytes: Vec<u8> = Vec::new();
        let mut spans = Vec::with_capacity(lists.len());
        for (i, &list) in lists.iter().enumerate() {
            if first[i] != i {
                spans.push(spans[first[i]]);
                continue;
            }
            let start = u32::try_from(bytes.len())
                .ok()
                .filter(|&s| s < Span::MAX_START)
                .map_or_else(|| bad("over 2²⁴ bytes of pattern moves"), Ok)?;
            for &m in list {
                let (b, escaped) = code_of[id(m)];
                bytes.push(b);
                bytes.extend(escaped);
            }
            let len =
                u8::try_from(list.len()).map_or_else(|_| bad("a pattern of over 255 moves"), Ok)?;
            // The library's decoder, on the bytes as generated.
            let mut at = start as usize;
            for &m in list {
                let (d, next) = layout::decode_move(&bytes, at, &common, &rare);
                if d != m {
                    return bad("the move encoding does not decode to the patterns' moves");
                }
                at = next;
            }
            spans.push((start, len));
        }
        Ok(Encoded {
            lists,
            bytes,
            common,
            rare,
            spans,
        })
    }

    /// The spans of the lists in the order given to [`Encoded::new`], which the tables
    /// take one after another.
    pub(crate) fn spans(&self) -> Spans<'_> {
        Spans {
            encoded: self,
            next: 0,
        }
    }

    /// Appends the arrays (and, for the library's unit tests only, the plain array and
    /// spans the encoding replaced, as an oracle).
    pub(crate) fn write(&self, out: &mut String) {
        let lists = self.lists;
        let total: usize = lists.iter().map(|l| l.len()).sum();
        let bytes = &self.bytes;
        let _ = write!(
            out,
            "\n/// Every pattern's moves, encoded ({} moves of {} patterns in {} bytes, identical \
             lists once); patterns hold [`Span`]s into it, which [`SpanMovesExt::moves`] \
             decodes. A move is one byte `b < 255`, the move `MOVE_CODES[b]`, or 255 and a \
             byte `r`, the move `RARE_MOVES[r]`.\n\
             pub static MOVE_BYTES: [u8; {}] = {bytes:?};\n\
             /// The moves of the one-byte codes in [`MOVE_BYTES`], commonest first.\n\
             pub static MOVE_CODES: [Move; {}] = [",
            total,
            lists.len(),
            bytes.len(),
            bytes.len(),
            self.common.len(),
        );
        write_moves(out, &self.common);
        let _ = write!(
            out,
            "];\n/// The moves of the escaped codes in [`MOVE_BYTES`].\n\
             pub static RARE_MOVES: [Move; {}] = [",
            self.rare.len()
        );
        write_moves(out, &self.rare);
        let _ = write!(
            out,
            "];\n\n/// The moves as the tables held them before the encoding: every span's, one \
             after another (the unit tests' oracle).\n\
             #[cfg(test)]\nstatic PLAIN_MOVES: [Move; {total}] = ["
        );
        write_moves(out, lists.iter().flat_map(|l| l.iter()));
        let _ = write!(
            out,
            "];\n/// Every span in the order the tables were generated, with the start of its \
             moves in [`PLAIN_MOVES`].\n\
             #[cfg(test)]\nstatic PLAIN_SPANS: [(Span, usize); {}] = [",
            lists.len()
        );
        let mut plain_start = 0;
        for (i, (list, &(start, len))) in lists.iter().zip(&self.spans).enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "({}, {plain_start})", SpanCode(start, len));
            plain_start += list.len();
        }
        out.push_str("];\n");
    }
}

/// `moves` as code, `mv(shape, x)` separated by commas.
fn write_moves<'m>(out: &mut String, moves: impl IntoIterator<Item = &'m Move>) {
    for (i, m) in moves.into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "mv({}, {})", m.shape().index(), m.x());
    }
}

/// The tables' walk through the encoded lists: each pattern's span, in the order the
/// lists were given to [`Encoded::new`].
#[derive(Debug)]
pub(crate) struct Spans<'a> {
    /// The lists and their spans.
    encoded: &'a Encoded<'a>,
    /// The position of the next pattern's list.
    next: usize,
}

impl Spans<'_> {
    /// The span of `moves`, the next pattern's list; an error if the tables take the
    /// patterns in another order than they were encoded in.
    pub(crate) fn next(&mut self, moves: &[Move]) -> Result<SpanCode, Error> {
        let i = self.next;
        let Some(&list) = self.encoded.lists.get(i) else {
            return bad("the tables list more patterns than were encoded");
        };
        if !std::ptr::eq(list, moves) && list != moves {
            return bad("the tables list the patterns in another order than they were encoded");
        }
        self.next += 1;
        let (start, len) = self.encoded.spans[i];
        Ok(SpanCode(start, len))
    }

    /// An error unless every list has had its span taken.
    pub(crate) fn finish(self) -> Result<(), Error> {
        if self.next == self.encoded.lists.len() {
            Ok(())
        } else {
            bad("the tables list fewer patterns than were encoded")
        }
    }
}
