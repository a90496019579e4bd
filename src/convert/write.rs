//! Writing a print: each planned row (platform add, each pass, platform remove) and the
//! direct pieces after it into a [`Sink`], each as a [`Block`] reported to the caller,
//! whichever planner planned the row.

use core::ops::Range;

use crate::moves::Move;
use crate::pattern::Platform;
use crate::sprite::Sprite;
use crate::tables::{self, SpanMovesExt as _};

use super::error::ConvertError;
use super::row_planner::{PassSink, PlannedRow};
use super::sink::Sink;
use super::stats::ConvertStats;

/// What a block of moves does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockKind {
    /// The T2 and the pieces that build a platform before a row's passes.
    PlatformAdd,
    /// One pass: its emitters and its fill.
    Emitter,
    /// The piece that clears a platform after the row's passes.
    PlatformRemove,
    /// Pieces dropped directly onto pixels of their colour
    /// ([`Converter::with_direct`](crate::Converter::with_direct)): they stay in the
    /// print. The block's row is the top row of its pieces; they drop before that row's
    /// passes (and after those of the row below).
    Direct,
}

/// One block: its kind, the sprite row it serves, and its moves' range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// What the block does.
    pub kind: BlockKind,
    /// The sprite's playfield row (0 = bottom) it serves.
    pub row: usize,
    /// Its moves, as a range of the conversion's move list.
    pub moves: Range<usize>,
}

/// Writes one row's blocks: [`RowWriter::open`] the platform's add part (when the row
/// needs one), each pass as one block ([`PassSink::pass`]), [`RowWriter::close`] the
/// platform's remove piece. Every planner's rows are written through it.
struct RowWriter<'w, 's> {
    y: usize,
    sink: &'w mut Sink<'s>,
    on_block: &'w mut dyn FnMut(Block),
    platform: Option<&'static Platform>,
    passes: usize,
}

impl<'w, 's> RowWriter<'w, 's> {
    /// Starts row `y`, building its platform first when `platform`.
    fn open(
        platform: bool,
        sprite: &Sprite,
        y: usize,
        sink: &'w mut Sink<'s>,
        on_block: &'w mut dyn FnMut(Block),
        stats: &mut ConvertStats,
    ) -> Result<Self, ConvertError> {
        let platform = if platform {
            Some(platform_for(sprite, y)?)
        } else {
            None
        };
        let mut w = RowWriter {
            y,
            sink,
            on_block,
            platform,
            passes: 0,
        };
        if let Some(p) = platform {
            w.block(BlockKind::PlatformAdd, |sink| sink.extend(p.add.moves()));
            stats.platforms += 1;
        }
        Ok(w)
    }

    /// Ends the row: removes its platform.
    fn close(mut self, stats: &mut ConvertStats) {
        if let Some(p) = self.platform {
            self.block(BlockKind::PlatformRemove, |sink| sink.push(p.remove));
        }
        stats.passes += self.passes;
    }

    fn block(&mut self, kind: BlockKind, write: impl FnOnce(&mut Sink<'_>)) {
        let start = self.sink.len;
        write(self.sink);
        (self.on_block)(Block {
            kind,
            row: self.y,
            moves: start..self.sink.len,
        });
    }
}

/// Writes row `y` of `sprite` as `plan` plans it: platform add, each pass, platform
/// remove, each as a block.
pub(super) fn write_row(
    plan: &impl PlannedRow,
    sprite: &Sprite,
    y: usize,
    sink: &mut Sink<'_>,
    on_block: &mut dyn FnMut(Block),
    stats: &mut ConvertStats,
) -> Result<(), ConvertError> {
    let mut row = RowWriter::open(plan.platform(), sprite, y, sink, on_block, stats)?;
    let first = row.sink.len;
    plan.write_passes(y, &mut row)?;
    // The plan's pieces count the whole platform (its add part and its remove piece);
    // the add part is written before the passes, the remove piece after.
    let platform = row.platform.map_or(0, |p| p.pieces());
    debug_assert_eq!(row.sink.len - first + platform, plan.pieces() as usize);
    row.close(stats);
    Ok(())
}

impl PassSink for RowWriter<'_, '_> {
    /// Writes one pass (its emitters, then its fill) as one block.
    fn pass(&mut self, write: impl FnOnce(&mut Sink<'_>)) {
        self.block(BlockKind::Emitter, write);
        self.passes += 1;
    }
}

/// Writes the direct pieces `pieces` hands over as one [`BlockKind::Direct`] block of
/// row `y` (nothing when there are none).
pub(super) fn direct(
    y: usize,
    sink: &mut Sink<'_>,
    on_block: &mut dyn FnMut(Block),
    pieces: impl FnOnce(&mut dyn FnMut(Move)),
) {
    let start = sink.len;
    pieces(&mut |m| sink.push(m));
    if sink.len > start {
        on_block(Block {
            kind: BlockKind::Direct,
            row: y,
            moves: start..sink.len,
        });
    }
}

/// The platform for row `y`: its T2 rests on the leftmost square `s` of row `y − 1`,
/// bar centred on the odd column `s | 1` (platforms exist for odd centres only, docs/spec.md §4).
fn platform_for(sprite: &Sprite, y: usize) -> Result<&'static Platform, ConvertError> {
    let x0 = sprite.x0();
    let s = (x0..x0 + sprite.width())
        .find(|&x| sprite.cell(x, y - 1).is_some())
        .unwrap_or(x0); // a valid sprite has no empty row; any column then finds no platform
    let centre = (s | 1) as u8;
    tables::PLATFORMS
        .get(usize::from(centre.saturating_sub(1) / 2))
        .filter(|p| p.centre == centre)
        .ok_or(ConvertError::MissingPlatform { centre, row: y })
}
