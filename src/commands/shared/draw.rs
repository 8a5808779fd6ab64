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
        self.check_picture_tiles(format, draw, puzzle.tiling().is_some())
    }

    /// [`Sink::check_picture`] for a puzzle of the library's façade.
    pub(crate) fn check_picture_of(
        &self,
        format: Format,
        draw: &DrawArgs,
        puzzle: &jigsat::api::Puzzle,
    ) -> Result<()> {
        self.check_picture_tiles(format, draw, puzzle.has_tiles())
    }

    /// [`Sink::check_picture`] of a puzzle with tiles or without.
    fn check_picture_tiles(&self, format: Format, draw: &DrawArgs, tiles: bool) -> Result<()> {
        if format != Format::Stl {
            return Ok(());
        }
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
        self.write_stl_files(
            solutions.len(),
            |i| Ok(assembly(puzzle, &solutions[i], draw)),
            |i| {
                let s = &solutions[i];
                let looks = jigsat::internal::render::svg::Looks::new(puzzle, s);
                Ok(s.pieces()
                    .iter()
                    .zip(looks.labels)
                    .map(|(placed, label)| {
                        let cells = stl::lay_flat(&stl::printer_frame(&placed.cells));
                        let title = format!("{} {label}", puzzle.name);
                        (
                            label,
                            stl::file(&title, &stl::surface(&cells, draw.print())),
                        )
                    })
                    .collect())
            },
        )
    }

    /// The STL files of `count` solutions, each its `assembly` and its
    /// `pieces` (label and bytes): `-o DIR/`: per solution the assembly
    /// and one file per piece (in `DIR/solution-N/` when there are
    /// several); `-o FILE.stl`: the assembly of the one solution.
    fn write_stl_files(
        &self,
        count: usize,
        assembly: impl Fn(usize) -> Result<Vec<u8>>,
        pieces: impl Fn(usize) -> Result<Vec<(String, Vec<u8>)>>,
    ) -> Result<()> {
        let Some(path) = self.path else {
            return Ok(());
        };
        if !self.is_directory() {
            return match count {
                0 => Ok(()),
                1 => write_file(path, &assembly(0)?),
                _ => Err(Error::Usage(
                    "--format stl with several solutions: give -o DIR/ for a folder each".into(),
                )),
            };
        }
        for i in 0..count {
            let dir = match count {
                1 => path.to_path_buf(),
                _ => path.join(format!("solution-{}", i + 1)),
            };
            std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
            write_file(&dir.join("assembly.stl"), &assembly(i)?)?;
            let pieces = pieces(i)?;
            let width = pieces.len().to_string().len();
            for (k, (label, bytes)) in pieces.iter().enumerate() {
                let name = format!("{:0width$}-{}.stl", k + 1, file_name(label));
                write_file(&dir.join(name), bytes)?;
            }
        }
        Ok(())
    }
}

/// The pictures of the library's façade, for the commands built on it:
/// the same files as [`Sink::write_picture`].
impl Sink<'_> {
    /// The solutions in a picture format.
    pub(crate) fn write_pictures(
        &self,
        format: Format,
        draw: &DrawArgs,
        puzzle: &jigsat::api::Puzzle,
        solutions: &[jigsat::api::Solution],
    ) -> Result<()> {
        use jigsat::api::pictures;
        match format {
            Format::Svg => match self.path {
                Some(dir) if self.is_directory() => {
                    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
                    let width = solutions.len().to_string().len();
                    for (i, s) in solutions.iter().enumerate() {
                        let path = dir.join(format!("solution-{:0width$}.svg", i + 1));
                        let title = format!("{}: solution {}", puzzle.name(), i + 1);
                        Sink { path: Some(&path) }.write(&pictures::svg_titled(s, &title)?)?;
                    }
                    Ok(())
                }
                _ => self.write(&pictures::svg(puzzle, solutions)?),
            },
            Format::Html => {
                let title = match solutions.len() {
                    1 => puzzle.name().to_string(),
                    0 => format!("{}: no solution", puzzle.name()),
                    n => format!("{}: {n} solutions", puzzle.name()),
                };
                self.write(&pictures::html(puzzle, solutions, &title)?)
            }
            Format::Stl => self.write_stls(draw, puzzle, solutions),
            Format::Text | Format::Json => Ok(()),
        }
    }

    /// [`Sink::write_stl`] for the façade's solutions.
    fn write_stls(
        &self,
        draw: &DrawArgs,
        puzzle: &jigsat::api::Puzzle,
        solutions: &[jigsat::api::Solution],
    ) -> Result<()> {
        self.check_picture_of(Format::Stl, draw, puzzle)?;
        self.write_stl_files(
            solutions.len(),
            |i| solutions[i].stl(draw.unit, draw.gap),
            |i| jigsat::api::pictures::stl_pieces(&solutions[i], draw.unit, draw.gap),
        )
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
