//! The seven tetrominoes and their nineteen orientations.
//!
//! One table of shapes ([`SHAPE_ROWS`], drawn exactly as docs/spec.md §2 draws them) is the
//! single source of truth; cells, widths, heights and the top and bottom profiles are
//! derived from it at compile time.

use core::fmt;

/// A tetromino type. The discriminants follow the order of docs/spec.md §2.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// The T: prints sprite colour 1.
    T = 0,
    /// The J: prints sprite colour 0.
    J = 1,
    /// The L: prints sprite colour 2.
    L = 2,
    /// The S.
    S = 3,
    /// The Z.
    Z = 4,
    /// The I (4 in a line).
    I = 5,
    /// The O (2 × 2).
    O = 6,
}

impl Piece {
    /// Every piece, in discriminant order.
    pub const ALL: [Piece; 7] = [
        Piece::T,
        Piece::J,
        Piece::L,
        Piece::S,
        Piece::Z,
        Piece::I,
        Piece::O,
    ];

    /// The letter used in move files.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Piece::T => 'T',
            Piece::J => 'J',
            Piece::L => 'L',
            Piece::S => 'S',
            Piece::Z => 'Z',
            Piece::I => 'I',
            Piece::O => 'O',
        }
    }

    /// The piece named by `c` (upper case only).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Piece> {
        Some(match c {
            'T' => Piece::T,
            'J' => Piece::J,
            'L' => Piece::L,
            'S' => Piece::S,
            'Z' => Piece::Z,
            'I' => Piece::I,
            'O' => Piece::O,
            _ => return None,
        })
    }

    /// How many distinct orientations the piece has (4, 2 or 1).
    #[must_use]
    pub const fn orientations(self) -> usize {
        match self {
            Piece::T | Piece::J | Piece::L => 4,
            Piece::S | Piece::Z | Piece::I => 2,
            Piece::O => 1,
        }
    }

    /// Index in [`Shape::ALL`] of this piece's orientation 0.
    const fn first_shape(self) -> usize {
        match self {
            Piece::T => 0,
            Piece::J => 4,
            Piece::L => 8,
            Piece::S => 12,
            Piece::Z => 14,
            Piece::I => 16,
            Piece::O => 18,
        }
    }

    /// The piece that prints sprite colour `color` (0 → J, 1 → T, 2 → L; docs/spec.md §3).
    #[must_use]
    pub const fn for_color(color: u8) -> Piece {
        match color {
            0 => Piece::J,
            1 => Piece::T,
            _ => Piece::L,
        }
    }

    /// The sprite colour this piece prints, if it is J, T or L.
    #[must_use]
    pub const fn color(self) -> Option<u8> {
        match self {
            Piece::J => Some(0),
            Piece::T => Some(1),
            Piece::L => Some(2),
            _ => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The 19 orientations drawn as in docs/spec.md §2, rows top to bottom, `#` = cell.
/// Within a piece, each next orientation is one clockwise quarter turn.
pub const SHAPE_ROWS: [&[&str]; 19] = [
    &["###", ".#."],       // T0
    &[".#", "##", ".#"],   // T1
    &[".#.", "###"],       // T2
    &["#.", "##", "#."],   // T3
    &["###", "..#"],       // J0
    &[".#", ".#", "##"],   // J1
    &["#..", "###"],       // J2
    &["##", "#.", "#."],   // J3
    &["###", "#.."],       // L0
    &["##", ".#", ".#"],   // L1
    &["..#", "###"],       // L2
    &["#.", "#.", "##"],   // L3
    &[".##", "##."],       // S0
    &["#.", "##", ".#"],   // S1
    &["##.", ".##"],       // Z0
    &[".#", "##", "#."],   // Z1
    &["####"],             // I0
    &["#", "#", "#", "#"], // I1
    &["##", "##"],         // O0
];

/// Everything derived from one drawing in `SHAPE_ROWS` (the drawings of docs/spec.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapeData {
    /// Cells as `(dx, dy)`, `dy` counted up from the bottom of the bounding box.
    pub cells: [(u8, u8); 4],
    /// Bounding-box width.
    pub width: u8,
    /// Bounding-box height.
    pub height: u8,
    /// Per column: the lowest cell's `dy` (only the first `width` entries are used).
    pub bottom: [u8; 4],
    /// Per column: one above the highest cell's `dy`.
    pub top: [u8; 4],
}

const fn derive(rows: &[&str]) -> ShapeData {
    let height = rows.len();
    let width = rows[0].len();
    let mut cells = [(0u8, 0u8); 4];
    let mut bottom = [u8::MAX; 4];
    let mut top = [0u8; 4];
    let mut n = 0;
    let mut r = 0;
    while r < height {
        let bytes = rows[r].as_bytes();
        assert!(bytes.len() == width, "ragged shape drawing");
        let dy = (height - 1 - r) as u8;
        let mut dx = 0;
        while dx < width {
            if bytes[dx] == b'#' {
                assert!(n < 4, "a shape has more than 4 cells");
                cells[n] = (dx as u8, dy);
                if dy < bottom[dx] {
                    bottom[dx] = dy;
                }
                if dy + 1 > top[dx] {
                    top[dx] = dy + 1;
                }
                n += 1;
            }
            dx += 1;
        }
        r += 1;
    }
    assert!(n == 4, "a shape has fewer than 4 cells");
    ShapeData {
        cells,
        width: width as u8,
        height: height as u8,
        bottom,
        top,
    }
}

const fn derive_all() -> [ShapeData; 19] {
    let mut out = [derive(SHAPE_ROWS[0]); 19];
    let mut i = 1;
    while i < 19 {
        out[i] = derive(SHAPE_ROWS[i]);
        i += 1;
    }
    out
}

/// The derived data of every orientation, indexed by [`Shape::index`].
pub static SHAPES: [ShapeData; 19] = derive_all();

/// Each orientation's cells as a mask of its bounding box, bit `4·dy + dx` per cell
/// (every shape fits a 4×4 box), indexed by [`Shape::index`]: [`Shape::from_cells`]
/// compares masks.
const CELL_MASKS: [u16; 19] = {
    let shapes = derive_all();
    let mut masks = [0u16; 19];
    let mut i = 0;
    while i < 19 {
        let mut j = 0;
        while j < 4 {
            let (x, y) = shapes[i].cells[j];
            masks[i] |= 1 << (4 * y + x);
            j += 1;
        }
        i += 1;
    }
    masks
};

/// One orientation of one piece (19 in all), shown as its letter and orientation index:
/// `J0`. [`Debug`](fmt::Debug) shows the same.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape(u8);

const fn piece_of(index: u8) -> Piece {
    match index {
        0..=3 => Piece::T,
        4..=7 => Piece::J,
        8..=11 => Piece::L,
        12..=13 => Piece::S,
        14..=15 => Piece::Z,
        16..=17 => Piece::I,
        _ => Piece::O,
    }
}

impl Shape {
    /// Number of orientations of all pieces together.
    pub const COUNT: usize = 19;

    /// Every orientation, in index order.
    pub const ALL: [Shape; 19] = {
        let mut all = [Shape(0); 19];
        let mut i = 0;
        while i < 19 {
            all[i] = Shape(i as u8);
            i += 1;
        }
        all
    };

    /// The orientation `rotation` (0 = spawn, each next one a clockwise turn) of `piece`.
    #[must_use]
    pub const fn new(piece: Piece, rotation: usize) -> Option<Shape> {
        if rotation < piece.orientations() {
            // Below 19, so it fits the byte.
            Some(Shape((piece.first_shape() + rotation) as u8))
        } else {
            None
        }
    }

    /// The shape with this index in [`Shape::ALL`].
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Shape> {
        if index < Self::COUNT {
            // Below 19, so it fits the byte.
            Some(Shape(index as u8))
        } else {
            None
        }
    }

    /// Index 0..19 in [`Shape::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The piece this is an orientation of.
    #[must_use]
    pub const fn piece(self) -> Piece {
        piece_of(self.0)
    }

    /// 0 = spawn orientation; each next index is a clockwise quarter turn.
    #[must_use]
    pub const fn rotation(self) -> usize {
        self.index() - self.piece().first_shape()
    }

    /// Its cells, size and profiles.
    #[must_use]
    pub const fn data(self) -> &'static ShapeData {
        &SHAPES[self.0 as usize]
    }

    /// Width of its bounding box in cells.
    #[must_use]
    pub const fn width(self) -> usize {
        self.data().width as usize
    }

    /// Height of its bounding box in cells.
    #[must_use]
    pub const fn height(self) -> usize {
        self.data().height as usize
    }

    /// The shape turned a quarter clockwise.
    #[must_use]
    pub const fn clockwise(self) -> Shape {
        let p = self.piece();
        // Below 19, so it fits the byte.
        Shape((p.first_shape() + (self.rotation() + 1) % p.orientations()) as u8)
    }

    /// The mirror image (left–right) of this shape.
    #[must_use]
    pub fn mirrored(self) -> Shape {
        let d = self.data();
        let cells = d
            .cells
            .map(|(x, y)| (usize::from(d.width - 1 - x), usize::from(y)));
        Shape::from_cells(&cells)
            .expect("every tetromino's mirror image is a tetromino")
            .0
    }

    /// The shape whose four cells are `cells` (at any offset), with the left column and
    /// bottom row of its bounding box; `None` if they are not a tetromino.
    #[must_use]
    pub fn from_cells(cells: &[(usize, usize)]) -> Option<(Shape, usize, usize)> {
        let [a, b, c, d] = *cells else { return None };
        let minx = a.0.min(b.0).min(c.0).min(d.0);
        let miny = a.1.min(b.1).min(c.1).min(d.1);
        // The cells as a mask of the 4×4 box at (minx, miny), as `CELL_MASKS` holds each
        // shape's: four distinct cells there match one shape's mask exactly, a repeated
        // cell leaves fewer than four bits, and a cell outside the box fits no shape.
        let mut mask = 0u16;
        for (x, y) in [a, b, c, d] {
            let (dx, dy) = (x - minx, y - miny);
            if dx >= 4 || dy >= 4 {
                return None;
            }
            mask |= 1 << (4 * dy + dx);
        }
        let mut i = 0;
        while i < Self::COUNT {
            if CELL_MASKS[i] == mask {
                return Some((Shape(i as u8), minx, miny));
            }
            i += 1;
        }
        None
    }

    /// Bit mask of the cells in row `dy` of the bounding box, bit `dx` set per cell.
    #[must_use]
    pub const fn row_mask(self, dy: usize) -> u32 {
        let d = self.data();
        let mut m = 0;
        let mut i = 0;
        while i < 4 {
            if d.cells[i].1 as usize == dy {
                m |= 1 << d.cells[i].0;
            }
            i += 1;
        }
        m
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.piece().letter(), self.rotation())
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normalized(mut cells: [(i8, i8); 4]) -> [(i8, i8); 4] {
        let minx = cells.iter().map(|c| c.0).min().unwrap();
        let miny = cells.iter().map(|c| c.1).min().unwrap();
        for c in &mut cells {
            c.0 -= minx;
            c.1 -= miny;
        }
        cells.sort_unstable();
        cells
    }

    fn cells_of(s: Shape) -> [(i8, i8); 4] {
        normalized(s.data().cells.map(|(x, y)| (x as i8, y as i8)))
    }

    #[test]
    fn nineteen_orientations_of_four_cells() {
        assert_eq!(Shape::ALL.len(), 19);
        let total: usize = Piece::ALL.iter().map(|p| p.orientations()).sum();
        assert_eq!(total, 19);
        for s in Shape::ALL {
            let d = s.data();
            let mut c = d.cells.to_vec();
            c.sort_unstable();
            c.dedup();
            assert_eq!(c.len(), 4, "{s} must have 4 distinct cells");
            assert_eq!(Shape::new(s.piece(), s.rotation()), Some(s));
        }
    }

    #[test]
    fn each_rotation_is_the_clockwise_turn_of_the_previous() {
        for s in Shape::ALL {
            // Clockwise quarter turn with y up: (x, y) -> (y, -x).
            let turned = normalized(s.data().cells.map(|(x, y)| (y as i8, -(x as i8))));
            assert_eq!(turned, cells_of(s.clockwise()), "{s} turned clockwise");
        }
    }

    #[test]
    fn distinct_orientations_are_distinct_shapes() {
        for a in Shape::ALL {
            for b in Shape::ALL {
                if a != b && a.piece() == b.piece() {
                    assert_ne!(cells_of(a), cells_of(b), "{a} and {b}");
                }
            }
        }
    }

    #[test]
    fn profiles_match_cells() {
        for s in Shape::ALL {
            let d = s.data();
            for dx in 0..d.width {
                let ys: Vec<u8> = d.cells.iter().filter(|c| c.0 == dx).map(|c| c.1).collect();
                assert!(!ys.is_empty(), "{s} has an empty column");
                assert_eq!(d.bottom[dx as usize], *ys.iter().min().unwrap());
                assert_eq!(d.top[dx as usize], ys.iter().max().unwrap() + 1);
                // Columns are contiguous: no piece has a hole in a column.
                assert_eq!(ys.len() as u8, d.top[dx as usize] - d.bottom[dx as usize]);
            }
        }
    }

    #[test]
    fn spawn_orientations_point_down() {
        // J0, T0, L0 protrude one cell below a three-wide bar: columns 2, 1, 0 of it.
        assert_eq!(Shape::new(Piece::J, 0).unwrap().row_mask(0), 0b100);
        assert_eq!(Shape::new(Piece::T, 0).unwrap().row_mask(0), 0b010);
        assert_eq!(Shape::new(Piece::L, 0).unwrap().row_mask(0), 0b001);
    }

    /// `from_cells` finds every shape from its cells in any order at any offset, with
    /// its box's left column and bottom row, and nothing from cells that are not four
    /// distinct cells of one tetromino.
    #[test]
    fn from_cells_finds_each_shape_and_nothing_else() {
        for s in Shape::ALL {
            let mut cells = s
                .data()
                .cells
                .map(|(x, y)| (usize::from(x) + 7, usize::from(y) + 3));
            cells.reverse();
            assert_eq!(Shape::from_cells(&cells), Some((s, 7, 3)), "{s}");
            // One cell moved onto another, or one row up and across.
            let mut twice = cells;
            twice[0] = twice[1];
            assert_eq!(Shape::from_cells(&twice), None, "{s} with a cell twice");
            let mut apart = cells;
            apart[0].0 += 4;
            assert_eq!(Shape::from_cells(&apart), None, "{s} with a cell apart");
        }
        // Four in a row and a square, far out; a 2×2 square's cells with one diagonal.
        let row = [(100, 50), (101, 50), (102, 50), (103, 50)];
        assert_eq!(Shape::from_cells(&row).map(|r| r.1), Some(100));
        assert_eq!(Shape::from_cells(&[(0, 0), (1, 1), (2, 2), (3, 3)]), None);
        assert_eq!(Shape::from_cells(&[(0, 0), (1, 0), (0, 1)]), None);
        assert_eq!(Shape::from_cells(&[]), None);
    }

    #[test]
    fn mirror_pairs() {
        let m = |p, r| Shape::new(p, r).unwrap().mirrored().to_string();
        assert_eq!(m(Piece::J, 0), "L0");
        assert_eq!(m(Piece::J, 3), "L1");
        assert_eq!(m(Piece::T, 1), "T3");
        assert_eq!(m(Piece::S, 0), "Z0");
        assert_eq!(m(Piece::S, 1), "Z1");
        assert_eq!(m(Piece::I, 1), "I1");
        for s in Shape::ALL {
            assert_eq!(s.mirrored().mirrored(), s);
        }
    }
}
