//! The Rust source of the tables: the emitters (list, `phf` map, index and the classic
//! split's cost model), the wide patterns, the platforms, the strips, and the run covers.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use tetris_printer_core::cover_text::{self, RunCovers};
use tetris_printer_core::layout;
use tetris_printer_core::pattern;
use tetris_printer_core::pattern_text::{EmitterText, PlatformText, StripText, WideText};

use crate::error::{bad, Error};
use crate::moves::Spans;

/// Cost of a pattern as the classic split search counts it: `pieces + 5·n`, which is
/// `21·(height + n)/4`; additive over passes and ranking splits as pieces do.
pub(crate) fn emitter_cost(e: &EmitterText) -> u32 {
    (e.pieces() + 5 * usize::from(e.n())) as u32
}

/// The emitters as a static list sorted by key, the `phf` map and the open-addressing
/// index over it (both pointing into the list), and the classic split's cost model.
pub(crate) fn emitter_tables(
    code: &mut String,
    spans: &mut Spans<'_>,
    emitters: &BTreeMap<u32, EmitterText>,
) -> Result<(), Error> {
    let _ = writeln!(
        code,
        "/// Every emitter pattern, sorted by key ({} entries).\n\
         pub static EMITTER_LIST: [Emitter; {}] = [",
        emitters.len(),
        emitters.len()
    );
    let mut map = phf_codegen::Map::new();
    for (key, e) in emitters {
        let item = format!(
            "Emitter {{ key: {key:#x}, n: {}, height: {}, fillers: {} }}",
            e.n(),
            e.height,
            spans.next(&e.fillers)?
        );
        let _ = writeln!(code, "    {item},");
        map.entry(*key, &item);
    }
    code.push_str("];\n\n");
    let _ = writeln!(
        code,
        "/// Every emitter pattern, keyed by its triples' bottom-row occupancy (the same \
         values as [`EMITTER_LIST`]).\n\
         #[cfg(test)]\n\
         pub static EMITTERS: phf::Map<u32, Emitter> = {};\n",
        map.build()
    );
    open_index(
        code,
        "EMITTER_INDEX",
        "The emitter index: the pattern in [`EMITTER_LIST`] by [`layout::emitter_slot`] of \
         its key, linear probing.",
        layout::EMITTER_SLOTS,
        emitters.keys().map(|&key| layout::emitter_slot(key)),
        "emitter",
    )?;
    cost_model(code, emitters);
    Ok(())
}

/// An open-addressing index of `slots` `u16` slots named `name`: entry `i` (in the
/// order `first_slots` gives their first probes) goes to the first free slot from its
/// own, wrapping; `u16::MAX` marks a free slot. More than half the slots stay free, so
/// probes are short and a free slot always ends them.
pub(crate) fn open_index(
    code: &mut String,
    name: &str,
    doc: &str,
    slots: usize,
    first_slots: impl ExactSizeIterator<Item = usize>,
    what: &str,
) -> Result<(), Error> {
    if 2 * first_slots.len() >= slots {
        return bad(format!("{what} index too small for the patterns"));
    }
    let mut taken: Vec<Option<usize>> = vec![None; slots];
    for (i, first) in first_slots.enumerate() {
        let mut s = first;
        while taken[s].is_some() {
            s = (s + 1) % slots;
        }
        taken[s] = Some(i);
    }
    let _ = writeln!(
        code,
        "/// {doc}\n/// `u16::MAX`: a free slot.\nstatic {name}: [u16; {slots}] = ["
    );
    for slot in &taken {
        match slot {
            Some(i) => {
                let i = u16::try_from(*i)
                    .ok()
                    .filter(|&i| i < u16::MAX)
                    .map_or_else(|| bad(format!("over 65,534 {what} keys")), Ok)?;
                let _ = write!(code, "{i},");
            }
            None => code.push_str("u16::MAX,"),
        }
    }
    code.push_str("];\n\n");
    Ok(())
}

/// The most frequent cost among patterns whose size passes `size` (ties: the lower).
pub(crate) fn commonest_cost(
    emitters: &BTreeMap<u32, EmitterText>,
    size: impl Fn(usize) -> bool,
) -> u32 {
    let mut counts: BTreeMap<u32, u32> = BTreeMap::new();
    for e in emitters.values().filter(|e| size(usize::from(e.n()))) {
        *counts.entry(emitter_cost(e)).or_default() += 1;
    }
    counts
        .iter()
        .max_by_key(|&(&c, &k)| (k, std::cmp::Reverse(c)))
        .map_or(u32::MAX, |(&c, _)| c)
}

/// Bit `s` set for each triple of `key` starting at column `s`.
pub(crate) fn starts_of(key: u32) -> u32 {
    let mut starts = 0;
    let mut k = key;
    while k != 0 {
        let s = k.trailing_zeros();
        starts |= 1 << s;
        k &= !pattern::triple_mask(s as u8);
    }
    starts
}

/// The classic split's cost model ([`crate::tables::CostModel`]): a standard cost by size
/// and the cheap patterns below it.
pub(crate) fn cost_model(code: &mut String, emitters: &BTreeMap<u32, EmitterText>) {
    let single = emitters
        .values()
        .filter(|e| e.n() <= 1)
        .map(emitter_cost)
        .min()
        .unwrap_or(u32::MAX);
    let multi = commonest_cost(emitters, |n| n >= 2);
    let uniform = (2..8)
        .take_while(|&n| commonest_cost(emitters, |m| m == n) == multi)
        .last()
        .unwrap_or(1);
    let standard = |n: usize| {
        if n <= 1 {
            single
        } else {
            let extra = n.saturating_sub(uniform.max(1)) as u32;
            multi.saturating_add(extra.saturating_mul(single))
        }
    };
    let (mut flat, mut small_cheap, mut cheap) = (true, 0, Vec::new());
    for e in emitters.values() {
        let (n, cost) = (usize::from(e.n()), emitter_cost(e));
        if cost < standard(n) {
            if n <= uniform {
                small_cheap = small_cheap.max(n);
            }
            cheap.push(format!(
                "({:#x}, {:#x}, {n}, {cost})",
                e.key,
                starts_of(e.key)
            ));
        } else if (2..=uniform).contains(&n) && cost != multi {
            flat = false;
        }
    }
    let _ = writeln!(
        code,
        "/// The classic split's view of the emitter costs.\n\
         pub static COSTS: CostModel = CostModel {{ single: {single}, multi: {multi}, \
         uniform: {uniform}, flat: {flat}, small_cheap: {small_cheap}, cheap: &[{}] }};\n",
        cheap.join(", ")
    );
}

/// The wide patterns ([`WIDE`], sorted by bottom, height, then support) and their keys
/// ([`WIDE_KEYS`]: bottom, height and the range of [`WIDE`] they own).
pub(crate) fn wide_tables(
    code: &mut String,
    spans: &mut Spans<'_>,
    wides: &BTreeMap<(u32, u8), Vec<WideText>>,
) -> Result<(), Error> {
    let total: usize = wides.values().map(Vec::len).sum();
    let _ = writeln!(
        code,
        "\n/// The wide patterns, by bottom and height, supports smallest first.\n\
         pub static WIDE: [Wide; {total}] = ["
    );
    let mut keys = Vec::new();
    let mut start = 0usize;
    for (&(bottom, height), list) in wides {
        for w in list {
            let _ = writeln!(
                code,
                "    Wide {{ support: {:#x}, fillers: {} }},",
                w.support,
                spans.next(&w.fillers)?
            );
        }
        keys.push(format!(
            "    ({bottom:#x}, {height}, {start}, {}),",
            start + list.len()
        ));
        start += list.len();
    }
    let _ = writeln!(
        code,
        "];\n\n/// The keys of [`WIDE`]: `(bottom, height, first, end)`.\n\
         pub static WIDE_KEYS: [(u32, u8, u16, u16); {}] = [\n{}\n];",
        keys.len(),
        keys.join("\n")
    );
    open_index(
        code,
        "WIDE_INDEX",
        "The wide-pattern index: the key in [`WIDE_KEYS`] by [`layout::wide_slot`] of its \
         bottom and height, linear probing.",
        layout::WIDE_SLOTS,
        wides
            .keys()
            .map(|&(bottom, height)| layout::wide_slot(bottom, height)),
        "wide",
    )?;
    let tallest = wides.keys().map(|k| k.1).max().unwrap_or(0);
    let _ = writeln!(
        code,
        "\n/// The tallest [`WIDE`] pattern.\n\
         pub const WIDE_MAX_HEIGHT: u8 = {tallest};"
    );
    Ok(())
}

/// The platform patterns, by centre.
pub(crate) fn platform_table(
    code: &mut String,
    spans: &mut Spans<'_>,
    by_centre: &BTreeMap<u8, PlatformText>,
) -> Result<(), Error> {
    let _ = writeln!(
        code,
        "/// The platform patterns for bar centres 1, 3, ..., 19.\npub static PLATFORMS: [Platform; {}] = [",
        by_centre.len()
    );
    for p in by_centre.values() {
        let _ = writeln!(
            code,
            "    Platform {{ centre: {}, add: {}, remove: mv({}, {}) }},",
            p.centre,
            spans.next(&p.add)?,
            p.remove.shape().index(),
            p.remove.x()
        );
    }
    code.push_str("];\n");
    Ok(())
}

/// The strips ([`STRIP_LIST`], grouped by key) and the `phf` map of each key's range.
pub(crate) fn strip_tables(
    code: &mut String,
    spans: &mut Spans<'_>,
    strips: &BTreeMap<u32, Vec<StripText>>,
) -> Result<(), Error> {
    let mut strip_map = phf_codegen::Map::new();
    let mut strip_list = Vec::new();
    for (key, list) in strips {
        let first = strip_list.len();
        for s in list {
            strip_list.push(format!(
                "    Strip {{ width: {}, height: {}, side: StripSide::{:?}, bottom: {:#x}, support: {:#x}, fillers: {} }},",
                s.width,
                s.height,
                s.side,
                s.bottom,
                s.support,
                spans.next(&s.fillers)?
            ));
        }
        let (Ok(first), Ok(count)) = (u16::try_from(first), u16::try_from(list.len())) else {
            return bad("over 65,535 strips");
        };
        strip_map.entry(*key, &format!("({first}, {count})"));
    }
    let _ = writeln!(
        code,
        "\n/// Every strip, grouped by key, each key's minimal supports smallest first.\n\
         pub static STRIP_LIST: [Strip; {}] = [\n{}\n];\n\n\
         /// Strips by `strip_key(width, height, side, bottom)`: `(first, count)` in \
         [`STRIP_LIST`] ({} keys).\n\
         pub static STRIPS: phf::Map<u32, (u16, u16)> = {};",
        strip_list.len(),
        strip_list.join("\n"),
        strips.len(),
        strip_map.build()
    );
    Ok(())
}

/// The run covers of `text` (`pattern-src/covers.txt`) by `layout::run_cover_slot`,
/// every record checked (`cover_text::parse`), every run a sprite row can hold listed
/// once. (The searcher writes the file with the converter's planner, which needs these
/// tables, so `regenerate` reads it too.)
pub(crate) fn run_covers(text: &str) -> Result<Vec<Option<RunCovers>>, Error> {
    let name = "pattern-src/covers.txt";
    let records = cover_text::parse(text)
        .map_err(|(line, reason)| Error::new(format!("{name}:{line}: {reason}")))?;
    let mut table = vec![None; layout::RUN_COVER_ENTRIES];
    for r in records {
        let slot = layout::run_cover_slot(r.colour, r.x, r.len).expect("parse checks the bounds");
        let line = r.line;
        if table[slot].replace(r).is_some() {
            return bad(format!("{name}:{line}: a second record for the same run"));
        }
    }
    for (colour, x, len) in cover_text::every_run() {
        if table[layout::run_cover_slot(colour, x, len).expect("in bounds")].is_none() {
            return bad(format!(
                "{name}: no record for colour={colour} x={x} len={len}"
            ));
        }
    }
    Ok(table)
}

/// The run-cover table ([`RUN_COVERS`]) of [`run_covers`]' `table`.
pub(crate) fn run_cover_table(code: &mut String, table: &[Option<RunCovers>]) {
    let slots = cover_text::SLOTS;
    let _ = writeln!(
        code,
        "\n/// Most covers per run in [`RUN_COVERS`].\npub const RUN_COVER_SLOTS: usize = {slots};\n\n\
         /// The covers the grouped planner tries on each run ([`run_covers`]), from \
         `pattern-src/covers.txt`: `(covers, count)` by `layout::run_cover_slot` ({} runs).\n\
         pub static RUN_COVERS: [([u16; RUN_COVER_SLOTS], u8); {}] = [",
        table.iter().flatten().count(),
        table.len()
    );
    for entry in table {
        let mut covers = [0u16; cover_text::SLOTS];
        let n = entry.as_ref().map_or(0, |r| r.covers.len());
        if let Some(r) = entry {
            covers[..n].copy_from_slice(&r.covers);
        }
        let _ = writeln!(code, "    ({covers:?}, {n}),");
    }
    code.push_str("];\n");
}
