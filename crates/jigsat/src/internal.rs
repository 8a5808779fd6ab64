//! The parts behind [`crate::api`] that the integration tests, the
//! examples that time the engines and the encoder's benchmark reach: they
//! test and time the steps inside (an encoding, an engine, a checker)
//! one by one, which no user of the library calls.
//!
//! Not an interface: hidden from the documentation, free to change with
//! any release. The `jigsat` binary uses none of it — the command line is
//! built on [`crate::api`] alone. Every other item of the library is
//! private to it, so the compiler reports what nothing uses; an item joins
//! this list only when a test needs it.

pub use crate::encode::{Card, Cnf, EdgeEncoding, Encoding, Lit, Var};
pub use crate::error::Error;
pub use crate::family::boxes::OrderInstance;
pub use crate::family::packing::Placements;
pub use crate::instance::Instance;
pub use crate::options::{Model, Options, SolverChoice};
pub use crate::pipeline::{enumerate, solve};
pub use crate::puzzle::Puzzle;
pub use crate::report::Status;
pub use crate::solution::{Solution, check};
pub use crate::solve::{Outcome, SatSolver};
pub mod certify {
    pub mod breaking {
        pub use crate::certify::breaking::{justify, placements};
    }
    pub mod colouring {
        pub use crate::certify::colouring::witness;
    }
    pub mod count {
        pub use crate::certify::count::certify;
    }
    pub mod directory {
        pub use crate::certify::directory::{PROOF, check, write};
    }
}
pub mod clean {
    pub use crate::clean::message;
}
pub mod cover {
    pub use crate::cover::{Cover, Item, ItemKind};
}
pub mod disasm {
    pub use crate::disasm::{Disassembly, Outcome, choose_image, disassemble, refuse, unit};
}
pub mod encode {
    pub use crate::encode::{Card, Cnf, EdgeEncoding, Encoding, Lit, Var, encode_with, size};
    pub mod amo {
        pub use crate::encode::amo::{
            AtMostOne, Bimander, Binary, Commander, Ladder, Pairwise, Product, Sequential,
        };
    }
    pub mod card {
        pub use crate::encode::card::{Cardinality, SequentialCounter, Totalizer};
    }
}
pub mod enumerate {
    pub use crate::enumerate::Listing;
}
pub mod error {
    pub use crate::error::{Error, Result};
}
pub mod exact {
    pub use crate::exact::rowscan::fewest::Fewest;
    pub use crate::exact::{
        ExactEngine, FirstCell, RowScan, Search, enumerate, enumerate_parallel, split,
    };
    pub mod bitx {
        pub use crate::exact::bitx::BitX;
    }
    pub mod dlx {
        pub use crate::exact::dlx::Dlx;
    }
}
pub mod family {
    pub mod boxes {
        pub use crate::family::boxes::OrderInstance;
        pub mod encoding {
            pub use crate::family::boxes::encoding::{Cumulative, OrderModel, OrderOptions};
        }
    }
    pub mod packing {
        pub mod placement {
            pub use crate::family::packing::placement::footprint;
        }
    }
}
pub mod generate {
    pub use crate::generate::edges;
}
pub mod geometry {
    pub use crate::geometry::{Cell, Lattice};
}
pub mod input {
    pub use crate::input::{open, read};
}
pub mod instance {
    pub use crate::instance::Instance;
}
pub mod jobs {
    pub use crate::jobs::merge;
    pub mod files {
        pub use crate::jobs::files::{
            CheckpointFile, JobFile, PartResult, PlanFile, ResultFile, job_path, read, write,
        };
    }
    pub mod run {
        pub use crate::jobs::run::{Cut, cut};
    }
    pub mod scripts {
        pub use crate::jobs::scripts::{parallel, sbatch};
    }
    pub mod trust {
        pub use crate::jobs::trust::{part_digest, seal};
    }
}
pub mod options {
    pub use crate::options::{Model, Options, SolverChoice};
}
pub mod pipeline {
    pub use crate::pipeline::{enumerate, solve};
}
pub mod process {
    pub mod budget {
        pub use crate::process::budget::limit;
    }
    pub mod files {
        pub use crate::process::files::reading;
    }
}
pub mod puzzle {
    pub use crate::puzzle::{Fill, Piece, Puzzle};
    pub mod burrtools {
        pub use crate::puzzle::burrtools::read;
    }
    pub mod write {
        pub use crate::puzzle::write::Stored;
    }
}
pub mod render {
    pub mod html {
        pub use crate::render::html::document;
    }
    pub mod json {
        pub use crate::render::json::document;
    }
    pub mod palette {
        pub use crate::render::palette::{colours, difference, touching};
    }
    pub mod stl {
        pub use crate::render::stl::{assembly, file, surface};
    }
    pub mod svg {
        pub use crate::render::svg::{document, solution_document, tiles_document};
        pub mod tile {
            pub use crate::render::svg::tile::TileView;
        }
    }
    pub mod table {
        pub use crate::render::table::render;
    }
}
pub mod report {
    pub use crate::report::{Status, ms};
}
pub mod solution {
    pub use crate::solution::{PlacedPiece, Solution, stored};
}
pub mod solve {
    pub use crate::solve::{Backend, Outcome, SatSolver};
    pub mod dimacs {
        pub use crate::solve::dimacs::write;
    }
    pub mod model {
        pub use crate::solve::model::{SolverOutput, assignment, parse};
    }
}
pub mod tally {
    pub use crate::tally::beyond_u64;
}
pub mod tree {
    pub use crate::tree::estimate;
}
