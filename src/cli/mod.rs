//! The command line: every subcommand and flag, documented once.
//!
//! `mod.rs` holds the command line itself and its subcommands;
//! `commands.rs` the flags of each subcommand; `search.rs` the flags
//! every search shares (engine, encodings, limits) and how they become
//! the library's options; `output.rs` where and how a result is written.

mod commands;
mod output;
mod search;

pub use commands::*;
pub use output::*;
pub use search::*;

use std::time::Duration;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "jigsat",
    version,
    about = "Solve packing puzzles (polyominoes, polycubes, rectangles) and edge-matching puzzles with SAT",
    long_about = "Solve packing puzzles (polyominoes, polycubes, rectangles) and edge-matching \
        puzzles (square tiles whose touching edges match) with SAT.\n\n\
        A puzzle is a TOML file with a [board] and [[piece]] (or [[tile]]) entries, or a BurrTools \
        .xmpuzzle file (cube grid; `jigsat convert` turns one into the other; `jigsat disasm` and \
        `count --disassemble` take assemblies apart as BurrTools does); jigsat lists every \
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
        That search is capped (100,000 states per part, the time limit, the memory \
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
        assemblies (see docs/guide.md, \"BurrTools files\"). With --disassemble, count also takes \
        every distinct assembly apart by sliding pieces, as BurrTools does: the assemblies that \
        come apart are BurrTools' solutions, with their levels (`jigsat disasm` shows the \
        moves). Every assembly is checked against the puzzle, as every solution is; the moves \
        that take it apart are the disassembly search's own and are not checked again.")]
    Count(CountArgs),

    /// For designers: per choice of pieces from a pool (piece counts as
    /// ranges), how many solutions — from one enumeration over every choice.
    #[command(after_help = "Examples:\n  \
        jigsat design puzzles/hexiamonds-hexagon-nine.toml\n  \
        jigsat design puzzles/hexiamonds-hexagon-nine.toml --unique\n  \
        jigsat design puzzles/pentominoes-5x11-eleven.toml --sort distinct --format csv\n  \
        jigsat design SolidSixPieceBurrs.xmpuzzle --disassemble --sort level --format json\n  \
        jigsat split puzzles/pentominoes-5x11-eleven.toml --parts 8 -o pool-parts, then on any \
        machines\n    jigsat design pool-parts/jobs/part-0001.job … each, and jigsat design --merge \
        pool-parts\n\n\
        A choice is how many copies of each piece a solution uses (identical copies are one \
        choice); `count` is its solutions on a fixed board, `distinct` up to the board's \
        symmetry. Every solution is found once, checked, and tallied under its choice; the \
        tallies add up to what `count` prints for the same file. A pool whose cells can never \
        fill the board exits 1 with the arithmetic; one with more choices than the memory \
        budget holds is refused (exit 2) with the figure. A stopped run (--time-limit, exit 3; \
        Ctrl-C, 130) prints what it found, and no choice is known complete: the search does \
        not finish choices one by one. See docs/design.md.")]
    Design(DesignArgs),

    /// Can it come apart? Take assemblies apart by sliding pieces (the
    /// cube or prism grid, translations only: no piece turns), as BurrTools does.
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
        The parts are cut where the tree is heavy (each subtree sized by a population of \
        --probes random walks, split \
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

    /// How big the search `count` would run is, before running it: an
    /// estimate from random walks down the search tree (nodes,
    /// and the solutions they reach), and the time it would take at the
    /// pace this machine searches it (measured in a 0.2 s run).
    #[command(after_help = "Examples:\n  \
        jigsat estimate puzzles/y25.toml\n  \
        jigsat estimate puzzles/pentomino-6x10.toml --probes 100000 --format json\n\n\
        The walks go down in eight populations of --probes / 8 (more past 131,072 walks, \
        none over 16,384), level by level: every child \
        of every walk counts, weighted by the share of the level its parent stands for, and \
        when there are more children than walks, that many are drawn again in proportion to \
        their weights, so walks that die are replaced by copies of walks that live. Each \
        population's sum of weights is an unbiased estimate of the tree's size; the figure is \
        their mean, and the ± figure its standard error from their spread (it shrinks with \
        more --probes). `count` prints \
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
            Command::Design(a) => (&a.puzzle, &a.search),
            Command::Disasm(a) => (&a.puzzle, &a.search),
            Command::Estimate(a) => (&a.puzzle, &a.search),
            _ => return None,
        };
        search.time_limit.map(|limit| (puzzle.as_path(), limit))
    }
}
