//! Emission: moves and blocks. Writes a planned row (platform add, each pass's emitters
//! then its fill, platform remove) into a [`Sink`], and reports each block.

use core::ops::Range;

use crate::bits::Bits;
use crate::moves::Move;
use crate::pattern::Platform;
use crate::sprite::Sprite;
use crate::tables;

use super::bounds::PLATFORM_PIECES;
use super::error::ConvertError;
use super::plan::RowPlan;
use super::planners::classic::{Split, Triples};
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
/// needs one), [`RowWriter::pass`] each pass as one block, [`RowWriter::close`] the
/// platform's remove piece. Every strategy writes its rows through it.
pub(super) struct RowWriter<'w, 's> {
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

    /// Writes one pass (its emitters, then its fill) as one block.
    pub(super) fn pass(&mut self, write: impl FnOnce(&mut Sink<'s>)) {
        self.block(BlockKind::Emitter, write);
        self.passes += 1;
    }

    /// Ends the row: removes its platform.
    fn close(mut self, stats: &mut ConvertStats) {
        if let Some(p) = self.platform {
            self.block(BlockKind::PlatformRemove, |sink| sink.push(p.remove));
        }
        stats.passes += self.passes;
    }

    fn block(&mut self, kind: BlockKind, write: impl FnOnce(&mut Sink<'s>)) {
        let start = self.sink.len;
        write(self.sink);
        (self.on_block)(Block {
            kind,
            row: self.y,
            moves: start..self.sink.len,
        });
    }
}

/// A row's passes as [`write_row`] writes them: every strategy's plan is one.
pub(super) trait RowPasses {
    /// Whether the row stands on a platform.
    fn platform(&self) -> bool;

    /// Writes each pass (its emitters, then its fill) with [`RowWriter::pass`], in order.
    fn write_passes(&self, row: &mut RowWriter<'_, '_>, y: usize) -> Result<(), ConvertError>;
}

/// Writes row `y` of `sprite` as planned by `passes`: platform add, each pass, platform
/// remove, each as a block.
pub(super) fn write_row(
    passes: &impl RowPasses,
    sprite: &Sprite,
    y: usize,
    sink: &mut Sink<'_>,
    on_block: &mut dyn FnMut(Block),
    stats: &mut ConvertStats,
) -> Result<(), ConvertError> {
    let mut row = RowWriter::open(passes.platform(), sprite, y, sink, on_block, stats)?;
    passes.write_passes(&mut row, y)?;
    row.close(stats);
    Ok(())
}

/// A classic split (greedy or optimal) of a row's singles, on a platform or not.
pub(super) struct Classic<'a> {
    pub singles: &'a Triples,
    pub split: &'a Split,
    pub platform: bool,
}

impl RowPasses for Classic<'_> {
    fn platform(&self) -> bool {
        self.platform
    }

    /// Each pass: its triples left to right, then the emitter pattern's fillers.
    fn write_passes(&self, row: &mut RowWriter<'_, '_>, y: usize) -> Result<(), ConvertError> {
        let split = self.split;
        for (&key, &pixels) in split.keys[..split.passes]
            .iter()
            .zip(&split.members(self.singles.len))
        {
            let emitter =
                tables::emitter(key).ok_or(ConvertError::MissingEmitter { key, row: y })?;
            row.pass(|sink| {
                for i in Bits(pixels) {
                    sink.push(self.singles.triples[i]);
                }
                sink.extend(emitter.fillers.moves());
            });
        }
        Ok(())
    }
}

impl RowPasses for RowPlan {
    fn platform(&self) -> bool {
        self.platform
    }

    /// Each pass: its emitters, then its fill.
    fn write_passes(&self, row: &mut RowWriter<'_, '_>, _: usize) -> Result<(), ConvertError> {
        let first = row.sink.len;
        self.passes(|pass| {
            row.pass(|sink| {
                for e in &pass.emits[..pass.len] {
                    sink.push(e.mv);
                }
                pass.fill.moves(|m| sink.push(m));
            });
        });
        // The plan's pieces count the whole platform (its add part and its remove
        // piece); the add part is written before this, the remove piece after.
        let platform = if self.platform { PLATFORM_PIECES } else { 0 };
        debug_assert_eq!(row.sink.len - first + platform, self.pieces as usize);
        Ok(())
    }
}

/// A row planned by the exact planner.
#[cfg(feature = "search")]
impl RowPasses for crate::search::exact::ExactPlan {
    fn platform(&self) -> bool {
        self.platform
    }

    /// Each pass: its emitters, then its fillers.
    fn write_passes(&self, row: &mut RowWriter<'_, '_>, _: usize) -> Result<(), ConvertError> {
        for pass in &self.passes {
            row.pass(|sink| {
                for e in &pass.emits {
                    sink.push(e.mv);
                }
                sink.extend(pass.fillers.iter().copied());
            });
        }
        Ok(())
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

/// Where a conversion's moves go, counted in [`Sink::len`].
pub(super) enum Out<'a> {
    /// Into a slice, as far as it reaches (the count goes on past its end).
    Slice(&'a mut [Move]),
    /// To a callback, one by one.
    Each(&'a mut dyn FnMut(Move)),
    /// Nowhere: only counted.
    Count,
}

/// Takes every move of a conversion to its [`Out`], counting them.
pub(super) struct Sink<'a> {
    pub(super) out: Out<'a>,
    pub(super) len: usize,
}

impl Sink<'_> {
    /// A sink for `out`, empty.
    pub(super) fn new(out: Out<'_>) -> Sink<'_> {
        Sink { out, len: 0 }
    }

    fn push(&mut self, m: Move) {
        match &mut self.out {
            Out::Slice(s) => {
                if let Some(slot) = s.get_mut(self.len) {
                    *slot = m;
                }
            }
            Out::Each(f) => f(m),
            Out::Count => {}
        }
        self.len += 1;
    }

    fn extend(&mut self, moves: impl ExactSizeIterator<Item = Move>) {
        let n = moves.len();
        match &mut self.out {
            Out::Slice(s) => {
                // The part that fits (most moves are a pattern's fillers).
                let start = self.len.min(s.len());
                for (slot, m) in s[start..].iter_mut().zip(moves) {
                    *slot = m;
                }
            }
            Out::Each(f) => moves.for_each(f),
            Out::Count => {}
        }
        self.len += n;
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
