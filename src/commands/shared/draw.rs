//! The picture formats (`svg`, `html`, `stl`) for every command that draws
//! solutions, so that `solve`, `solve --all`, `decode` and a split's part
//! write them the same way.

use crate::cli::DrawArgs;
use crate::cli::Format;
use jigsat::api::{Error, Puzzle, Result, Solution, process, render};

use super::Sink;

impl Sink<'_> {
    /// Refuses, before any search, a picture that cannot be written.
    pub(crate) fn check_picture(
        &self,
        format: Format,
        draw: &DrawArgs,
        puzzle: &Puzzle,
    ) -> Result<()> {
        let name = match format {
            Format::Svg => "svg",
            Format::Html => "html",
            Format::Stl => "stl",
            Format::Text | Format::Json => return Ok(()),
        };
        if let Some(why) = render::refusal(puzzle, name) {
            return Err(Error::Usage(why));
        }
        if format != Format::Stl {
            return Ok(());
        }
        let refuse = |why: &str| Err(Error::Usage(format!("--format stl: {why}")));
        if puzzle.is_tiles() {
            return refuse("edge-matching tiles have no solid shape to print");
        }
        if self.path.is_none() {
            return refuse(
                "STL is a binary file: give -o DIR/ (each piece and the assembly) or \
                 -o FILE.stl (the assembly)",
            );
        }
        if draw.gap >= draw.unit {
            return refuse(&format!(
                "a gap of {} mm leaves nothing of a {} mm cube: give --gap below --unit",
                draw.gap, draw.unit
            ));
        }
        Ok(())
    }

    /// The solutions in a picture format.
    pub(crate) fn write_picture(
        &self,
        format: Format,
        draw: &DrawArgs,
        puzzle: &Puzzle,
        solutions: &[Solution],
    ) -> Result<()> {
        match format {
            Format::Svg => self.write_svg(puzzle, solutions),
            Format::Html => {
                let title = match solutions.len() {
                    1 => puzzle.name().to_string(),
                    0 => format!("{}: no solution", puzzle.name()),
                    n => format!("{}: {n} solutions", puzzle.name()),
                };
                self.write(&render::html(puzzle, solutions, &title))
            }
            Format::Stl => self.write_stl(draw, puzzle, solutions),
            Format::Text | Format::Json => Ok(()),
        }
    }

    /// `-o DIR/`: per solution the assembly and one file per piece (in
    /// `DIR/solution-N/` when there are several); `-o FILE.stl`: the
    /// assembly of the one solution.
    pub(crate) fn write_stl(
        &self,
        draw: &DrawArgs,
        puzzle: &Puzzle,
        solutions: &[Solution],
    ) -> Result<()> {
        self.check_picture(Format::Stl, draw, puzzle)?;
        let Some(path) = self.path else {
            return Ok(());
        };
        if !self.is_directory() {
            return match solutions {
                [] => Ok(()),
                [s] => process::write_bytes(path, &s.stl(draw.unit, draw.gap)?),
                _ => Err(Error::Usage(
                    "--format stl with several solutions: give -o DIR/ for a folder each".into(),
                )),
            };
        }
        for (i, s) in solutions.iter().enumerate() {
            let dir = match solutions.len() {
                1 => path.to_path_buf(),
                _ => path.join(format!("solution-{}", i + 1)),
            };
            std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
            process::write_bytes(&dir.join("assembly.stl"), &s.stl(draw.unit, draw.gap)?)?;
            for (name, bytes) in s.stl_pieces(draw.unit, draw.gap)? {
                process::write_bytes(&dir.join(name), &bytes)?;
            }
        }
        Ok(())
    }
}
