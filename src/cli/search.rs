//! The flags every search shares, and the one place where they become
//! the library's options ([`SearchArgs::solver`]).

use std::time::Duration;

use clap::Args;
use clap::builder::TypedValueParser;

use jigsat::api::options::{Card, Edges as EdgeEncoding, Encoding};
use jigsat::api::options::{Choice, Model};

/// How to search: shared by `solve` and `count`.
#[derive(Debug, Args)]
pub struct SearchArgs {
    #[command(flatten)]
    pub encoding: EncodingArgs,

    /// The CNF model. `auto` (the default) uses the order encoding when
    /// every piece and the board are solid rectangles or boxes, each piece
    /// used a fixed number of times and the areas adding up (e.g.
    /// puzzles/calibron12.toml), and the placement encoding otherwise;
    /// `placement` forces one variable per placement (--encoding and
    /// --card apply to it only); `order` forces the order encoding and
    /// fails on other puzzles. Example: --model placement
    #[arg(long, value_parser = choice::<Model>(), default_value_t = Model::Auto)]
    pub model: Model,

    /// The engine: `auto` (the default), an exact search or a SAT solver.
    /// The long help is made from the constants the plan uses
    /// ([`jigsat::api::options::engine_help`]).
    #[arg(long, value_name = "SOLVER", long_help = jigsat::api::options::engine_help(), value_parser = engine)]
    pub solver: Option<String>,

    /// Give up after this many seconds (exit status 3), e.g. --time-limit 2.5;
    /// an enumeration reports what it found so far.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,

    /// Skip the colouring pre-check that proves some puzzles impossible
    /// before searching, so that the solver itself has to.
    #[arg(long)]
    pub no_precheck: bool,

    /// Search without symmetry breaking (the counts stay the same; only
    /// the search is larger).
    #[arg(long)]
    pub no_symmetry: bool,

    /// Threads to search on (default: one per core), e.g. -j 1 to leave
    /// the other cores free (and not race engines for a first solution).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
}

impl SearchArgs {
    /// The library's solver for these flags: the one place where the
    /// command line becomes a [`jigsat::api::Solver`].
    pub fn solver(&self) -> jigsat::api::Solver {
        let mut solver = jigsat::api::Solver::new()
            .symmetry(!self.no_symmetry)
            .precheck(!self.no_precheck);
        if let Some(limit) = self.time_limit {
            solver = solver.time_limit(limit);
        }
        if let Some(jobs) = self.jobs {
            solver = solver.threads(jobs as usize);
        }
        // Every value was parsed by clap from the same types the setters
        // read, so none of these can be refused.
        let named = |solver: jigsat::api::Result<jigsat::api::Solver>| {
            solver.expect("a value clap accepted is one the library takes")
        };
        solver = named(solver.model(&name(self.model)));
        solver = named(solver.encoding(&name(self.encoding.encoding)));
        solver = named(solver.card(&name(self.encoding.card)));
        solver = named(solver.edges(&name(self.encoding.edges)));
        if let Some(engine) = &self.solver {
            solver = named(solver.engine(engine));
        }
        solver
    }
}

/// `--solver`: a name the library takes (or a solver program's path).
pub(super) fn engine(name: &str) -> Result<String, String> {
    jigsat::api::Solver::new()
        .engine(name)
        .map(|_| name.to_string())
        .map_err(|e| e.to_string())
}

/// The name a value goes by on the command line, which the library's
/// setter of the same option takes.
pub fn name<T: Choice>(value: T) -> String {
    value.name().to_string()
}

#[derive(Debug, Args)]
pub struct EncodingArgs {
    /// The at-most-one encoding of the CNF (every cell, every piece used
    /// once); `auto` chooses per constraint from measurements. Pages in
    /// encodings/ explain each one, e.g. --encoding product.
    #[arg(long, value_parser = choice::<Encoding>(), default_value_t = Encoding::Auto)]
    pub encoding: Encoding,

    /// The cardinality encoding for pieces with copies (count = 3, or a
    /// range "0..4") whose number the areas do not already force, e.g.
    /// --card totalizer.
    #[arg(long, value_parser = choice::<Card>(), default_value_t = Card::Sequential)]
    pub card: Card,

    /// Edge-matching puzzles: how touching edges are made to match.
    /// `pairs` (the default: colours plus Heule's redundant clauses, each
    /// edge colour needs a placement giving it on both sides, and colour
    /// pairs no tile shows at a corner of a position are forbidden),
    /// `colours` (a variable per inner edge and colour, Heule 2008) or
    /// `direct` (a binary clause per mismatched pair of neighbouring
    /// placements), or `pairs-balance` (`pairs` plus, with a `border`
    /// label, exactly half as many inner edges of each colour as the tiles
    /// have half-edges of it), e.g. --edges colours. Ignored for packing
    /// puzzles.
    #[arg(long, value_parser = choice::<EdgeEncoding>(), default_value_t = EdgeEncoding::Pairs)]
    pub edges: EdgeEncoding,
}

/// One `--encoding` list item: an encoding's name, or `all`.
pub(super) fn parse_encodings(s: &str) -> Result<Vec<Encoding>, String> {
    if s == "all" {
        return Ok(Encoding::ALL.to_vec());
    }
    Encoding::from_name(s).map(|e| vec![e]).ok_or_else(|| {
        format!(
            "unknown encoding '{s}'; expected `all` or one of {}",
            Encoding::names().join(", ")
        )
    })
}

/// The parser of an option whose values the library names
/// ([`Choice`]): its names are the possible values, each with its help,
/// as a `ValueEnum` derive would give them.
pub(super) fn choice<T: Choice + Clone + Send + Sync>() -> impl TypedValueParser<Value = T> {
    let values = T::ALL
        .iter()
        .map(|v| clap::builder::PossibleValue::new(v.name()).help(v.help()));
    clap::builder::PossibleValuesParser::new(values).try_map(|name: String| {
        T::from_name(&name).ok_or_else(|| format!("unknown value '{name}'"))
    })
}

pub(super) fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds (e.g. 10 or 2.5)"))?;
    if !secs.is_finite() || secs <= 0.0 || secs > 1e9 {
        return Err(format!(
            "the time limit must be a positive number of seconds, not {s}"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}
