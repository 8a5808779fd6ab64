//! `jigsat check-certificate DIR [PUZZLE]`: a certificate directory
//! re-checked from the puzzle alone ([`jigsat::internal::certify::directory`]).

use crate::cli::CheckCertificateArgs;
use crate::exit::Exit;
use jigsat::api::Result;
use jigsat::internal::certify::{Until, directory};

pub fn run(args: &CheckCertificateArgs, quiet: bool) -> Result<Exit> {
    let started = std::time::Instant::now();
    if let Some(p) = &args.puzzle {
        jigsat::internal::process::files::reading(p);
    }
    let until = Until::new(None, jigsat::internal::process::interrupt::flag());
    let certified = directory::check(&args.dir, args.puzzle.as_deref(), &until)?;
    println!(
        "{}: certified: {}",
        args.dir.display(),
        match certified.manifest.claim {
            directory::Claim::NoSolution | directory::Claim::NoSolutionColouring =>
                "no solution".to_string(),
            directory::Claim::Solved => "solved".to_string(),
            directory::Claim::Count => format!(
                "{} solutions, {} distinct",
                certified.manifest.solutions, certified.manifest.distinct
            ),
        }
    );
    if !quiet {
        eprintln!(
            "{}: {} ({:.3} s)",
            args.dir.display(),
            certified.summary,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(Exit::Done)
}
