//! The article's human-readable listing (`convert --format blocks`).
//!
//! First line: the three sprite colours as `rrggbb` (printed by J, T, L; missing colours
//! as `000000`). Then, for each sprite row bottom to top, its blocks — the direct pieces
//! whose top row it is (with direct placement; at most 17, each has a cell in that row),
//! the platform-add block, one block per emitter pass, the platform-remove block — each a
//! matrix of 21-character rows (top first) with the block's pieces drawn where they land,
//! lettered `A`, `B`, … (then `a`, `b`, …) in drop order, blocks separated by blank
//! lines. A comment line `# row Y: KIND` precedes each block. Reading a listing back
//! gives the moves again (a piece's letter gives its order, its cells its orientation
//! and column).

use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write as _;

use crate::convert::{Block, BlockKind};
use crate::echo::Echo;
use crate::moves::{is_blank_char, Move};
use crate::piece::Shape;
use crate::playfield::{Playfield, ReplayError, WIDTH};
use crate::sprite::Rgb;

/// The name of a block kind in the listing's `# row Y: KIND` comments.
fn kind_name(kind: BlockKind) -> &'static str {
    match kind {
        BlockKind::PlatformAdd => "platform add",
        BlockKind::Emitter => "emitter",
        BlockKind::PlatformRemove => "platform remove",
        BlockKind::Direct => "direct",
    }
}

/// Letters for pieces in drop order within a block.
const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Why [`write_blocks`] could not write a listing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BlocksError {
    /// A move does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// A block's range is not inside the moves.
    #[error("block {block} covers moves {start}..{end}, but there are {len} moves")]
    Range {
        /// The block's index.
        block: usize,
        /// Its first move.
        start: usize,
        /// One past its last move.
        end: usize,
        /// Moves given.
        len: usize,
    },
    /// A block has more pieces than there are letters.
    #[error("block {block} has {pieces} pieces; a listing letters at most 52")]
    TooManyPieces {
        /// The block's index.
        block: usize,
        /// Its pieces.
        pieces: usize,
    },
}

/// Why [`parse_blocks`] could not read a listing. Every variant names its 1-based line;
/// echoed text is cut to [`MAX_ECHO`](crate::limits::MAX_ECHO) characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBlocksError {
    /// The text is empty.
    #[error("line 1: empty listing")]
    Empty,
    /// A word of the first line is not an `rrggbb` colour.
    #[error("line 1: `{0}` is not an rrggbb colour")]
    Color(Echo),
    /// The first line does not hold exactly three colours.
    #[error("line 1: expected three rrggbb colours (J, T, L), found {0}")]
    ColorCount(usize),
    /// A block is taller than 52 pieces can be.
    #[error("line {line}: block has {rows} rows; at most {MAX_BLOCK_ROWS} (52 pieces)")]
    BlockTooTall {
        /// The block's first line.
        line: usize,
        /// Its rows.
        rows: usize,
    },
    /// A block row is not 21 characters of `.` and letters.
    #[error("line {line}: a block row has {WIDTH} characters of `.` and letters, found `{row}`")]
    Row {
        /// The line.
        line: usize,
        /// The row as found.
        row: Echo,
    },
    /// A block row holds a character that is neither `.` nor a letter.
    #[error("line {line}: unexpected `{}` at column {column}", crate::echo::EscapedChar::new(*found))]
    Char {
        /// The line.
        line: usize,
        /// The character.
        found: char,
        /// Its column (0-based).
        column: usize,
    },
    /// A block skips a letter.
    #[error(
        "line {line}: block has piece `{last}` but no piece `{missing}`; \
         pieces are lettered A, B, ... without gaps"
    )]
    LetterGap {
        /// The block's first line.
        line: usize,
        /// The last letter used.
        last: char,
        /// The first letter missing.
        missing: char,
    },
    /// A letter's cells are not one tetromino.
    #[error("line {line}: piece `{letter}` has {cells} cells that are not a tetromino")]
    NotTetromino {
        /// The block's first line.
        line: usize,
        /// The piece's letter.
        letter: char,
        /// Its cells.
        cells: usize,
    },
}

/// Writes the listing of `moves` split into `blocks`.
pub fn write_blocks(
    colors: &[Rgb],
    moves: &[Move],
    blocks: &[Block],
) -> Result<String, BlocksError> {
    let mut out = String::new();
    let hex: Vec<String> = (0..3)
        .map(|i| colors.get(i).copied().unwrap_or_default().to_string())
        .collect();
    out.push_str(&hex.join(" "));
    out.push_str("\n\n");
    let mut field = Playfield::new();
    for (n, b) in blocks.iter().enumerate() {
        let Some(block_moves) = moves.get(b.moves.clone()) else {
            return Err(BlocksError::Range {
                block: n,
                start: b.moves.start,
                end: b.moves.end,
                len: moves.len(),
            });
        };
        if block_moves.len() > LETTERS.len() {
            return Err(BlocksError::TooManyPieces {
                block: n,
                pieces: block_moves.len(),
            });
        }
        // Each piece's row in the block's own frame: where it landed plus the rows the
        // block has cleared so far (they were all below it: packed rows clear bottom-up).
        let mut placed: Vec<(Move, usize)> = Vec::new();
        let mut cleared = 0usize;
        for (i, &m) in (b.moves.start..).zip(block_moves) {
            let l = field.drop_piece(m).map_err(|error| ReplayError {
                index: i,
                move_: m,
                error,
            })?;
            placed.push((m, l.y + cleared));
            cleared += l.lines();
        }
        let bottom = placed.iter().map(|p| p.1).min().unwrap_or(0);
        let top = placed
            .iter()
            .map(|(m, y)| y + m.shape().height())
            .max()
            .unwrap_or(0);
        let mut grid = vec![[b'.'; WIDTH]; top - bottom];
        for ((m, y), &letter) in placed.iter().zip(LETTERS) {
            for &(dx, dy) in &m.shape().data().cells {
                grid[y - bottom + dy as usize][m.x() + dx as usize] = letter;
            }
        }
        let _ = writeln!(out, "# row {}: {}", b.row, kind_name(b.kind));
        for row in grid.iter().rev() {
            out.extend(row.iter().map(|&c| char::from(c)));
            out.push('\n');
        }
        out.push('\n');
    }
    Ok(out)
}

/// Tallest block [`parse_blocks`] reads: 52 pieces of height 4.
const MAX_BLOCK_ROWS: usize = 4 * LETTERS.len();

/// One `rrggbb` colour.
fn parse_color(h: &str) -> Option<Rgb> {
    if h.len() != 6 || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let v = u32::from_str_radix(h, 16).ok()?;
    Some(Rgb::new((v >> 16) as u8, (v >> 8) as u8, v as u8))
}

/// The moves of one block, from its rows (top first, with their line numbers).
fn parse_block(block: &[(usize, &str)], moves: &mut Vec<Move>) -> Result<(), ParseBlocksError> {
    let Some(&(first_line, _)) = block.first() else {
        return Ok(());
    };
    let h = block.len();
    if h > MAX_BLOCK_ROWS {
        return Err(ParseBlocksError::BlockTooTall {
            line: first_line,
            rows: h,
        });
    }
    let mut cells: Vec<Vec<(usize, usize)>> = vec![Vec::new(); LETTERS.len()];
    for (r, &(lineno, row)) in block.iter().enumerate() {
        if row.len() != WIDTH || !row.is_ascii() {
            return Err(ParseBlocksError::Row {
                line: lineno,
                row: Echo::new(row),
            });
        }
        let y = h - 1 - r;
        for (x, c) in row.bytes().enumerate() {
            if c == b'.' {
                continue;
            }
            let k = LETTERS
                .iter()
                .position(|&l| l == c)
                .ok_or(ParseBlocksError::Char {
                    line: lineno,
                    found: char::from(c),
                    column: x,
                })?;
            cells[k].push((x, y));
        }
    }
    let used = cells
        .iter()
        .rposition(|c| !c.is_empty())
        .map_or(0, |k| k + 1);
    for (k, cs) in cells[..used].iter().enumerate() {
        let letter = char::from(LETTERS[k]);
        if cs.is_empty() {
            let next = char::from(LETTERS[used - 1]);
            return Err(ParseBlocksError::LetterGap {
                line: first_line,
                last: next,
                missing: letter,
            });
        }
        let not_tetromino = ParseBlocksError::NotTetromino {
            line: first_line,
            letter,
            cells: cs.len(),
        };
        // `from_cells` places the piece inside the 21 columns the row has, so `Move::new`
        // always succeeds here.
        let m = Shape::from_cells(cs).and_then(|(shape, minx, _)| Move::new(shape, minx));
        moves.push(m.ok_or(not_tetromino)?);
    }
    Ok(())
}

/// Reads a listing back: the colours and the moves in order. Errors are `line N: reason`.
///
/// Strict: the first line (after an optional byte-order mark) is exactly three `rrggbb`
/// colours; every block row is 21 characters of `.` and letters; in each block the letters
/// run from `A` without gaps and each letter's cells are one tetromino, which becomes one
/// move. Lines end in `\n`, `\r\n` or a lone `\r`. Blanks are spaces and tabs, as in move
/// files: they separate the colours, may end a line, and a line of them alone ends a
/// block; no other character is blank (a line of no-break spaces is a bad row).
pub fn parse_blocks(text: &str) -> Result<(Vec<Rgb>, Vec<Move>), ParseBlocksError> {
    // Lines end in `\n`, `\r\n` or a lone `\r`, as in move files.
    let mut lines = text
        .split('\n')
        .flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r'))
        .enumerate();
    let (_, first) = lines.next().ok_or(ParseBlocksError::Empty)?;
    let first = first.strip_prefix('\u{feff}').unwrap_or(first);
    let colors = first
        .split(is_blank_char)
        .filter(|w| !w.is_empty())
        .map(|h| parse_color(h).ok_or_else(|| ParseBlocksError::Color(Echo::new(h))))
        .collect::<Result<Vec<_>, _>>()?;
    if colors.len() != 3 {
        return Err(ParseBlocksError::ColorCount(colors.len()));
    }
    let mut moves = Vec::new();
    let mut block: Vec<(usize, &str)> = Vec::new();
    for (i, line) in lines {
        let t = line.trim_end_matches(is_blank_char);
        if t.starts_with('#') {
            continue;
        }
        if t.is_empty() {
            parse_block(&block, &mut moves)?;
            block.clear();
        } else {
            block.push((i + 1, t));
        }
    }
    parse_block(&block, &mut moves)?;
    Ok((colors, moves))
}
