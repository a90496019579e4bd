//! The article's human-readable listing (`convert --format blocks`).
//!
//! First line: the three sprite colours as `rrggbb` (printed by J, T, L; missing colours
//! as `000000`). Then, for each sprite row bottom to top, its blocks — the platform-add
//! block, one block per emitter pass, the platform-remove block — each a matrix of
//! 21-character rows (top first) with the block's pieces drawn where they land, lettered
//! `A`, `B`, … (then `a`, `b`, …) in drop order, blocks separated by blank lines. A
//! comment line `# row Y: KIND` precedes each block. Reading a listing back gives the
//! moves again (a piece's letter gives its order, its cells its orientation and column).

use std::fmt::Write as _;

use crate::convert::{Block, BlockKind};
use crate::moves::Move;
use crate::piece::Shape;
use crate::playfield::{Playfield, ReplayError, WIDTH};
use crate::sprite::Rgb;

/// The name of a block kind in the listing's `# row Y: KIND` comments.
fn kind_name(kind: BlockKind) -> &'static str {
    match kind {
        BlockKind::PlatformAdd => "platform add",
        BlockKind::Emitter => "emitter",
        BlockKind::PlatformRemove => "platform remove",
    }
}

/// Letters for pieces in drop order within a block.
const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Writes the listing of `moves` split into `blocks`.
pub fn write_blocks(
    colors: &[Rgb],
    moves: &[Move],
    blocks: &[Block],
) -> Result<String, ReplayError> {
    let mut out = String::new();
    let hex: Vec<String> = (0..3)
        .map(|i| colors.get(i).copied().unwrap_or_default().to_string())
        .collect();
    out.push_str(&hex.join(" "));
    out.push_str("\n\n");
    let mut field = Playfield::new();
    for b in blocks {
        // Each piece's row in the block's own frame: where it landed plus the rows the
        // block has cleared so far (they were all below it: packed rows clear bottom-up).
        let mut placed: Vec<(Move, usize)> = Vec::new();
        let mut cleared = 0usize;
        for i in b.moves.clone() {
            let m = moves[i];
            let l = field.drop_piece(m).map_err(|error| ReplayError {
                index: i,
                move_: m,
                error,
            })?;
            placed.push((m, l.y as usize + cleared));
            cleared += l.lines() as usize;
        }
        let bottom = placed.iter().map(|p| p.1).min().unwrap_or(0);
        let top = placed
            .iter()
            .map(|(m, y)| y + m.shape.height() as usize)
            .max()
            .unwrap_or(0);
        let mut grid = vec![[b'.'; WIDTH]; top - bottom];
        for (k, (m, y)) in placed.iter().enumerate() {
            for &(dx, dy) in &m.shape.data().cells {
                grid[y - bottom + dy as usize][m.x as usize + dx as usize] =
                    LETTERS[k % LETTERS.len()];
            }
        }
        let _ = writeln!(out, "# row {}: {}", b.row, kind_name(b.kind));
        for row in grid.iter().rev() {
            out.push_str(std::str::from_utf8(row).expect("ascii"));
            out.push('\n');
        }
        out.push('\n');
    }
    Ok(out)
}

/// Reads a listing back: the colours and the moves in order. Errors are `line N: reason`.
pub fn parse_blocks(text: &str) -> Result<(Vec<Rgb>, Vec<Move>), String> {
    let mut lines = text.lines().enumerate();
    let (_, first) = lines.next().ok_or("line 1: empty listing")?;
    let colors = first
        .split_whitespace()
        .map(|h| {
            let v = u32::from_str_radix(h, 16)
                .map_err(|_| format!("line 1: `{h}` is not an rrggbb colour"))?;
            if h.len() != 6 {
                return Err(format!("line 1: `{h}` is not an rrggbb colour"));
            }
            Ok(Rgb {
                r: (v >> 16) as u8,
                g: (v >> 8) as u8,
                b: v as u8,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut moves = Vec::new();
    let mut block: Vec<(usize, &str)> = Vec::new();
    let flush = |block: &mut Vec<(usize, &str)>, moves: &mut Vec<Move>| -> Result<(), String> {
        if block.is_empty() {
            return Ok(());
        }
        let h = block.len();
        let mut cells: Vec<Vec<(u8, u8)>> = vec![Vec::new(); LETTERS.len()];
        for (r, (lineno, row)) in block.iter().enumerate() {
            if row.len() != WIDTH {
                return Err(format!(
                    "line {lineno}: a block row has 21 characters, not {}",
                    row.len()
                ));
            }
            for (x, c) in row.bytes().enumerate() {
                if c == b'.' {
                    continue;
                }
                let k = LETTERS.iter().position(|&l| l == c).ok_or_else(|| {
                    format!("line {lineno}: unexpected `{}` at column {x}", c as char)
                })?;
                cells[k].push((x as u8, (h - 1 - r) as u8));
            }
        }
        let first_line = block[0].0;
        for (k, cs) in cells.iter().enumerate().take_while(|(_, c)| !c.is_empty()) {
            let (shape, minx, _) = Shape::from_cells(cs).ok_or_else(|| {
                format!(
                    "line {first_line}: piece `{}` is not a tetromino",
                    LETTERS[k] as char
                )
            })?;
            moves.push(Move { shape, x: minx });
        }
        block.clear();
        Ok(())
    };
    for (i, line) in lines {
        let t = line.trim_end();
        if t.starts_with('#') {
            continue;
        }
        if t.is_empty() {
            flush(&mut block, &mut moves)?;
        } else {
            block.push((i + 1, t));
        }
    }
    flush(&mut block, &mut moves)?;
    Ok((colors, moves))
}
