//! The flags of each subcommand (those shared by several live in
//! `search.rs` and `output.rs`).

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};

use jigsat::api::compare::TableFormat;
use jigsat::api::options::Model;
use jigsat::api::options::{Card, Edges as EdgeEncoding, Encoding};

use super::search::{choice, engine, parse_encodings, parse_seconds};
use super::*;

#[derive(Debug, Subcommand)]
pub enum GenerateCommand {
    /// An edge-matching puzzle: the edges of a WxH grid coloured at random
    /// (the frame with --border's label), cut into tiles, each turned at
    /// random, shuffled. Identical tiles become one entry with a count.
    /// The planted solution is written in `# planted` comments; with
    /// --clues, some of its tiles are fixed in place.
    #[command(after_help = "Examples:\n  \
        jigsat generate edges --size 6x6 --colours 4 --border 0 --seed 1 -o e6.toml\n  \
        jigsat generate edges --size 3x3 --colours 3 | jigsat solve /dev/stdin\n  \
        jigsat generate edges --size 8x8 --colours 5 --border 0 -o e8.toml && jigsat solve e8.toml\n  \
        jigsat generate edges --size 10x10 --border 0 --frame-colours 4 --colours 8 --clues 4 -o em10.toml")]
    Edges(GenerateEdgesArgs),
}

#[derive(Debug, Args)]
pub struct GenerateEdgesArgs {
    /// Board size as WIDTHxHEIGHT, e.g. --size 6x6 (each 1 to 100).
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: (u32, u32),

    /// Number of edge labels for the inner edges (named a, b, c, …), e.g.
    /// --colours 4; fewer colours give more solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub colours: u32,

    /// A label for every edge facing the frame (Eternity II style), e.g.
    /// --border 0; without it frame edges are coloured like inner ones.
    #[arg(long, value_name = "LABEL")]
    pub border: Option<String>,

    /// Labels of their own (named A, B, …) for the edges between two
    /// frame tiles, as in Eternity II and the em_N_B_C benchmarks (N x N,
    /// B frame colours, C inner colours), e.g. --frame-colours 4
    /// --colours 8. Needs --border.
    #[arg(long, value_name = "B", requires = "border", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub frame_colours: Option<u32>,

    /// Fix K tiles of the planted solution in place (`at` and `rotation`
    /// on their `[[tile]]`), as Eternity II gives hint tiles, e.g. --clues 4.
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub clues: u32,

    /// Seed of the random choices: the same seed gives the same file.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,

    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{s}' is not a size: expected WIDTHxHEIGHT like 6x6, each from 1 to 100");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if !(1..=100).contains(&w) || !(1..=100).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

/// `jigsat convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The puzzle to convert: TOML or BurrTools .xmpuzzle.
    pub input: PathBuf,

    /// Where to write it; the extension says the format: `.toml` for
    /// jigsat TOML, `.xmpuzzle` for BurrTools (gzip-compressed, as
    /// BurrTools writes it) or `.xml` (the same, uncompressed). Never the
    /// input file itself.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,

    #[command(flatten)]
    pub problem: ProblemArg,

    /// To .xmpuzzle or .xml: find up to N assemblies (one per class up to
    /// symmetry, as BurrTools counts them) and store them in the problem,
    /// each that comes apart by sliding pieces with its disassembly (its
    /// separation states, as BurrTools stores them), so that BurrTools
    /// lists and plays them. 0 (the default) stores none: converting
    /// never solves unless asked. When N covers every assembly, the
    /// problem is marked solved with BurrTools' totals.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub solutions: usize,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzle file: TOML (see docs/puzzle-format.md for the format) or a
    /// BurrTools .xmpuzzle; or a job file of `jigsat split` (NAME.job).
    pub puzzle: PathBuf,

    #[command(flatten)]
    pub problem: ProblemArg,

    /// Every distinct solution: one per class of solutions that differ only
    /// by a rotation or reflection of the board.
    #[arg(long)]
    pub all: bool,

    /// At most N distinct solutions (implies --all).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// The first assembly that comes apart by sliding pieces (as
    /// BurrTools' solutions), with its level.
    #[arg(long, conflicts_with_all = ["all", "limit"])]
    pub disassemble: bool,

    /// With --disassemble: when a side of BurrTools' first separation
    /// does not come apart, try the other separations of the same number
    /// of moves (BurrTools does not).
    #[arg(long, requires = "disassemble")]
    pub thorough: bool,

    /// Edge matching: place every tile and maximise the matched inner
    /// edges (Eternity II's score), printing each improvement; at
    /// --time-limit (exit 3), on Ctrl-C (130) or when every edge matches
    /// (solved, 0) the best board is drawn with its mismatched edges
    /// (e.g. `jigsat solve e2.toml --best --time-limit 600 --format json -o
    /// best.json`; `-j` threads, one per core by default: the first, the
    /// third, ... run the row scan with a budget of mismatched edges, the
    /// others anneal and polish the scan's best board).
    #[arg(long, conflicts_with_all = ["all", "limit", "disassemble"])]
    pub best: bool,

    /// With --best: the seed of its random choices (1 by default). Runs
    /// with different seeds search different boards, so N machines, each
    /// given its own seed (`--seed 1` ... `--seed N`), search N ways at
    /// once and the best of their JSON documents is the best score over
    /// machines (docs/guide.md, "The best score over machines").
    #[arg(long, value_name = "S", requires = "best")]
    pub seed: Option<u64>,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub draw: DrawArgs,

    #[command(flatten)]
    pub search: SearchArgs,

    #[command(flatten)]
    pub certify: CertifyArgs,
}

/// Proofs of "no solution": shared by `solve` (docs/guide.md, "Certificates").
#[derive(Debug, Args)]
pub struct CertifyArgs {
    /// When the answer is "no solution", write the built-in CaDiCaL's
    /// proof of the CNF `jigsat dimacs` writes with the same options to
    /// FILE, for any outside checker (other solvers hand the question to
    /// CaDiCaL; when the colouring pre-check answers, FILE gets its
    /// witness instead).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["all", "limit"])]
    pub proof: Option<PathBuf>,

    /// The proof's format: `lrat` (clauses with hints, the default) or
    /// `drat` (clauses only, for drat-trim).
    #[arg(long, value_enum, default_value_t = ProofFormatArg::Lrat, requires = "proof")]
    pub proof_format: ProofFormatArg,

    /// Check "no solution" with jigsat's own LRAT checker before saying
    /// it: a proof of the CNF (with the symmetry breaking where the
    /// argument that it loses no solution checks, docs/guide.md,
    /// "Certificates"), or the colouring witness re-derived from the
    /// puzzle alone. With `-o DIR/`: a
    /// certificate directory (the puzzle, the CNF, the proof or witness,
    /// a found solution, manifest.toml) that `jigsat check-certificate
    /// DIR` re-checks (a trailing slash always names the directory; with
    /// text output, `-o DIR` does too). With `--format json` (here and
    /// with --proof): the answer's JSON document with `certified` and
    /// `certificate`, and `-o FILE` writes that document, e.g. `--format
    /// json -o answer.json`.
    #[arg(long, conflicts_with_all = ["all", "limit"])]
    pub certify: bool,
}

/// The proof formats `--proof-format` takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProofFormatArg {
    Lrat,
    Drat,
}

/// `jigsat disasm`.
#[derive(Debug, Args)]
pub struct DisasmArgs {
    /// The puzzle file: TOML or BurrTools .xmpuzzle (its groups and
    /// weights are used).
    pub puzzle: PathBuf,

    #[command(flatten)]
    pub problem: ProblemArg,

    /// Take apart the N-th distinct assembly (from 1). Without it, the
    /// first assembly that comes apart is shown, with how many were tried
    /// before it (as `solve --disassemble` picks; assemblies are found
    /// one, then four times as many at a time while none comes apart, so
    /// "of 4+" means the search for more stopped there); when none comes
    /// apart, that is said of all of them. Assemblies are numbered in the
    /// order one search thread finds them,
    /// so N names the same assembly on every run (-j sets the threads that
    /// take them apart).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "all")]
    pub solution: Option<u64>,

    /// Take apart every distinct assembly, and sum up the levels.
    #[arg(long)]
    pub all: bool,

    /// When a side of BurrTools' first separation does not come apart,
    /// try the other separations of the same number of moves before
    /// saying the assembly does not come apart (BurrTools does not); says
    /// where that changes BurrTools' answer.
    #[arg(long)]
    pub thorough: bool,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub search: SearchArgs,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    /// The puzzle file, or a job file of `jigsat split` (NAME.job).
    pub puzzle: PathBuf,

    /// Count in parts, recording each finished part in FILE: run the same
    /// command again after Ctrl-C, a crash or --time-limit and it goes on
    /// where it stopped.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,

    /// Also take every distinct assembly apart (sliding pieces only, as
    /// BurrTools): how many come apart, and how many have each level.
    #[arg(long, conflicts_with = "checkpoint")]
    pub disassemble: bool,

    /// With --disassemble: when a side of BurrTools' first separation
    /// does not come apart, try the other separations of the same number
    /// of moves (BurrTools does not); the count says how many assemblies
    /// that changes.
    #[arg(long, requires = "disassemble")]
    pub thorough: bool,

    #[command(flatten)]
    pub problem: ProblemArg,

    /// Certify the count: every fixed-board solution checked against the
    /// puzzle, a checked LRAT proof that the CNF (with the symmetry
    /// breaking, justified by the list being closed under the puzzle's
    /// symmetries; none with --no-symmetry) has no other model, and the
    /// distinct count derived by applying the group (docs/guide.md,
    /// "Certificates"). With `-o DIR/`: a certificate directory that
    /// `jigsat check-certificate DIR` re-checks (a trailing slash always
    /// names the directory; with text output, `-o DIR` does too). With
    /// `--format json`: the count's JSON document with `certified` and
    /// `certificate`, and `-o FILE` writes that document, e.g.
    /// `--format json -o count.json`.
    #[arg(long, conflicts_with = "checkpoint")]
    pub certify: bool,

    /// With --certify: keep the proof that no other solution exists in
    /// FILE (LRAT, of the CNF `jigsat dimacs` writes with the same options
    /// — with `--encoding pairwise` for an exact cover, each piece used
    /// once, whose proof an exact-cover search writes — and, after it, one
    /// blocking clause per solution the breaking keeps).
    #[arg(long, value_name = "FILE", requires = "certify")]
    pub proof: Option<PathBuf>,

    /// Count the classes by Burnside's lemma — the average over the group
    /// of the solutions each symmetry fixes, each an exact cover of that
    /// symmetry's orbits of placements — instead of weighing every
    /// solution under the group (docs/guide.md, "Counting, symmetry").
    #[arg(long, conflicts_with_all = ["checkpoint", "certify"])]
    pub burnside: bool,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub search: SearchArgs,
}

#[derive(Debug, Args)]
pub struct EstimateArgs {
    /// The puzzle file.
    pub puzzle: PathBuf,

    #[command(flatten)]
    pub problem: ProblemArg,

    /// Random walks down the tree, in eight populations, e.g. --probes
    /// 100000 for a tighter figure on an uneven tree.
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub probes: u64,

    /// Seed of the walks' random choices: the same seed, the same estimate.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub search: SearchArgs,
}

#[derive(Debug, Args)]
pub struct SplitArgs {
    /// The puzzle file.
    pub puzzle: PathBuf,

    #[command(flatten)]
    pub problem: ProblemArg,

    /// Parts to cut the count into (at least this many when the tree
    /// allows; fewer only when it has fewer subtrees).
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub parts: u64,

    /// The directory to write the split into (created; it must not hold
    /// a split already).
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,

    /// Random walks per subtree for the size estimates, carried down
    /// together as one population (as `estimate` does; at most 16,384).
    #[arg(long, value_name = "N", default_value_t = 40, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub probes: u64,

    /// Seed of the walks: the same seed, the same split.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    #[command(flatten)]
    pub search: SearchArgs,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The directory `jigsat split` wrote.
    pub dir: PathBuf,

    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct InfoArgs {
    /// The puzzle file.
    pub puzzle: PathBuf,

    #[command(flatten)]
    pub problem: ProblemArg,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub encoding: EncodingArgs,
}

#[derive(Debug, Args)]
pub struct DimacsArgs {
    /// The puzzle file.
    pub puzzle: PathBuf,

    #[command(flatten)]
    pub problem: ProblemArg,

    /// `cnf`: DIMACS for any SAT solver. `dlx`: the exact-cover instance
    /// in the input format of Knuth's DLX1/DLX2 (one line of items, then
    /// one option per line: the piece, then its cells), e.g.
    /// `jigsat dimacs puzzles/pentomino-6x10.toml --format dlx | dlx1`.
    /// With --no-symmetry DLX1 counts what `jigsat count` calls the
    /// solutions on a fixed board.
    #[arg(long, value_enum, default_value_t = ExportFormat::Cnf)]
    pub format: ExportFormat,

    /// Write the CNF to FILE (through a temporary name, renamed when
    /// complete) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub encoding: EncodingArgs,

    /// Leave out the symmetry-breaking clauses (`decode` must then be
    /// given --no-symmetry too, or --cnf with this file).
    #[arg(long)]
    pub no_symmetry: bool,
}

/// What `jigsat dimacs` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// DIMACS CNF.
    Cnf,
    /// Knuth's DLX input format.
    Dlx,
}

#[derive(Debug, Args)]
pub struct CheckCertificateArgs {
    /// The certificate directory.
    pub dir: PathBuf,

    /// The puzzle to check it against; the copy in the directory by
    /// default.
    pub puzzle: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// The puzzle file the CNF was written for.
    pub puzzle: PathBuf,

    #[command(flatten)]
    pub problem: ProblemArg,

    /// The solver's answer (a file, or `-` for standard input).
    pub model: PathBuf,

    /// The DIMACS file the solver read: its fingerprint must match the
    /// puzzle and options, and its encoding is used unless --encoding is
    /// given.
    #[arg(long, value_name = "FILE")]
    pub cnf: Option<PathBuf>,

    /// The at-most-one encoding the CNF was written with (default `auto`,
    /// or the one named in --cnf).
    #[arg(long, value_parser = choice::<Encoding>())]
    pub encoding: Option<Encoding>,

    /// The cardinality encoding the CNF was written with (default
    /// `sequential`, or the one named in --cnf).
    #[arg(long, value_parser = choice::<Card>())]
    pub card: Option<Card>,

    /// The edge-matching encoding the CNF was written with (default
    /// `pairs`, or the one named in --cnf).
    #[arg(long, value_parser = choice::<EdgeEncoding>())]
    pub edges: Option<EdgeEncoding>,

    /// The CNF was written with --no-symmetry (read from --cnf when given).
    #[arg(long)]
    pub no_symmetry: bool,

    /// The solver's proof of "unsatisfiable" (LRAT, text or binary), checked
    /// against the CNF before "no solution" is said; a proof that does
    /// not check is an error (exit 2). DRAT is recognised but not checked
    /// in-tree: drat-trim CNF PROOF -L OUT turns it into LRAT.
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub draw: DrawArgs,
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Puzzle files to measure.
    #[arg(required = true)]
    pub puzzles: Vec<PathBuf>,

    /// Models to compare, comma-separated: placement, order, or auto (the
    /// one `solve` would use). The order model is measured only on puzzles
    /// it applies to (solid rectangles or boxes), e.g. --model auto for
    /// puzzles/calibron12.toml, whose placement CNF has 38 M clauses.
    #[arg(
        long,
        value_parser = choice::<Model>(),
        value_delimiter = ',',
        default_value = "placement,order"
    )]
    pub model: Vec<Model>,

    /// Edge-matching encodings to compare, comma-separated (colours,
    /// direct, pairs, pairs-balance); shown as `ENCODING+EDGES`, e.g.
    /// `auto+pairs`.
    /// Ignored for packing puzzles.
    #[arg(
        long,
        value_parser = choice::<EdgeEncoding>(),
        value_delimiter = ',',
        default_value = "pairs,colours,direct"
    )]
    pub edges: Vec<EdgeEncoding>,

    /// Encodings to compare, comma-separated, or `all`.
    #[arg(long, value_delimiter = ',', default_value = "all", value_parser = parse_encodings)]
    pub encoding: Vec<Vec<Encoding>>,

    /// Cardinality encodings for pieces with copies, comma-separated
    /// (sequential, totalizer). A non-default one shows in the table as
    /// `ENCODING+CARD`, e.g. `auto+totalizer`.
    #[arg(long, value_parser = choice::<Card>(), value_delimiter = ',', default_value = "sequential")]
    pub card: Vec<Card>,

    /// Solvers to compare, comma-separated: varisat, cadical, splr (built
    /// in), kissat, cadical-program, minisat (programs on PATH) or paths,
    /// e.g. --solver varisat,cadical,kissat.
    #[arg(
        long,
        value_name = "SOLVERS",
        value_delimiter = ',',
        default_value = "varisat",
        value_parser = engine
    )]
    pub solver: Vec<String>,

    /// With symmetry-breaking clauses (`on`, as `solve` does by default),
    /// without (`off`), or `both`, to see what the breaking costs or saves.
    #[arg(long, value_enum, default_value_t = SymmetryChoice::On)]
    pub symmetry: SymmetryChoice,

    /// Solve a differently shuffled copy of the CNF in each run after the
    /// first (clause and literal order from seeds 1, 2, ...), so that the
    /// median is over the solver's luck and not just the machine's noise.
    #[arg(long)]
    pub shuffle: bool,

    /// Runs per combination; times are medians over the runs.
    #[arg(long, default_value_t = 3)]
    pub runs: usize,

    /// Table format.
    #[arg(long, value_parser = choice::<TableFormat>(), default_value_t = TableFormat::Md)]
    pub format: TableFormat,

    /// Write the table to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Give up on one solver run after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SymmetryChoice {
    On,
    Off,
    Both,
}

/// `jigsat design`.
#[derive(Debug, Args)]
pub struct DesignArgs {
    /// The puzzle file: its pieces' counts as ranges (`count = "0..1"`)
    /// make the pool, the board's cells decide how many are used. A job
    /// file of `jigsat split POOL` (`DIR/jobs/part-0001.job`): that part
    /// searched, its result by choice written to DIR/results/. With
    /// --merge: the split's directory.
    pub puzzle: PathBuf,

    /// Add up the results of a split's parts, each run by `jigsat design
    /// JOB`, into the table of the whole pool (the positional argument is
    /// the split's directory); a missing, repeated or foreign part is
    /// refused, as `jigsat merge` refuses it.
    #[arg(long)]
    pub merge: bool,

    #[command(flatten)]
    pub problem: ProblemArg,

    /// Only the choices with exactly one solution up to symmetry.
    #[arg(long)]
    pub unique: bool,

    /// The order of the rows: `choice` (the pool's order), `count` and
    /// `distinct` (fewest first), `level` (highest first; with
    /// --disassemble).
    #[arg(long, value_enum, default_value_t = DesignSort::Choice)]
    pub sort: DesignSort,

    /// List the choices with no solution too (every choice whose cells
    /// fit the board): "impossible" is an answer as well.
    #[arg(long)]
    pub all: bool,

    /// Take every distinct assembly apart (sliding pieces only, as
    /// BurrTools): per choice, how many come apart and the highest level.
    #[arg(long)]
    pub disassemble: bool,

    /// With --disassemble: try the other separations of the same number
    /// of moves when BurrTools' first does not come apart.
    #[arg(long, requires = "disassemble")]
    pub thorough: bool,

    /// Output format: a text table, CSV (one row per choice, a column
    /// per piece) or a JSON document (docs/puzzle-format.md).
    #[arg(long, value_enum, default_value_t = DesignFormat::Text)]
    pub format: DesignFormat,

    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub search: SearchArgs,
}

/// `design --sort`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DesignSort {
    Choice,
    Count,
    Distinct,
    Level,
}

/// `design --format`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DesignFormat {
    Text,
    Csv,
    Json,
}
