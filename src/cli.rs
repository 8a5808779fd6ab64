//! The command line: every subcommand and flag, documented once.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use jigsat::api::compare::TableFormat;
use jigsat::api::options::Model;
use jigsat::api::options::{Card, Edges as EdgeEncoding, Encoding};

#[derive(Debug, Parser)]
#[command(
    name = "jigsat",
    version,
    about = "Solve packing puzzles (polyominoes, polycubes, rectangles) and edge-matching puzzles with SAT",
    long_about = "Solve packing puzzles (polyominoes, polycubes, rectangles) and edge-matching \
        puzzles (square tiles whose touching edges match) with SAT.\n\n\
        A puzzle is a TOML file with a [board] and [[piece]] (or [[tile]]) entries, or a BurrTools \
        .xmpuzzle file (cube grid; `jigsat convert` turns one into the other; jigsat counts \
        assemblies and never checks disassembly); jigsat lists every \
        placement of every piece, encodes the exact cover as CNF (one variable per \
        placement), solves it (by exact search or SAT, whichever suits the puzzle), checks the \
        answer against the puzzle and draws it.",
    after_help = "Examples:\n  \
        jigsat solve puzzles/soma.toml\n  \
        jigsat solve puzzles/pentomino-6x10.toml --format json -o solution.json\n  \
        jigsat solve puzzles/soma.toml --format svg -o soma.svg\n  \
        jigsat info puzzles/y25.toml\n  \
        jigsat count puzzles/big-cats.toml --solver varisat --edges direct\n\n\
        Exit status: 0 solved, 1 proved to have no solution, 2 bad input or usage, 3 gave up \
        (time limit).\nLogging: -v for timings and sizes, -vv for more; RUST_LOG overrides."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// More detail on stderr: -v for sizes and timings, -vv for debugging.
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,

    /// Print only the result: no warnings or summary lines.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,

    /// The memory jigsat may plan for its placements, CNF or order model
    /// (default: half the machine's memory), e.g. --max-memory 4G. A
    /// puzzle predicted to need more is refused before anything is built
    /// (exit 2), with the figure.
    #[arg(long, global = true, value_name = "SIZE", value_parser = jigsat::api::process::parse_size)]
    pub max_memory: Option<u64>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Find a solution, check it and draw it.
    #[command(after_help = "Examples:\n  \
        jigsat solve puzzles/y25.toml\n  \
        jigsat solve puzzles/soma.toml --encoding sequential --format json\n  \
        jigsat solve puzzles/pentomino-3x20.toml --all\n  \
        jigsat solve puzzles/pentomino-6x10.toml --limit 3 --format json\n  \
        jigsat solve puzzles/soma.toml --format svg -o soma.svg\n  \
        jigsat solve puzzles/pentomino-6x10.toml --limit 20 --format svg -o pictures/\n  \
        jigsat solve big.toml --time-limit 60 -o solution.txt\n  \
        jigsat solve puzzles/pentomino-8x8-hole.toml --solver cadical\n  \
        jigsat solve puzzles/pentomino-6x10.toml --solver kissat\n  \
        jigsat solve puzzles/y25.toml --solver ./bin/glucose --time-limit 30\n  \
        jigsat solve split/jobs/part-0003.job\n\n\
        Given a job file of `jigsat split` (NAME.job), solve looks for a solution in that part \
        only: exit 1 says the part holds none, not that the puzzle has none.\n\n\
        A puzzle in space (not flat, not tiles): under the drawing, whether the assembly shown \
        comes apart by sliding pieces (no turns) and its level as BurrTools prints it \
        (`level: 98.2.4.2`, or `does not come apart`); in JSON `comes_apart` and `level`. \
        That search is capped (100,000 states per part, 2 s, the time limit, the memory \
        budget): past a cap the line says `level: not determined` and the exit status is the \
        solve's; `jigsat disasm` searches without the cap and shows the moves.")]
    Solve(SolveArgs),

    /// Count every solution: on a fixed board, and up to symmetry.
    #[command(after_help = "Examples:\n  \
        jigsat count puzzles/soma.toml\n  \
        jigsat count puzzles/pentomino-6x10.toml --solver varisat --format json\n  \
        jigsat count puzzles/bedlam.toml --checkpoint bedlam.checkpoint\n  \
        jigsat count split/jobs/part-0007.job\n\n\
        `count` is the number of solutions on a board that does not move; `distinct` counts \
        solutions that differ only by a rotation or reflection of the board once.\n\n\
        Given a job file of `jigsat split` (NAME.job), count searches that one part and writes \
        its result to results/NAME.result beside the split's jobs/ directory, for `jigsat merge`.\n\n\
        Ctrl-C (or SIGTERM) stops a count within a second: it prints what it found so far, \
        marked as not the total, and exits with status 130.\n\n\
        For a BurrTools .xmpuzzle file, `distinct` is what BurrTools calls the number of \
        assemblies (see README.md, \"BurrTools files\"). With --disassemble, count also takes \
        every distinct assembly apart by sliding pieces, as BurrTools does: the assemblies that \
        come apart are BurrTools' solutions, with their levels (`jigsat disasm` shows the \
        moves). Every assembly is checked against the puzzle, as every solution is; the moves \
        that take it apart are the disassembly search's own and are not checked again.")]
    Count(CountArgs),

    /// Can it come apart? Take assemblies apart by sliding pieces (the
    /// cube grid, translations only: no piece turns), as BurrTools does.
    #[command(after_help = "Examples:\n  \
        jigsat disasm PelikanBurr.xmpuzzle\n  \
        jigsat disasm PelikanBurr.xmpuzzle --solution 3 --format json\n  \
        jigsat disasm SolidSixPieceBurrs.xmpuzzle --all -q\n\n\
        For each assembly: whether it comes apart, BurrTools' level (the moves until the first \
        pieces come free, then the moves of the later separations that need more than one, as \
        `burrTxt -d` prints it, e.g. 98.2.4.2) and the plan, one move per line: the pieces that \
        move, the direction and the distance; \"(removed)\" marks a separation. Pieces only \
        slide; a puzzle that needs a piece turned does not come apart here. An assembly that \
        cannot be taken apart is an answer (exit 0), not an error.")]
    Disasm(DisasmArgs),

    /// Cut a count into parts that run anywhere: on other machines with
    /// GNU parallel, as a Slurm job array, or as cubes for cube-and-conquer
    /// SAT solvers; `jigsat merge` adds the results up.
    #[command(after_help = "Examples:\n  \
        jigsat split puzzles/y25.toml --parts 64 -o y25-split\n  \
        y25-split/run-parallel.sh                  # GNU parallel on this machine, then merge\n  \
        (cd y25-split && sbatch jigsat.sbatch)     # Slurm, then: jigsat merge y25-split\n  \
        cadical y25-split/cubes.icnf               # CaDiCaL's cube mode\n\n\
        The parts are cut where the tree is heavy (Knuth's estimate of each subtree, split \
        deeper until no subtree weighs more than a quarter of a part), then dealt out so that \
        their estimated sizes are close. DIR gets plan.toml, jobs/part-NNNN.job (self-contained: \
        the puzzle, the engine, the forced choices of the part and a fingerprint), results/, \
        logs/, cubes.icnf (the CNF with one `a ... 0` cube per forced prefix, part after part; \
        `c part N cubes A..B` lines in its header say which cubes make a part), run-parallel.sh and jigsat.sbatch.")]
    Split(SplitArgs),

    /// Add up the results of a split's parts: the same output as `count`.
    #[command(after_help = "Examples:\n  \
        jigsat merge y25-split\n  \
        jigsat merge y25-split --format json\n\n\
        Every part must have exactly one result with the split's fingerprint; otherwise merge \
        names the missing, repeated or foreign parts and exits with status 2, claiming nothing.")]
    Merge(MergeArgs),

    /// How big the search `count` would run is, before running it:
    /// Knuth's estimate from random walks down the search tree (nodes,
    /// and the solutions they reach), and the time it would take at the
    /// pace this machine searches it (measured in a 0.2 s run).
    #[command(after_help = "Examples:\n  \
        jigsat estimate puzzles/y25.toml\n  \
        jigsat estimate puzzles/pentomino-6x10.toml --probes 10000 --format json\n\n\
        Each walk picks one branch at random at every step and multiplies the branch counts \
        on its way: the mean over the walks is an unbiased estimate of the tree's size, and \
        the ± figure is its standard error (it shrinks with more --probes). `count` prints \
        the same estimate on stderr when it is still running after a few seconds and the \
        whole search looks to take more than a minute.")]
    Estimate(EstimateArgs),

    /// Describe a puzzle: pieces, orientations, placements, CNF size.
    #[command(after_help = "Examples:\n  \
        jigsat info puzzles/pentomino-6x10.toml\n  \
        jigsat info puzzles/y25.toml --encoding sequential --format json\n\n\
        The table at the end gives the CNF's variables and clauses under every encoding.")]
    Info(InfoArgs),

    /// Write the CNF in DIMACS format, for an external SAT solver.
    #[command(
        after_help = "The file starts with `c` lines naming jigsat's version, the puzzle, \
        the options and a fingerprint of them all, then one `c var N PIECE (x,y,z)...` line per \
        placement variable (higher variables are auxiliary), then `p cnf V C` and the clauses. \
        Read a solver's answer back with `jigsat decode`.\n\n\
        Examples:\n  \
        jigsat dimacs puzzles/pentomino-6x10.toml -o 6x10.cnf\n  \
        kissat 6x10.cnf > 6x10.out; jigsat decode puzzles/pentomino-6x10.toml 6x10.out --cnf 6x10.cnf\n  \
        jigsat dimacs puzzles/soma.toml --encoding sequential | cadical"
    )]
    Dimacs(DimacsArgs),

    /// Read a SAT solver's answer to a `jigsat dimacs` CNF, check it, draw it.
    #[command(
        after_help = "MODEL may be SAT competition output (`s SATISFIABLE` and `v` \
        lines), a minisat result file (`SAT` and a line of literals, or `UNSAT`), or a bare list \
        of literals ended by 0; `-` reads standard input. Give the same --encoding as for \
        `dimacs`, or --cnf with the file itself, whose fingerprint is then checked.\n\n\
        Exit status: 0 a checked solution, 1 the solver proved there is none, 2 a model that \
        is damaged or belongs to another CNF, 3 the solver gave up.\n\n\
        Examples:\n  \
        jigsat decode puzzles/y25.toml y25.out --cnf y25.cnf\n  \
        minisat y25.cnf y25.res; jigsat decode puzzles/y25.toml y25.res --format json\n  \
        kissat y25.cnf | jigsat decode puzzles/y25.toml -"
    )]
    Decode(DecodeArgs),

    /// Re-check a certificate directory (`solve --certify -o DIR/`, `count
    /// --certify -o DIR/`) from the puzzle alone.
    #[command(
        name = "check-certificate",
        after_help = "Checks that the puzzle is the certificate's (its fingerprint), every listed \
        solution against the puzzle, that none is listed twice, the symmetry argument of a \
        count, the CNF clause by clause (rebuilt from the puzzle and the list), the LRAT proof \
        with jigsat's own checker, and the counts in manifest.toml. manifest.toml also gives the \
        command line of a published LRAT checker for the CNF and the proof.\n\n\
        Exit status: 0 certified, 2 a certificate that does not check (the message names the \
        file and what failed).\n\n\
        Examples:\n  \
        jigsat count puzzles/soma.toml --certify -o soma-cert/\n  \
        jigsat check-certificate soma-cert/\n  \
        jigsat check-certificate soma-cert/ puzzles/soma.toml"
    )]
    CheckCertificate(CheckCertificateArgs),

    /// Benchmark encodings and solvers: CNF sizes and median times.
    #[command(after_help = "Examples:\n  \
        jigsat compare puzzles/*.toml --encoding all --format md\n  \
        jigsat compare puzzles/y25.toml --encoding pairwise,sequential --runs 5 --format csv\n  \
        jigsat compare puzzles/tromino-choice.toml --encoding auto --card sequential,totalizer\n  \
        jigsat compare puzzles/*.toml --encoding auto --solver varisat,cadical,splr\n  \
        jigsat compare puzzles/*.toml --encoding auto --solver kissat,cadical-program,minisat")]
    Compare(CompareArgs),

    /// Write a puzzle file with a planted solution, for tests and benchmarks.
    #[command(subcommand)]
    Generate(GenerateCommand),

    /// Convert a puzzle between BurrTools .xmpuzzle and jigsat TOML.
    #[command(after_help = "Examples:\n  \
        jigsat convert design.xmpuzzle -o design.toml\n  \
        jigsat convert design.xmpuzzle --problem 2 -o design-2.toml\n  \
        jigsat convert puzzles/soma.toml -o soma.xmpuzzle\n  \
        jigsat convert PelikanBurr.xmpuzzle --solutions 20 -o pelikan-solved.xmpuzzle\n\n\
        One problem is converted (the first unless --problem picks one). A BurrTools result's \
        variable (+) cells become `?` cells of the board, part counts and min/max ranges become \
        counts. What the other format cannot say is refused with the reason (exit 2): colour \
        constraints have no TOML form; BurrTools has no `rotations = \"plane\"`/`\"none\"`, no \
        mirror and no edge-matching tiles; grids other than cubes are not read. Stored \
        solutions are not carried over; to .xmpuzzle, --solutions N finds the first N \
        assemblies (up to symmetry) and stores them as BurrTools does, each that comes apart \
        by sliding pieces with its disassembly, so that BurrTools shows them.")]
    Convert(ConvertArgs),
}

impl Command {
    /// The puzzle and the time limit of a command that takes
    /// `--time-limit` for all it does (reading and building included).
    pub fn time_limit(&self) -> Option<(&std::path::Path, Duration)> {
        let (puzzle, search) = match self {
            Command::Solve(a) => (&a.puzzle, &a.search),
            Command::Count(a) => (&a.puzzle, &a.search),
            Command::Disasm(a) => (&a.puzzle, &a.search),
            Command::Estimate(a) => (&a.puzzle, &a.search),
            _ => return None,
        };
        search.time_limit.map(|limit| (puzzle.as_path(), limit))
    }
}

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
    /// on their [[tile]]), as Eternity II gives hint tiles, e.g. --clues 4.
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

/// Which problem of a BurrTools file to read.
#[derive(Debug, Args, Default, Clone)]
pub struct ProblemArg {
    /// For a BurrTools .xmpuzzle file: the problem to read, by number
    /// (from 0) or by name, e.g. `--problem 1` or `--problem "Another
    /// Example"`; the first by default. `jigsat info FILE.xmpuzzle` lists
    /// them.
    #[arg(long, value_name = "N|NAME")]
    pub problem: Option<String>,
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
    /// The puzzle file: TOML (see README.md for the format) or a
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

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub draw: DrawArgs,

    #[command(flatten)]
    pub search: SearchArgs,

    #[command(flatten)]
    pub certify: CertifyArgs,
}

/// Proofs of "no solution": shared by `solve` (README.md, "Certificates").
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
    /// argument that it loses no solution checks, README.md,
    /// "Certificates"), or the colouring witness re-derived from the
    /// puzzle alone. With `-o DIR/`: a
    /// certificate directory (the puzzle, the CNF, the proof or witness,
    /// a found solution, manifest.toml) that `jigsat check-certificate
    /// DIR` re-checks.
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

    /// Take apart the N-th distinct assembly (from 1) instead of the first.
    /// Assemblies are numbered in the order one search thread finds them,
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
    /// distinct count derived by applying the group (README.md,
    /// "Certificates"). With `-o DIR/`: a certificate directory that
    /// `jigsat check-certificate DIR` re-checks.
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
    /// solution under the group (README.md, "Counting, symmetry").
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

    /// Random walks down the tree, e.g. --probes 10000 for a tighter
    /// figure on an uneven tree.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
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

    /// Random walks per subtree for the size estimates.
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
    #[arg(long, value_enum, default_value_t = Model::Auto)]
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
fn engine(name: &str) -> Result<String, String> {
    jigsat::api::Solver::new()
        .engine(name)
        .map(|_| name.to_string())
        .map_err(|e| e.to_string())
}

/// The name a value goes by on the command line, which the library's
/// setter of the same option takes.
pub fn name<T: ValueEnum>(value: T) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
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
    #[arg(long, value_enum)]
    pub encoding: Option<Encoding>,

    /// The cardinality encoding the CNF was written with (default
    /// `sequential`, or the one named in --cnf).
    #[arg(long, value_enum)]
    pub card: Option<Card>,

    /// The edge-matching encoding the CNF was written with (default
    /// `pairs`, or the one named in --cnf).
    #[arg(long, value_enum)]
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
pub struct OutputArgs {
    /// Output format: `text` draws the board, `json` is for programs,
    /// `svg` is a picture to build the puzzle from (e.g. `--format svg -o
    /// soma.svg`, or `-o DIR/` for one file per solution), `html` a page
    /// to turn the box and step through the pieces (`-o soma.html`), `stl`
    /// solids to print (`-o pieces/` for one file per piece).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// How solutions are drawn: shared by the commands that draw them.
#[derive(Debug, Args)]
pub struct DrawArgs {
    /// Text: walls between pieces drawn with `+-|` instead of box-drawing
    /// characters, for a terminal or a font without them.
    #[arg(long)]
    pub ascii: bool,

    /// STL: the edge of one cube in millimetres, e.g. --unit 15.
    #[arg(long, value_name = "MM", default_value_t = 10.0, value_parser = parse_unit)]
    pub unit: f64,

    /// STL: taken off each piece's width (half on every side) so that the
    /// printed pieces fit together and into the box, e.g. --gap 0.3; 0
    /// for pieces of the exact size.
    #[arg(long, value_name = "MM", default_value_t = 0.2, value_parser = parse_gap)]
    pub gap: f64,
}

/// A cube size: a positive number of millimetres.
fn parse_unit(s: &str) -> std::result::Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 10_000.0 => Ok(v),
        _ => Err(format!(
            "`{s}` is not a cube size: give millimetres above 0, e.g. 10"
        )),
    }
}

/// A gap: 0 or more millimetres (that it is less than the cube is checked
/// where the pieces are written, which knows the unit).
fn parse_gap(s: &str) -> std::result::Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!(
            "`{s}` is not a gap: give millimetres, 0 or more, e.g. 0.2"
        )),
    }
}

#[derive(Debug, Args)]
pub struct EncodingArgs {
    /// The at-most-one encoding of the CNF (every cell, every piece used
    /// once); `auto` chooses per constraint from measurements. Pages in
    /// encodings/ explain each one, e.g. --encoding product.
    #[arg(long, value_enum, default_value_t = Encoding::Auto)]
    pub encoding: Encoding,

    /// The cardinality encoding for pieces with copies (count = 3, or a
    /// range "0..4") whose number the areas do not already force, e.g.
    /// --card totalizer.
    #[arg(long, value_enum, default_value_t = Card::Sequential)]
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
    #[arg(long, value_enum, default_value_t = EdgeEncoding::Pairs)]
    pub edges: EdgeEncoding,
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
        value_enum,
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
        value_enum,
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
    #[arg(long, value_enum, value_delimiter = ',', default_value = "sequential")]
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
    #[arg(long, value_enum, default_value_t = TableFormat::Md)]
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

/// One `--encoding` list item: an encoding's name, or `all`.
fn parse_encodings(s: &str) -> Result<Vec<Encoding>, String> {
    use clap::ValueEnum;
    if s == "all" {
        return Ok(Encoding::value_variants().to_vec());
    }
    Encoding::from_str(s, true).map(|e| vec![e]).map_err(|_| {
        let names: Vec<&str> = Encoding::value_variants()
            .iter()
            .map(|e| e.name())
            .collect();
        format!(
            "unknown encoding '{s}'; expected `all` or one of {}",
            names.join(", ")
        )
    })
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
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

/// The output formats `--format` offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// Each layer as a grid of piece glyphs with walls between pieces,
    /// layers side by side.
    #[default]
    Text,
    /// The contract's JSON object: status, solutions, counts, stats.
    Json,
    /// A picture: the board with each piece in its own colour, or a box
    /// assembled, layer by layer and piece by piece. With several
    /// solutions, one picture with all of them in a grid, or one file per
    /// solution when `-o` names a directory (`-o DIR/`).
    Svg,
    /// One self-contained page: a box turned with the mouse or the arrow
    /// keys, its layers peeled, its pieces added one by one; a flat board
    /// or tiles stepped through the same way. Several solutions are one
    /// page with buttons from one to the next.
    Html,
    /// Solids for a 3-D printer (binary STL): with `-o DIR/` one file per
    /// piece, laid flat on its largest side, and `assembly.stl`; with
    /// `-o FILE.stl` the assembly alone.
    Stl,
}

impl Format {
    /// Formats that draw solutions, which commands without any refuse.
    pub fn is_picture(self) -> bool {
        matches!(self, Format::Svg | Format::Html | Format::Stl)
    }
}
