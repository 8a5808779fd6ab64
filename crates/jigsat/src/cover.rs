//! The exact-cover instance: the spine every engine reads.
//!
//! Items are the things to be covered — each board cell, and each distinct
//! piece — and options are placements, each covering its cells and its
//! piece. Every item carries a multiplicity range (Knuth's generalization in
//! Algorithm M): a cell is covered exactly once (`1..1`, exact fill) or at
//! most once (`0..1`, holes allowed); a piece is used `count.min..count.max`
//! times. Identical copies therefore share one item and are *counted*, never
//! labelled: labelling 25 identical Y-pieces would multiply every solution
//! by 25! and drown the solver in symmetric copies.

/// What an item stands for, so that an engine's answer can be read back
/// as cells and pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// A board cell, by board index.
    Cell(u32),
    /// A distinct piece (or tile), by the family's piece index.
    Piece(usize),
    /// An inner edge of an edge-matching board (the plain secondary items
    /// of [`Cover::for_dlx`]).
    Edge(u32),
    /// A grid point of a sticks board where at most one piece may run
    /// straight through (pieces touch there but never cross), by its index
    /// among the board's [`crate::geometry::Board::crossings`].
    Crossing(u32),
}

/// One thing to be covered, with how many times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The cell, piece or edge it stands for.
    pub kind: ItemKind,
    /// How many chosen options must cover this item: `min..=max`.
    pub min: u32,
    /// The upper bound: 1 for a cell or an edge, the most copies a piece
    /// may use.
    pub max: u32,
    /// The bounds follow from the other items' bounds and the areas (for
    /// example 25 Y-pieces of 5 cells exactly filling 125 cells), so an
    /// encoder may leave them out.
    pub implied: bool,
}

/// A colour an option gives one inner edge of an edge-matching board
/// (Knuth's secondary items with colours, Algorithm C).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EdgeColour {
    /// Index of the inner edge.
    pub edge: u32,
    /// The colour (a label number) this option needs the edge to have.
    pub colour: u32,
    /// The option lies on the edge's first side (left of it, or above).
    pub first: bool,
}

/// An exact-cover instance: items to cover, options covering them. Every
/// engine and encoder reads a puzzle through one of these.
#[derive(Clone, Debug)]
pub struct Cover {
    /// The items, by index: the options name them by it.
    pub items: Vec<Item>,
    /// Option `i` is placement `i`; it lists the items it covers.
    pub options: Vec<Vec<u32>>,
    /// Per option, the colours it gives to coloured secondary items (the
    /// inner edges of an edge-matching puzzle): two options are compatible
    /// only when they agree on every edge both colour. Empty lists for
    /// packing puzzles, whose encoders and engines never look here.
    pub colours: Vec<Vec<EdgeColour>>,
    /// The number of coloured secondary items.
    pub edges: usize,
    /// What each piece item is called in sentences (`piece Y`, `tile 3`),
    /// by the index in [`ItemKind::Piece`].
    pub piece_labels: Vec<String>,
}

impl Cover {
    /// Whether every cell item must be covered (no holes allowed).
    pub fn exact_fill(&self) -> bool {
        self.items
            .iter()
            .all(|i| !matches!(i.kind, ItemKind::Cell(_)) || i.min == 1)
    }

    /// How many pieces a solution places at most: the sum of the piece
    /// items' upper bounds.
    pub fn max_pieces_placed(&self) -> u64 {
        self.items
            .iter()
            .filter(|i| matches!(i.kind, ItemKind::Piece(_)))
            .map(|i| u64::from(i.max))
            .sum()
    }

    /// Whether it has coloured edges (an edge-matching puzzle), which
    /// the encoders and engines must then honour.
    pub fn has_colours(&self) -> bool {
        self.edges > 0
    }

    /// The board cell option `o` fills (its cell item), if it fills one.
    pub fn option_cell(&self, o: usize) -> Option<u32> {
        self.options[o]
            .iter()
            .find_map(|&i| match self.items[i as usize].kind {
                ItemKind::Cell(c) => Some(c),
                _ => None,
            })
    }

    /// Per coloured edge, the cells on its first and second side
    /// (`u32::MAX` where no option touches that side); `None` when the
    /// options on one side of an edge fill two different cells, which no
    /// board of tiles does.
    pub fn edge_cells(&self) -> Option<Vec<[u32; 2]>> {
        let mut ends = vec![[u32::MAX; 2]; self.edges];
        for (o, colours) in self.colours.iter().enumerate() {
            let Some(cell) = self.option_cell(o) else {
                continue;
            };
            for c in colours {
                let end = &mut ends[c.edge as usize][usize::from(!c.first)];
                if *end != u32::MAX && *end != cell {
                    return None;
                }
                *end = cell;
            }
        }
        Some(ends)
    }

    /// The same instance with colours turned into plain secondary items,
    /// for an exact-cover engine without colour support. For an edge `e`
    /// and each colour `x` it can take there is a secondary item `(e, x)`:
    /// an option on the edge's first side with colour `a` covers `(e, x)`
    /// for every `x != a`, an option on the second side with colour `b`
    /// covers `(e, b)`. They clash exactly when `a != b`; options on the
    /// same side never meet, as each position takes one tile.
    pub fn for_dlx(&self) -> std::borrow::Cow<'_, Cover> {
        if !self.has_colours() {
            return std::borrow::Cow::Borrowed(self);
        }
        let mut domain: Vec<Vec<u32>> = vec![Vec::new(); self.edges];
        for c in self.colours.iter().flatten() {
            domain[c.edge as usize].push(c.colour);
        }
        let mut items = self.items.clone();
        let mut first_item = Vec::with_capacity(self.edges);
        for (e, d) in domain.iter_mut().enumerate() {
            d.sort_unstable();
            d.dedup();
            first_item.push(items.len() as u32);
            items.extend(d.iter().map(|_| Item {
                kind: ItemKind::Edge(e as u32),
                min: 0,
                max: 1,
                implied: false,
            }));
        }
        let options = self
            .options
            .iter()
            .zip(&self.colours)
            .map(|(covered, colours)| {
                let mut out = covered.clone();
                for c in colours {
                    let d = &domain[c.edge as usize];
                    let base = first_item[c.edge as usize];
                    let k = d.binary_search(&c.colour).expect("in the domain") as u32;
                    if c.first {
                        out.extend((0..d.len() as u32).filter(|&x| x != k).map(|x| base + x));
                    } else {
                        out.push(base + k);
                    }
                }
                out
            })
            .collect();
        std::borrow::Cow::Owned(Cover {
            items,
            colours: vec![Vec::new(); self.options.len()],
            options,
            edges: 0,
            piece_labels: self.piece_labels.clone(),
        })
    }

    /// For each item, the options that cover it.
    pub fn options_by_item(&self) -> Vec<Vec<u32>> {
        let mut by_item = vec![Vec::new(); self.items.len()];
        for (o, covered) in self.options.iter().enumerate() {
            for &i in covered {
                by_item[i as usize].push(o as u32);
            }
        }
        by_item
    }
}
