//! The parts behind [`crate::api`] that jigsat's own command line
//! (`src/main.rs`, `cli`, `commands`) and its integration tests reach.
//!
//! Not an interface: hidden from the documentation, free to change with
//! any release. Every other item of the library is private to it, so the
//! compiler reports what nothing uses; an item joins this list only when
//! the binary or a test needs it and the façade does not offer it yet.
//! Library users start at [`crate::api`].

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
    pub use crate::certify::{
        Answer, ProofFormat, Rejected, Until, check_file, check_input, dimacs_clauses,
        prove_to_file,
    };
    pub mod breaking {
        pub use crate::certify::breaking::{justify, placements};
    }
    pub mod colouring {
        pub use crate::certify::colouring::witness;
    }
    pub mod count {
        pub use crate::certify::count::{CountOutcome, certify};
    }
    pub mod directory {
        pub use crate::certify::directory::{Claim, Contents, PROOF, check, prepare, write};
    }
}
pub mod clean {
    pub use crate::clean::message;
}
pub mod cover {
    pub use crate::cover::{Cover, Item, ItemKind};
}
pub mod disasm {
    pub use crate::disasm::{
        Body, DIRECTIONS, Disassembly, Halt, Image, Limits, Outcome, Progress, Rule, bodies,
        choose_image, disassemble, refuse, unit,
    };
}
pub mod encode {
    pub use crate::encode::{
        Card, Cnf, EdgeEncoding, Encoded, Encoding, Lit, Var, encode_with, size,
    };
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
    pub use crate::enumerate::{Enumeration, Listing, Stopped, Want};
}
pub mod error {
    pub use crate::error::{Error, InputError, Result};
}
pub mod exact {
    pub use crate::exact::{
        ExactEngine, FirstCell, Meter, RowScan, Search, enumerate, enumerate_parallel, split,
    };
    pub mod bitx {
        pub use crate::exact::bitx::BitX;
    }
    pub mod dlx {
        pub use crate::exact::dlx::Dlx;
    }
    pub mod knuth {
        pub use crate::exact::knuth::Export;
    }
}
pub mod family {
    pub use crate::family::PartSize;
    pub mod boxes {
        pub use crate::family::boxes::OrderInstance;
        pub mod encoding {
            pub use crate::family::boxes::encoding::{Cumulative, OrderModel, OrderOptions};
        }
    }
    pub mod packing {
        pub use crate::family::packing::group_size_unbuilt;
        pub mod placement {
            pub use crate::family::packing::placement::{estimate, estimate_for, estimate_pieces};
        }
    }
    pub mod tiles {
        pub use crate::family::tiles::check_size;
    }
}
pub mod generate {
    pub use crate::generate::{EdgeSpec, edges};
}
pub mod geometry {
    pub use crate::geometry::Cell;
}
pub mod input {
    pub use crate::input::{open, read};
}
pub mod instance {
    pub use crate::instance::Instance;
}
pub mod jobs {
    pub use crate::jobs::{Merged, merge};
    pub mod files {
        pub use crate::jobs::files::{
            Checkpoint, JobFile, PartResult, PlanFile, PuzzleText, ResultFile, is_job, job_path,
            of_other_cuts, read, read_own, result_path, write,
        };
    }
    pub mod run {
        pub use crate::jobs::run::{
            Cut, FirstInPart, check_plan_puzzle, count_parts, cut, fingerprint_of, first_in_part,
        };
    }
    pub mod scripts {
        pub use crate::jobs::scripts::{parallel, sbatch};
    }
    pub mod trust {
        pub use crate::jobs::trust::{check_checkpoint, check_plan, part_digest, seal};
    }
}
pub mod options {
    pub use crate::options::{Model, Options, SolverChoice};
}
pub mod pipeline {
    pub use crate::pipeline::{enumerate, run_solver, solve};
}
pub mod portfolio {
    pub use crate::portfolio::solver_help;
}
pub mod process {
    pub mod budget {
        pub use crate::process::budget::{human, limit, parse_size, set_limit};
    }
    pub mod files {
        pub use crate::process::files::{
            Streamed, TempFile, reading, write_atomically, write_text,
        };
    }
    pub mod interrupt {
        pub use crate::process::interrupt::{
            GRACE, clean_up, finishing, flag, is_finishing, raise, raised, rearm,
        };
    }
}
pub mod puzzle {
    pub use crate::puzzle::{Fill, Kind, Matching, Piece, Puzzle, Tiling};
    pub mod burrtools {
        pub use crate::puzzle::burrtools::{is_xmpuzzle, read};
    }
    pub mod stored {
        pub use crate::puzzle::stored::Taken;
    }
    pub mod write {
        pub use crate::puzzle::write::{Stored, xmpuzzle_with};
    }
}
pub mod render {
    pub mod html {
        pub use crate::render::html::document;
    }
    pub mod json {
        pub use crate::render::json::{Writer, document, document_with};
    }
    pub mod palette {
        pub use crate::render::palette::{colours, difference, touching};
    }
    pub mod stl {
        pub use crate::render::stl::{Print, assembly, file, lay_flat, printer_frame, surface};
    }
    pub mod svg {
        pub use crate::render::svg::{Looks, document, solution_document, tiles_document};
        pub mod tile {
            pub use crate::render::svg::tile::TileView;
        }
    }
    pub mod table {
        pub use crate::render::table::{Row, TableFormat, render};
    }
    pub mod text {
        pub use crate::render::text::{Style, draw};
    }
}
pub mod report {
    pub use crate::report::{Stats, Status, ms, time_limit_reached};
}
pub mod solution {
    pub use crate::solution::{PlacedPiece, Solution, stored};
}
pub mod solve {
    pub use crate::solve::{Outcome, SatSolver, Solver};
    pub mod dimacs {
        pub use crate::solve::dimacs::{
            CnfSource, Header, read_header, write, write_cubes, write_file,
        };
    }
    pub mod external {
        pub use crate::solve::external::first_falsified;
    }
    pub mod model {
        pub use crate::solve::model::{
            ModelError, SolverOutput, assignment, of_another_cnf, parse,
        };
    }
}
pub mod symmetry {
    pub use crate::symmetry::Group;
}
pub mod tally {
    pub use crate::tally::beyond_u64;
}
pub mod tree {
    pub use crate::tree::{TreeEstimate, estimate};
}
/// Between the façade's types and the library's, for the commands on
/// their way onto the façade; goes when the last one has arrived.
pub mod bridge {
    use std::sync::Arc;

    /// The library's puzzle inside the façade's.
    pub fn puzzle(p: &crate::api::Puzzle) -> &crate::puzzle::Puzzle {
        &p.inner
    }

    /// The library's solution inside the façade's.
    pub fn solution(s: &crate::api::Solution) -> &crate::solution::Solution {
        &s.inner
    }

    /// The façade's puzzle around the library's.
    pub fn api_puzzle(p: &crate::puzzle::Puzzle, file: &std::path::Path) -> crate::api::Puzzle {
        crate::api::Puzzle {
            inner: Arc::new(p.clone()),
            file: file.display().to_string(),
            source: Some((file.to_path_buf(), None)),
        }
    }

    /// The façade's solutions of `puzzle` around the library's.
    pub fn api_solutions(
        puzzle: &crate::api::Puzzle,
        solutions: &[crate::solution::Solution],
    ) -> Vec<crate::api::Solution> {
        solutions
            .iter()
            .map(|s| crate::api::Solution::new(Arc::clone(&puzzle.inner), s.clone()))
            .collect()
    }
}
