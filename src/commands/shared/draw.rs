//! The picture formats (`svg`, `html`, `stl`) for every command that draws
//! solutions, so that `solve`, `solve --all`, `decode` and a split's part
//! write them the same way.

use std::path::Path;

use crate::cli::DrawArgs;
use crate::cli::Format;
use jigsat::api::{Error, Result};
use jigsat::internal::puzzle::Puzzle;
use jigsat::internal::render::{html, stl};
use jigsat::internal::solution::Solution;

use super::Sink;

impl Sink<'_> {
    /// Refuses, before any search, a picture that cannot be written.
    pub(crate) fn check_picture(
        &self,
        format: Format,
        draw: &DrawArgs,
        puzzle: &Puzzle,
    ) -> Result<()> {
        if format != Format::Stl {
            return Ok(());
        }
        self.check_stl(puzzle.tiling().is_some(), draw)
    }

    /// Refuses an STL that cannot be written: of tiles, to no file, or
    /// with a gap that leaves nothing of a cube.
    fn check_stl(&self, tiles: bool, draw: &DrawArgs) -> Result<()> {
        let refuse = |why: &str| Err(Error::Usage(format!("--format stl: {why}")));
        if tiles {
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
                    1 => puzzle.name.clone(),
                    0 => format!("{}: no solution", puzzle.name),
                    n => format!("{}: {n} solutions", puzzle.name),
                };
                self.write(&html::document(puzzle, solutions, &title))
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
                [s] => write_file(path, &assembly(puzzle, s, draw)),
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
            write_file(&dir.join("assembly.stl"), &assembly(puzzle, s, draw))?;
            let looks = jigsat::internal::render::svg::Looks::new(puzzle, s);
            let width = s.pieces().len().to_string().len();
            for (k, placed) in s.pieces().iter().enumerate() {
                let cells = stl::lay_flat(&stl::printer_frame(&placed.cells));
                let name = format!("{:0width$}-{}.stl", k + 1, file_name(&looks.labels[k]));
                let title = format!("{} {}", puzzle.name, looks.labels[k]);
                let bytes = stl::file(&title, &stl::surface(&cells, draw.print()));
                write_file(&dir.join(name), &bytes)?;
            }
        }
        Ok(())
    }
}

/// Every piece where it lies in the box, each shrunk by the gap, in one
/// file.
pub(crate) fn assembly(puzzle: &Puzzle, solution: &Solution, draw: &DrawArgs) -> Vec<u8> {
    stl::assembly(puzzle, solution, draw.print())
}

/// A label made safe for a file name.
pub(crate) fn file_name(label: &str) -> String {
    label
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Through the safe writer, as every other output: never over a file the
/// run reads (`solve P.toml --format stl -o P.toml` once replaced the
/// puzzle), never half written.
pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    jigsat::internal::process::files::write_atomically(path, |mut file| {
        use std::io::Write;
        file.write_all(bytes)?;
        Ok(bytes.len() as u64)
    })?;
    Ok(())
}

impl Sink<'_> {
    /// [`Sink::write_picture`] of one solution in the façade's terms
    /// (`solve JOB`): the same files, names and refusals.
    pub(crate) fn write_solution_picture(
        &self,
        format: Format,
        draw: &DrawArgs,
        solution: &jigsat::api::Solution,
    ) -> Result<()> {
        let name = solution.puzzle_name();
        match format {
            Format::Svg => match self.path {
                Some(dir) if self.is_directory() => {
                    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
                    let title = format!("{name}: solution 1");
                    let text = solution.svg_titled(&title);
                    write_file(&dir.join("solution-1.svg"), text.as_bytes())
                }
                _ => self.write(&solution.svg()),
            },
            Format::Html => self.write(&solution.html()),
            Format::Stl => self.write_solution_stl(draw, solution),
            Format::Text | Format::Json => Ok(()),
        }
    }

    /// [`Sink::write_stl`] of one solution in the façade's terms.
    fn write_solution_stl(&self, draw: &DrawArgs, solution: &jigsat::api::Solution) -> Result<()> {
        // A tile lies with its edges; a piece has none.
        let tiles = solution.pieces().iter().any(|p| !p.edges.is_empty());
        self.check_stl(tiles, draw)?;
        let Some(path) = self.path else {
            return Ok(());
        };
        let assembly = solution.stl(draw.unit, draw.gap)?;
        if !self.is_directory() {
            return write_file(path, &assembly);
        }
        std::fs::create_dir_all(path).map_err(|e| Error::io(path, e))?;
        write_file(&path.join("assembly.stl"), &assembly)?;
        let pieces = solution.stl_pieces(draw.unit, draw.gap)?;
        let width = pieces.len().to_string().len();
        for (k, (label, bytes)) in pieces.iter().enumerate() {
            let name = format!("{:0width$}-{}.stl", k + 1, file_name(label));
            write_file(&path.join(name), bytes)?;
        }
        Ok(())
    }
}
