//! The text format of `pattern-src/`: drawing, parsing and verifying patterns by
//! simulation. Needs the standard library; used by the table generator and the searcher,
//! never by a conversion.

use crate::moves::Move;
use crate::pattern::*;
use crate::piece::Shape;
use crate::playfield::{Playfield, WIDTH};
use std::fmt::Write as _;
use std::string::String;
use std::vec::Vec;

/// The letters of non-triple pieces in drop order (B..Z then a..z).
pub const LETTERS: &str = "BCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// A failed search for a lower matrix: the proof that none exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The height proved impossible.
    pub height: u8,
    /// States the proof expanded.
    pub nodes: u64,
}

/// An emitter pattern as read from or written to `pattern-src/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmitterText {
    /// The triples' cells in the matrix's bottom row (as [`Emitter::key`]).
    pub key: u32,
    /// Rows of the matrix above the emission row.
    pub height: u8,
    /// The pieces other than the triples, in drop order.
    pub fillers: Vec<Move>,
    /// Lower heights proved impossible, lowest first.
    pub proofs: Vec<Proof>,
    /// States the successful search expanded.
    pub nodes: u64,
    /// 1-based line of the header in its file (0 when not read from a file).
    pub line: usize,
}

impl EmitterText {
    /// Its triples.
    #[must_use]
    pub fn n(&self) -> u8 {
        (self.key.count_ones() / 3) as u8
    }

    /// Left columns of the triples, left to right.
    #[must_use]
    pub fn triples(&self) -> Vec<u8> {
        triples_of(self.key)
    }

    /// Its pieces: the triples and the fillers.
    #[must_use]
    pub fn pieces(&self) -> usize {
        self.n() as usize + self.fillers.len()
    }

    /// The mirror-image pattern.
    #[must_use]
    pub fn mirrored(&self) -> EmitterText {
        EmitterText {
            key: mirror_mask(self.key),
            fillers: self.fillers.iter().map(|m| m.mirrored()).collect(),
            ..self.clone()
        }
    }
}

/// A platform pattern as read from or written to `pattern-src/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlatformText {
    /// The column of the T2 bar's centre.
    pub centre: u8,
    /// The pieces dropped before the row's emitters, in drop order.
    pub add: Vec<Move>,
    /// The piece dropped after them.
    pub remove: Move,
    /// States the successful search expanded.
    pub nodes: u64,
    /// 1-based line of the header in its file (0 when not read from a file).
    pub line: usize,
}

impl PlatformText {
    /// The mirror-image platform.
    #[must_use]
    pub fn mirrored(&self) -> PlatformText {
        PlatformText {
            centre: WIDTH as u8 - 1 - self.centre,
            add: self.add.iter().map(|m| m.mirrored()).collect(),
            remove: self.remove.mirrored(),
            ..self.clone()
        }
    }
}

/// A bar centre proved to admit no platform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoPlatform {
    /// The column of the bar's centre.
    pub centre: u8,
    /// States the proof expanded.
    pub nodes: u64,
    /// 1-based line of the record in its file (0 when not read from a file).
    pub line: usize,
}

/// A strip pattern (see [`Strip`]) as read from or written to `pattern-src/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StripText {
    /// Columns (as [`Strip::width`]).
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Where it lies in the field.
    pub side: StripSide,
    /// Its bottom row's cells that stay (as [`Strip::bottom`]).
    pub bottom: u16,
    /// The emission-row cells it rests on (as [`Strip::support`]).
    pub support: u16,
    /// Its pieces, in drop order, columns counted from the strip's left edge.
    pub fillers: Vec<Move>,
    /// States the successful search expanded.
    pub nodes: u64,
    /// 1-based line of the header in its file (0 when not read from a file).
    pub line: usize,
}

impl StripText {
    /// The mirror-image strip.
    #[must_use]
    pub fn mirrored(&self) -> StripText {
        let flip = |m| mirror_strip_mask(self.width, m);
        StripText {
            side: self.side.mirrored(),
            bottom: flip(self.bottom),
            support: flip(self.support),
            fillers: self
                .fillers
                .iter()
                .map(|m| {
                    let w = m.mirrored();
                    // Mirrored in the 21-wide field; shift back into the strip.
                    Move {
                        shape: w.shape,
                        x: w.x + self.width - WIDTH as u8,
                    }
                })
                .collect(),
            ..self.clone()
        }
    }
}

/// A wide pattern (see [`Wide`]) as read from or written to `pattern-src/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WideText {
    /// Rows.
    pub height: u8,
    /// Its bottom row's cells that stay.
    pub bottom: u32,
    /// The emission-row cells it rests on (as [`Wide::support`]).
    pub support: u32,
    /// Its pieces, in drop order.
    pub fillers: Vec<Move>,
    /// States the successful search expanded.
    pub nodes: u64,
    /// 1-based line of the header in its file (0 when not read from a file).
    pub line: usize,
}

/// Everything one `pattern-src/` file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PatternFile {
    /// Its emitter patterns.
    pub emitters: Vec<EmitterText>,
    /// Its platform patterns.
    pub platforms: Vec<PlatformText>,
    /// Its bar centres proved to admit no platform.
    pub no_platforms: Vec<NoPlatform>,
    /// Its strips.
    pub strips: Vec<StripText>,
    /// Its wide patterns.
    pub wides: Vec<WideText>,
}

/// Left columns of the triples in a key.
#[must_use]
pub fn triples_of(key: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut m = key;
    while m != 0 {
        let s = m.trailing_zeros() as u8;
        out.push(s);
        m &= !triple_mask(s);
    }
    out
}

/// Every arrangement of `n` non-overlapping triples in the row, as keys, ascending.
#[must_use]
pub fn arrangements(n: u8) -> Vec<u32> {
    fn go(n: u8, from: u8, key: u32, out: &mut Vec<u32>) {
        if n == 0 {
            out.push(key);
            return;
        }
        for s in from..=(WIDTH as u8 - 3) {
            go(n - 1, s + 3, key | triple_mask(s), out);
        }
    }
    let mut out = Vec::new();
    go(n, 0, 0, &mut out);
    out.sort_unstable();
    out
}

/// Places drops into a matrix by profile (no clears): returns each drop's bottom row.
fn matrix_rows(start: [u8; WIDTH], drops: &[Move]) -> Vec<u8> {
    let mut h = start;
    drops
        .iter()
        .map(|m| {
            let d = m.shape.data();
            let x = m.x as usize;
            let base = (0..d.width as usize)
                .map(|j| h[x + j].saturating_sub(d.bottom[j]))
                .max()
                .unwrap_or(0);
            for j in 0..d.width as usize {
                h[x + j] = base + d.top[j];
            }
            base
        })
        .collect()
}

fn draw(out: &mut String, height: usize, bottom_a: u32, drops: &[Move], rows: &[u8]) {
    let mut grid = vec![[b'.'; WIDTH]; height];
    for (x, cell) in grid[0].iter_mut().enumerate() {
        if bottom_a & (1 << x) != 0 {
            *cell = b'A';
        }
    }
    for (i, (m, &y)) in drops.iter().zip(rows).enumerate() {
        let letter = LETTERS.as_bytes()[i];
        for &(dx, dy) in &m.shape.data().cells {
            grid[y as usize + dy as usize][m.x as usize + dx as usize] = letter;
        }
    }
    for row in grid.iter().rev() {
        out.push_str(std::str::from_utf8(row).expect("ascii"));
        out.push('\n');
    }
}

fn start_of(key: u32) -> [u8; WIDTH] {
    let mut h = [0u8; WIDTH];
    for (x, v) in h.iter_mut().enumerate() {
        *v = u8::from(key & (1 << x) != 0);
    }
    h
}

/// Writes one emitter in the `pattern-src/` format.
pub fn write_emitter(out: &mut String, e: &EmitterText) {
    let triples: Vec<String> = e.triples().iter().map(u8::to_string).collect();
    let _ = write!(
        out,
        "emitter n={} triples={} height={} pieces={} nodes={}",
        e.n(),
        triples.join(","),
        e.height,
        e.pieces(),
        e.nodes
    );
    for p in &e.proofs {
        let _ = write!(out, " none@{}={}", p.height, p.nodes);
    }
    out.push('\n');
    let rows = matrix_rows(start_of(e.key), &e.fillers);
    draw(out, e.height as usize, e.key, &e.fillers, &rows);
    out.push('\n');
}

/// Writes one platform in the `pattern-src/` format: `A` is the T2, the last letter the
/// remove piece.
pub fn write_platform(out: &mut String, p: &PlatformText) {
    let _ = writeln!(
        out,
        "platform centre={} pieces={} remove={}@{} nodes={}",
        p.centre,
        p.add.len() + 1,
        p.remove.shape,
        p.remove.x,
        p.nodes
    );
    let mut drops = p.add[1..].to_vec();
    drops.push(p.remove);
    let t2 = p.add[0];
    let mut start = [0u8; WIDTH];
    for j in 0..3 {
        start[t2.x as usize + j] = 1;
    }
    start[t2.x as usize + 1] = 2;
    let rows = matrix_rows(start, &drops);
    let mut s = String::new();
    draw(&mut s, 4, 0, &drops, &rows);
    // Draw the T2 as `A` (two rows: bar at the bottom, point above it).
    let mut lines: Vec<Vec<u8>> = s.lines().map(|l| l.as_bytes().to_vec()).collect();
    for j in 0..3 {
        lines[3][t2.x as usize + j] = b'A';
    }
    lines[2][t2.x as usize + 1] = b'A';
    for l in lines {
        out.push_str(std::str::from_utf8(&l).expect("ascii"));
        out.push('\n');
    }
    out.push('\n');
}

/// Writes one strip in the `pattern-src/` format: its matrix (`A` the cells filled
/// before it) over its emission row (`#` the support it needs).
pub fn write_strip(out: &mut String, s: &StripText) {
    let _ = writeln!(
        out,
        "strip width={} height={}{} pieces={} nodes={}",
        s.width,
        s.height,
        match s.side {
            StripSide::Inner => String::new(),
            side => format!(" side={}", side.name()),
        },
        s.fillers.len(),
        s.nodes
    );
    let start = start_of(u32::from(s.bottom));
    let rows = matrix_rows(start, &s.fillers);
    let mut grid = String::new();
    draw(
        &mut grid,
        s.height as usize,
        u32::from(s.bottom),
        &s.fillers,
        &rows,
    );
    for line in grid.lines() {
        out.push_str(&line[..s.width as usize]);
        out.push('\n');
    }
    for x in 0..s.width {
        out.push(if s.support >> x & 1 != 0 { '#' } else { '.' });
    }
    out.push_str("\n\n");
}

/// Writes one wide pattern in the `pattern-src/` format: its 21-column matrix (`A` the
/// emitters' cells) over its emission row (`#` the support it needs).
pub fn write_wide(out: &mut String, w: &WideText) {
    let _ = writeln!(
        out,
        "wide height={} pieces={} nodes={}",
        w.height,
        w.fillers.len(),
        w.nodes
    );
    let rows = matrix_rows(start_of(w.bottom), &w.fillers);
    draw(out, w.height as usize, w.bottom, &w.fillers, &rows);
    for x in 0..WIDTH {
        out.push(if w.support >> x & 1 != 0 { '#' } else { '.' });
    }
    out.push_str("\n\n");
}

/// Writes a proof that no platform exists for a bar centre.
pub fn write_no_platform(out: &mut String, p: &NoPlatform) {
    let _ = writeln!(out, "no-platform centre={} none@4={}\n", p.centre, p.nodes);
}

fn field<'a>(words: &[&'a str], name: &str) -> Result<&'a str, String> {
    words
        .iter()
        .find_map(|w| w.strip_prefix(name).and_then(|r| r.strip_prefix('=')))
        .ok_or_else(|| format!("header has no `{name}=`"))
}

fn num<T: std::str::FromStr>(words: &[&str], name: &str) -> Result<T, String> {
    let v = field(words, name)?;
    v.parse()
        .map_err(|_| format!("`{name}={v}` is not a number"))
}

/// The support row under a strip or wide pattern: bit `x` for a `#` at column `x`.
fn support_mask(row: &str) -> Result<u32, String> {
    let mut support = 0u32;
    for (x, c) in row.chars().enumerate() {
        match c {
            '#' => support |= 1 << x,
            '.' => {}
            _ => {
                return Err(format!(
                    "support row has `{c}` at column {x} (only `#` and `.`)"
                ))
            }
        }
    }
    Ok(support)
}

/// A record's `pieces=` against the pieces its drawing holds.
fn drawn(pieces: usize, in_drawing: usize) -> Result<(), String> {
    if in_drawing == pieces {
        Ok(())
    } else {
        Err(format!("pieces={pieces} but {in_drawing} are drawn"))
    }
}

/// The index of `c` in [`LETTERS`] (`B`..=`Z`, then `a`..=`z`).
fn letter_index(c: char) -> Option<usize> {
    match c {
        'B'..='Z' => Some(c as usize - 'B' as usize),
        'a'..='z' => Some(25 + c as usize - 'a' as usize),
        _ => None,
    }
}

/// The pieces drawn in a matrix: `(letter index, move, bottom row)` in letter order.
fn read_pieces(rows: &[&str]) -> Result<(u32, Vec<(Move, u8)>), String> {
    let h = rows.len();
    let mut cells: Vec<Vec<(usize, usize)>> = vec![Vec::new(); LETTERS.len()];
    let mut a_mask = 0u32;
    for (r, row) in rows.iter().enumerate() {
        if row.len() != WIDTH {
            return Err(format!(
                "matrix row `{row}` is {} characters wide, not 21",
                row.len()
            ));
        }
        let y = h - 1 - r;
        for (x, c) in row.chars().enumerate() {
            match c {
                '.' => {}
                'A' if y == 0 => a_mask |= 1 << x,
                'A' => return Err(format!("`A` (a triple) above the bottom row at column {x}")),
                _ => {
                    let i = letter_index(c)
                        .ok_or_else(|| format!("unexpected character `{c}` at column {x}"))?;
                    cells[i].push((x, y));
                }
            }
        }
    }
    let used = cells.iter().take_while(|c| !c.is_empty()).count();
    if let Some(i) = cells[used..].iter().position(|c| !c.is_empty()) {
        let missing = LETTERS.as_bytes()[used] as char;
        let found = LETTERS.as_bytes()[used + i] as char;
        return Err(format!(
            "piece `{found}` is drawn but `{missing}` is missing (letters are drop order)"
        ));
    }
    let mut out = Vec::new();
    for (i, cs) in cells[..used].iter().enumerate() {
        let letter = LETTERS.as_bytes()[i] as char;
        let (shape, minx, miny) = Shape::from_cells(cs)
            .ok_or_else(|| format!("piece `{letter}` ({} cells) is not a tetromino", cs.len()))?;
        // Drawn inside a 21-column matrix of at most 42 rows.
        let m = Move::new(shape, minx).expect("inside the matrix");
        out.push((m, u8::try_from(miny).expect("inside the matrix")));
    }
    Ok((a_mask, out))
}

/// Parses a `pattern-src/` file. Errors are `(line, reason)`.
pub fn parse_file(text: &str) -> Result<PatternFile, (usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = PatternFile::default();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_end();
        let lineno = i + 1;
        i += 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let err = |e: String| (lineno, e);
        let matrix = |n: usize, i: &mut usize| -> Result<Vec<&str>, (usize, String)> {
            let rows: Vec<&str> = lines[*i..].iter().take(n).map(|l| l.trim_end()).collect();
            if rows.len() < n || rows.iter().any(|r| r.is_empty()) {
                return Err((lineno, format!("expected {n} matrix rows after the header")));
            }
            *i += n;
            Ok(rows)
        };
        match words[0] {
            "emitter" => {
                let height: u8 = num(&words, "height").map_err(err)?;
                if !(1..=7).contains(&height) {
                    return Err(err(format!("height {height} is outside 1..=7")));
                }
                let n: u8 = num(&words, "n").map_err(err)?;
                let pieces: usize = num(&words, "pieces").map_err(err)?;
                let nodes: u64 = num(&words, "nodes").map_err(err)?;
                let rows = matrix(height as usize, &mut i)?;
                let (key, drops) = read_pieces(&rows).map_err(err)?;
                let mut proofs = Vec::new();
                for w in &words {
                    if let Some(rest) = w.strip_prefix("none@") {
                        let (h, nodes) = rest
                            .split_once('=')
                            .and_then(|(h, n)| Some((h.parse().ok()?, n.parse().ok()?)))
                            .ok_or_else(|| err(format!("bad proof record `{w}`")))?;
                        proofs.push(Proof { height: h, nodes });
                    }
                }
                let e = EmitterText {
                    key,
                    height,
                    fillers: drops.iter().map(|d| d.0).collect(),
                    proofs,
                    nodes,
                    line: lineno,
                };
                let declared: Vec<String> = e.triples().iter().map(u8::to_string).collect();
                if field(&words, "triples").map_err(err)? != declared.join(",") {
                    return Err(err(format!(
                        "`triples=` does not match the drawn triples {}",
                        declared.join(",")
                    )));
                }
                if e.n() != n || key.count_ones() != 3 * u32::from(n) {
                    return Err(err(format!(
                        "n={n} but the bottom row holds {} `A` cells",
                        key.count_ones()
                    )));
                }
                if e.pieces() != pieces {
                    return Err(err(format!("pieces={pieces} but {} are drawn", e.pieces())));
                }
                let expected: Vec<u8> = drops.iter().map(|d| d.1).collect();
                verify_emitter(key, height, &e.fillers, &expected).map_err(err)?;
                out.emitters.push(e);
            }
            "platform" => {
                let centre: u8 = num(&words, "centre").map_err(err)?;
                let nodes: u64 = num(&words, "nodes").map_err(err)?;
                let rows = matrix(4, &mut i)?;
                // The T2 is drawn as `A` in the bottom two rows; read it separately.
                let mut plain: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
                let a_count = plain.iter().map(|r| r.matches('A').count()).sum::<usize>();
                if !(1..=19).contains(&centre)
                    || a_count != 4
                    || &plain[3].as_bytes()[centre as usize - 1..=centre as usize + 1] != b"AAA"
                    || plain[2].as_bytes()[centre as usize] != b'A'
                {
                    return Err(err(format!(
                        "the `A` cells are not a T2 with its bar centred on column {centre}"
                    )));
                }
                for r in &mut plain {
                    *r = r.replace('A', ".");
                }
                let refs: Vec<&str> = plain.iter().map(String::as_str).collect();
                let (_, drops) = read_pieces(&refs).map_err(err)?;
                let Some(((remove, _), rest)) = drops.split_last() else {
                    return Err(err("a platform needs a remove piece".into()));
                };
                let t2 = mv(2, centre - 1);
                let mut add = vec![t2];
                add.extend(rest.iter().map(|d| d.0));
                let expected: Vec<u8> = drops.iter().map(|d| d.1).collect();
                let p = PlatformText {
                    centre,
                    add,
                    remove: *remove,
                    nodes,
                    line: lineno,
                };
                if field(&words, "remove").map_err(err)?
                    != format!("{}@{}", p.remove.shape, p.remove.x)
                {
                    return Err(err(format!(
                        "`remove=` does not match the last piece drawn ({})",
                        p.remove
                    )));
                }
                verify_platform(&p, &expected).map_err(err)?;
                out.platforms.push(p);
            }
            "no-platform" => {
                let centre: u8 = num(&words, "centre").map_err(err)?;
                let nodes: u64 = num(&words, "none@4").map_err(err)?;
                out.no_platforms.push(NoPlatform {
                    centre,
                    nodes,
                    line: lineno,
                });
            }
            "strip" => {
                let width: u8 = num(&words, "width").map_err(err)?;
                let height: u8 = num(&words, "height").map_err(err)?;
                let pieces: usize = num(&words, "pieces").map_err(err)?;
                let nodes: u64 = num(&words, "nodes").map_err(err)?;
                if !(1..=16).contains(&width) || !(1..=7).contains(&height) {
                    return Err(err(format!(
                        "strip {width}x{height} is outside 1..=16 columns, 1..=7 rows"
                    )));
                }
                let side = match field(&words, "side") {
                    Err(_) => StripSide::Inner,
                    Ok("left") => StripSide::Left,
                    Ok("right") => StripSide::Right,
                    Ok(other) => {
                        return Err(err(format!(
                            "`side={other}`: a strip's side is `left` or `right`"
                        )))
                    }
                };
                let rows = matrix(height as usize + 1, &mut i)?;
                if let Some(r) = rows.iter().find(|r| r.len() != width as usize) {
                    return Err(err(format!(
                        "strip row `{r}` is not {width} characters wide"
                    )));
                }
                let (support_row, matrix_rows) = rows.split_last().expect("height ≥ 1");
                // At most 16 columns wide (checked above).
                let support = support_mask(support_row).map_err(err)? as u16;
                let padded: Vec<String> = matrix_rows.iter().map(|r| format!("{r:.<21}")).collect();
                let refs: Vec<&str> = padded.iter().map(String::as_str).collect();
                let (bottom, drops) = read_pieces(&refs).map_err(err)?;
                let s = StripText {
                    width,
                    height,
                    side,
                    bottom: bottom as u16,
                    support,
                    fillers: drops.iter().map(|d| d.0).collect(),
                    nodes,
                    line: lineno,
                };
                drawn(pieces, s.fillers.len()).map_err(err)?;
                let expected: Vec<u8> = drops.iter().map(|d| d.1).collect();
                verify_strip(&s, &expected).map_err(err)?;
                out.strips.push(s);
            }
            "wide" => {
                let height: u8 = num(&words, "height").map_err(err)?;
                let pieces: usize = num(&words, "pieces").map_err(err)?;
                let nodes: u64 = num(&words, "nodes").map_err(err)?;
                if !(1..=7).contains(&height) {
                    return Err(err(format!("height {height} is outside 1..=7")));
                }
                let rows = matrix(height as usize + 1, &mut i)?;
                let (support_row, matrix_rows) = rows.split_last().expect("height ≥ 1");
                if support_row.len() != WIDTH {
                    return Err(err(format!(
                        "support row `{support_row}` is not 21 characters wide"
                    )));
                }
                let support = support_mask(support_row).map_err(err)?;
                let (bottom, drops) = read_pieces(matrix_rows).map_err(err)?;
                let w = WideText {
                    height,
                    bottom,
                    support,
                    fillers: drops.iter().map(|d| d.0).collect(),
                    nodes,
                    line: lineno,
                };
                drawn(pieces, w.fillers.len()).map_err(err)?;
                let expected: Vec<u8> = drops.iter().map(|d| d.1).collect();
                verify_wide(&w, &expected).map_err(err)?;
                out.wides.push(w);
            }
            other => return Err(err(format!("unknown record `{other}`"))),
        }
    }
    Ok(out)
}

/// Plays `drops` on `f`, checking that each lands on its matrix row `expected[i]`
/// (matrix row 0 = field row `base`) given the rows cleared so far.
fn play_expecting(
    f: &mut Playfield,
    base: usize,
    drops: &[Move],
    expected: &[u8],
) -> Result<(), String> {
    let mut cleared = 0usize;
    for (i, (&m, &want)) in drops.iter().zip(expected).enumerate() {
        let letter = LETTERS.as_bytes()[i] as char;
        let l = f
            .drop_piece(m)
            .map_err(|e| format!("piece `{letter}` ({m}): {e}"))?;
        let want_y = base + want as usize - cleared;
        if l.y != want_y {
            return Err(format!(
                "piece `{letter}` ({m}) lands on field row {} instead of {want_y}: it is not supported where it is drawn",
                l.y
            ));
        }
        cleared += l.lines();
    }
    Ok(())
}

/// Checks an emitter by simulation, once with every triple a J, once a T, once an L:
/// on an empty field the triples emit on row 0, every filler lands where drawn
/// (`expected` bottom rows, or any when empty), and only the emitted squares remain.
pub fn verify_emitter(
    key: u32,
    height: u8,
    fillers: &[Move],
    expected: &[u8],
) -> Result<(), String> {
    let triples = triples_of(key);
    if triples.iter().fold(0, |m, &s| m | triple_mask(s)) != key {
        return Err("the `A` cells are not a row of separate 3-wide triples".into());
    }
    let cells = 21 * height as usize + triples.len();
    if cells != 4 * (triples.len() + fillers.len()) {
        return Err(format!(
            "{height} rows and {} triples need {} pieces, not {}",
            triples.len(),
            cells / 4,
            triples.len() + fillers.len()
        ));
    }
    let expected: Vec<u8> = if expected.is_empty() {
        matrix_rows(start_of(key), fillers)
    } else {
        expected.to_vec()
    };
    for (rot_piece, offset) in [(4u8, 2u8), (0, 1), (8, 0)] {
        let mut f = Playfield::new();
        let mut emitted = 0u32;
        for &s in &triples {
            let m = mv(rot_piece, s);
            let l = f.drop_piece(m).map_err(|e| e.to_string())?;
            if l.y != 0 {
                return Err(format!("triple {m} does not rest on the floor"));
            }
            emitted |= 1 << (s + offset);
        }
        play_expecting(&mut f, 1, fillers, &expected)?;
        if f.row(0) != emitted || f.stack_height() != 1 {
            return Err(format!(
                "after the pattern the field is not just the emitted squares (with {}):\n{f:?}",
                Shape::from_index(usize::from(rot_piece))
                    .map(|s| s.piece())
                    .expect("J, T or L")
            ));
        }
    }
    Ok(())
}

/// Checks a strip by simulation as the last part of its matrix: the columns right of
/// it are full walls (so rows clear as soon as the strip completes them), the
/// emission row holds just `support`. Every filler lands where drawn (`expected`
/// bottom rows, or any when empty), inside the strip, and the matrix clears
/// completely, leaving the emission row as it was.
pub fn verify_strip(s: &StripText, expected: &[u8]) -> Result<(), String> {
    let w = s.width as usize;
    let cells = w * s.height as usize;
    if s.fillers.len() * 4 + s.bottom.count_ones() as usize != cells {
        return Err(format!(
            "{} pieces and {} bottom cells do not fill {cells} cells",
            s.fillers.len(),
            s.bottom.count_ones()
        ));
    }
    if let Some(m) = s
        .fillers
        .iter()
        .find(|m| (m.x + m.shape.data().width) as usize > w)
    {
        return Err(format!("piece {m} sticks out of the strip"));
    }
    if s.fillers.is_empty() {
        return Ok(()); // a bottom row the emitters fill alone
    }
    let expected: Vec<u8> = if expected.is_empty() {
        matrix_rows(start_of(u32::from(s.bottom)), &s.fillers)
    } else {
        expected.to_vec()
    };
    // A bottom row the emitters fill has cleared before the first filler falls.
    let full_bottom = s.bottom.count_ones() as usize == w;
    let lowest = 1 + usize::from(full_bottom);
    let mut f = Playfield::new();
    let mark = Some(crate::piece::Piece::O);
    for x in 0..WIDTH {
        if x < w {
            if s.support >> x & 1 != 0 {
                f.set(x, 0, mark);
            }
            if s.bottom >> x & 1 != 0 && !full_bottom {
                f.set(x, 1, mark);
            }
        } else {
            for y in lowest..=s.height as usize {
                f.set(x, y + 1 - lowest, mark);
            }
        }
    }
    play_expecting(&mut f, 2 - lowest, &s.fillers, &expected)?;
    if f.row(0) != u32::from(s.support) || f.stack_height() > 1 {
        return Err(format!("the strip does not clear completely:\n{f:?}"));
    }
    Ok(())
}

/// Checks a wide pattern by simulation: the emission row (field row 0) holds just
/// `support` (inside the sprite columns 2..=18), the matrix's bottom row just `bottom`;
/// every filler lands where drawn (`expected` bottom rows, or any when empty) and the
/// matrix clears completely, leaving the emission row as it was.
pub fn verify_wide(w: &WideText, expected: &[u8]) -> Result<(), String> {
    let cells = WIDTH * w.height as usize;
    if w.fillers.len() * 4 + w.bottom.count_ones() as usize != cells {
        return Err(format!(
            "{} pieces and {} bottom cells do not fill {cells} cells",
            w.fillers.len(),
            w.bottom.count_ones()
        ));
    }
    if w.support & !WIDE_SUPPORT != 0 {
        return Err("support outside the sprite columns 2..=18".into());
    }
    if w.bottom == 0 || w.bottom.count_ones() as usize == WIDTH {
        return Err("a wide pattern's bottom row is neither empty nor full".into());
    }
    let expected: Vec<u8> = if expected.is_empty() {
        matrix_rows(start_of(w.bottom), &w.fillers)
    } else {
        expected.to_vec()
    };
    let mut f = Playfield::new();
    let mark = Some(crate::piece::Piece::O);
    for x in 0..WIDTH {
        if w.support >> x & 1 != 0 {
            f.set(x, 0, mark);
        }
        if w.bottom >> x & 1 != 0 {
            f.set(x, 1, mark);
        }
    }
    play_expecting(&mut f, 1, &w.fillers, &expected)?;
    if f.row(0) != w.support || f.stack_height() > 1 {
        return Err(format!("the matrix does not clear completely:\n{f:?}"));
    }
    Ok(())
}

/// Checks a platform by simulation on a single square at the bar's centre: the add
/// part lands where drawn and leaves 3 rows with only the remove piece's cells free
/// and the sprite columns 2..=18 of the top row filled; the remove piece clears them.
pub fn verify_platform(p: &PlatformText, expected: &[u8]) -> Result<(), String> {
    if p.add.first() != Some(&mv(2, p.centre.wrapping_sub(1))) {
        return Err("a platform starts with a T2 centred on its column".into());
    }
    if p.add.len() + 1 != 21 {
        return Err(format!("a platform has 21 pieces, not {}", p.add.len() + 1));
    }
    let mut f = Playfield::new();
    f.set(p.centre as usize, 0, Some(crate::piece::Piece::O));
    let t = f.drop_piece(p.add[0]).map_err(|e| e.to_string())?;
    if t.y != 1 {
        return Err("the T2 does not rest on the square below".into());
    }
    let mut all: Vec<Move> = p.add[1..].to_vec();
    all.push(p.remove);
    let (add_rows, remove_row) = if expected.is_empty() {
        let mut start = [0u8; WIDTH];
        start[p.centre as usize - 1..=p.centre as usize + 1].copy_from_slice(&[1, 2, 1]);
        let r = matrix_rows(start, &all);
        (r[..r.len() - 1].to_vec(), r[r.len() - 1])
    } else {
        (
            expected[..expected.len() - 1].to_vec(),
            expected[expected.len() - 1],
        )
    };
    play_expecting(&mut f, 1, &p.add[1..], &add_rows)?;
    let sprite_cols = ((1u32 << 17) - 1) << 2;
    if f.stack_height() != 4 || f.row(3) & sprite_cols != sprite_cols {
        return Err(format!(
            "after the add part the platform is not 3 rows with a full top:\n{f:?}"
        ));
    }
    // Emitted squares on top (row 4) must not stop the remove piece.
    for x in 2..=18 {
        f.set(x, 4, Some(crate::piece::Piece::T));
    }
    let l = f.drop_piece(p.remove).map_err(|e| e.to_string())?;
    if l.y != 1 + remove_row as usize - 1 || l.lines() != 3 {
        return Err(format!(
            "the remove piece {} does not clear the platform:\n{f:?}",
            p.remove
        ));
    }
    if f.row(1) != sprite_cols || f.row(0) != 1 << p.centre || f.stack_height() != 2 {
        return Err(format!("the platform leaves cells behind:\n{f:?}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `letter_index` is `LETTERS.find`, for every ASCII character and a few others.
    #[test]
    fn letter_index_is_the_position_in_letters() {
        for c in (0..=127u8)
            .map(char::from)
            .chain(['é', 'Ａ', 'ß', '\u{10FFFF}'])
        {
            assert_eq!(letter_index(c), LETTERS.find(c), "{c:?}");
        }
    }
}
