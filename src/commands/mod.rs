//! One module per subcommand. Each takes its parsed arguments and returns
//! how the run ended ([`Exit`]); errors go back to `main`. What several
//! subcommands share (loading, the output step, progress, counts, job
//! files) is in [`shared`].

mod best;
mod certify;
mod check_certificate;
mod compare;
mod convert;
mod count;
mod decode;
mod design;
mod dimacs;
mod disasm;
mod estimate;
mod generate;
mod info;
mod level;
mod merge;
mod shared;
mod solve;
mod split;

use crate::cli::{Cli, Command};
use crate::exit::Exit;
use jigsat::api::Result;

pub fn run(cli: &Cli) -> Result<Exit> {
    // Every phase of a run with a time limit is under it, reading the
    // puzzle included: the watchdog starts before anything else.
    if let Some((puzzle, limit)) = cli.command.time_limit() {
        crate::signals::set_deadline(puzzle, limit);
    }
    match &cli.command {
        Command::Solve(args) => solve::run(args, cli.quiet),
        Command::Count(args) => count::run(args, cli.quiet),
        Command::Design(args) => design::run(args, cli.quiet),
        Command::Disasm(args) => disasm::run(args, cli.quiet),
        Command::Estimate(args) => estimate::run(args),
        Command::Split(args) => split::run(args, cli.quiet),
        Command::Merge(args) => merge::run(args),
        Command::Info(args) => info::run(args),
        Command::Dimacs(args) => dimacs::run(args),
        Command::Decode(args) => decode::run(args, cli.quiet),
        Command::Compare(args) => compare::run(args, cli.quiet),
        Command::Generate(what) => generate::run(what),
        Command::Convert(args) => convert::run(args),
        Command::CheckCertificate(args) => check_certificate::run(args, cli.quiet),
    }
}
