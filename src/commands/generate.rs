//! `jigsat generate`: puzzle files with a planted solution.

use crate::cli::GenerateCommand;
use crate::exit::Exit;
use jigsat::api::{Error, Result};
use jigsat::internal::generate::{self, EdgeSpec};

use super::shared::Sink;

pub fn run(what: &GenerateCommand) -> Result<Exit> {
    match what {
        GenerateCommand::Edges(args) => {
            if let Some(b) = &args.border
                && (b.trim().is_empty() || b.trim() != b)
            {
                return Err(Error::Usage(
                    "--border needs a non-empty label without surrounding spaces".into(),
                ));
            }
            let text = generate::edges(&EdgeSpec {
                width: args.size.0,
                height: args.size.1,
                colours: args.colours,
                border: args.border.clone(),
                frame_colours: args.frame_colours,
                clues: args.clues,
                seed: args.seed,
            });
            // Never write a board that `solve` would refuse as too large.
            let name = format!("the generated {}x{} board", args.size.0, args.size.1);
            let puzzle = jigsat::internal::puzzle::Puzzle::parse(&text, &name, "edges")?;
            jigsat::internal::family::tiles::check_size(&puzzle).map_err(|e| {
                Error::Usage(format!(
                    "{name} would be refused by solve: {e}; nothing written"
                ))
            })?;
            Sink {
                path: args.output.as_deref(),
            }
            .write(&text)?;
            Ok(Exit::Done)
        }
    }
}
