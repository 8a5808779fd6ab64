//! `jigsat check-certificate DIR [PUZZLE]`: a certificate directory
//! re-checked from the puzzle alone
//! ([`jigsat::api::certificate::Certifier::check_directory`]).

use crate::cli::CheckCertificateArgs;
use crate::exit::Exit;
use jigsat::api::Result;
use jigsat::api::Solver;
use jigsat::api::certificate::{Certifier, Claim};

pub fn run(args: &CheckCertificateArgs, quiet: bool) -> Result<Exit> {
    let started = std::time::Instant::now();
    let solver = Solver::new().stop_flag(jigsat::api::process::interrupt_flag());
    let checked = Certifier::new(&solver).check_directory(&args.dir, args.puzzle.as_deref())?;
    println!(
        "{}: certified: {}",
        args.dir.display(),
        match checked.claim {
            Claim::NoSolution | Claim::NoSolutionByColouring => "no solution".to_string(),
            Claim::Solved => "solved".to_string(),
            Claim::Count => format!(
                "{} solutions, {} distinct",
                checked.solutions, checked.distinct
            ),
        }
    );
    if !quiet {
        eprintln!(
            "{}: {} ({:.3} s)",
            args.dir.display(),
            checked.summary,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(Exit::Done)
}
