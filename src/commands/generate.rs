//! `jigsat generate`: puzzle files with a planted solution.

use crate::cli::GenerateCommand;
use crate::exit::Exit;
use jigsat::api::Result;
use jigsat::api::generate::EdgePuzzle;

use super::shared::Sink;

pub fn run(what: &GenerateCommand) -> Result<Exit> {
    match what {
        GenerateCommand::Edges(args) => {
            let mut spec = EdgePuzzle::new(args.size.0, args.size.1, args.colours)
                .clues(args.clues)
                .seed(args.seed);
            if let Some(border) = &args.border {
                spec = spec.border(border);
            }
            if let Some(labels) = args.frame_colours {
                spec = spec.frame_colours(labels);
            }
            Sink {
                path: args.output.as_deref(),
            }
            .write(&spec.to_toml()?)?;
            Ok(Exit::Done)
        }
    }
}
