//! `jigsat design`: per choice of pieces from a pool, how many solutions
//! (and with --disassemble how many come apart, the highest level), from
//! one enumeration over every choice; as a text table, CSV or JSON.

use std::time::Instant;

use crate::cli::{DesignArgs, DesignFormat, DesignSort};
use crate::exit::Exit;
use jigsat::api::design::{Asked, Design, Row, Sort};
use jigsat::api::{Error, Result, jobs, process};

use super::shared::{Progress, Sink, open, parts};

pub fn run(args: &DesignArgs, quiet: bool) -> Result<Exit> {
    let interrupt = process::interrupt_flag();
    if args.sort == DesignSort::Level && !args.disassemble {
        return Err(Error::Usage(
            "--sort level orders by the levels --disassemble finds; add --disassemble".into(),
        ));
    }
    let parts = args.merge || jobs::is_job(&args.puzzle);
    if parts && args.disassemble {
        return Err(Error::Usage(
            "a split's parts keep no assemblies to take apart: --disassemble runs on the whole pool"
                .into(),
        ));
    }
    if args.merge {
        let design = jobs::merge_design(&args.puzzle, args.all)?;
        return write(args, &design, quiet);
    }
    if jobs::is_job(&args.puzzle) {
        return part(args);
    }
    let started = Instant::now();
    let puzzle = open(&args.puzzle, &args.problem)?;
    let disassembler = match args.disassemble {
        true => {
            super::disasm::check_puzzle(&puzzle)?;
            let asked = super::disasm::Asked {
                path: &args.puzzle,
                problem: args.problem.problem.as_deref(),
                thorough: args.thorough,
                time_limit: args.search.time_limit,
                threads: args.search.jobs.map(|n| n as usize),
                started,
            };
            Some(super::disasm::prepared(&asked)?.moves(false))
        }
        false => None,
    };
    let asked = Asked {
        all: args.all,
        disassemble: disassembler,
    };
    let progress = Progress::new(quiet);
    let solver = args.search.solver().stop_flag(interrupt);
    let design = solver.design(&puzzle, &asked, &mut |n| progress.update(n));
    process::finishing();
    progress.finish();
    write(args, &design?, quiet)
}

/// The table of `design` in the format asked for, then what stopped it.
fn write(args: &DesignArgs, design: &Design, quiet: bool) -> Result<Exit> {
    let halted = design.halted.as_ref();
    let ending = design
        .enumeration
        .ending()
        .then(halted.map(|h| h.unfinished()));
    let sort = match args.sort {
        DesignSort::Choice => Sort::Choice,
        DesignSort::Count => Sort::Count,
        DesignSort::Distinct => Sort::Distinct,
        DesignSort::Level => Sort::Level,
    };
    let mut rows = design.sorted(sort);
    if args.unique {
        rows.retain(|r| r.is_unique());
    }
    let out = match args.format {
        DesignFormat::Text => text(design, &rows, args.disassemble),
        DesignFormat::Csv => csv(&rows, &design.names, args.disassemble),
        DesignFormat::Json => {
            let mut doc = design.json(&rows);
            doc["complete"] = serde_json::json!(ending.unfinished().is_none());
            doc["status"] = serde_json::json!(ending.status());
            format!(
                "{}\n",
                serde_json::to_string_pretty(&doc).unwrap_or_default()
            )
        }
    };
    Sink {
        path: args.output.as_deref(),
    }
    .write(&out)?;
    for same in design.same_shape.iter().filter(|_| !quiet) {
        eprintln!(
            "{}: {} have one shape: counted as copies of {}",
            args.puzzle.display(),
            same.join(", "),
            same[0]
        );
    }
    let found = &design.enumeration;
    super::shared::counts::report_stop_of(&args.puzzle, found);
    if !found.complete && found.refuted.is_none() {
        eprintln!(
            "{}: no choice is known complete: the search does not finish the choices one by one",
            args.puzzle.display()
        );
    }
    if let Some(halted) = halted {
        eprintln!("{}: {halted}", args.puzzle.display());
    }
    Ok(Exit::from(&ending))
}

/// `jigsat design JOB`: one part of a split searched, its tallies split
/// by choice, its result written where `count JOB` writes one (for
/// `design --merge DIR`).
fn part(args: &DesignArgs) -> Result<Exit> {
    let path = &args.puzzle;
    let job = jobs::Part::read(path)?;
    let solver = args.search.solver().stop_flag(process::interrupt_flag());
    let result = match job.design(&solver)? {
        jobs::PartCount::Finished(result) => result,
        jobs::PartCount::Stopped { reason, .. } => {
            let what = format!(
                "part {} of {} not finished; no result written",
                job.number(),
                job.parts()
            );
            return Ok(parts::stopped(path, &reason, &what));
        }
    };
    let json = args.format == DesignFormat::Json;
    parts::write_part(
        &job,
        &result,
        "solutions by choice",
        json,
        args.output.as_deref(),
    )
}

/// A row's pieces for a person: the names used, `NAMExN` for copies.
fn pieces_text(row: &Row) -> String {
    let named: Vec<String> = (row.pieces.iter())
        .map(|(name, n)| match n {
            1 => name.clone(),
            _ => format!("{name}x{n}"),
        })
        .collect();
    match named.is_empty() {
        true => "(none)".into(),
        false => named.join(" "),
    }
}

/// The table: one line per choice, then the totals.
fn text(design: &Design, rows: &[&Row], disassembled: bool) -> String {
    let mut lines: Vec<Vec<String>> =
        vec![vec!["pieces".into(), "count".into(), "distinct".into()]];
    if disassembled {
        lines[0].extend(["come apart".into(), "highest level".into()]);
    }
    for row in rows {
        let mut line = vec![
            pieces_text(row),
            row.count.to_string(),
            row.distinct.to_string(),
        ];
        if disassembled {
            line.push(row.come_apart().map_or("-".into(), |n| n.to_string()));
            line.push(row.highest_level().unwrap_or_else(|| "-".into()));
        }
        lines.push(line);
    }
    let widths: Vec<usize> = (0..lines[0].len())
        .map(|c| {
            lines
                .iter()
                .map(|l| l[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for line in &lines {
        let cells: Vec<String> = (line.iter().zip(&widths).enumerate())
            .map(|(c, (cell, &w))| match c {
                0 => format!("{cell:<w$}"),
                _ => format!("{cell:>w$}"),
            })
            .collect();
        out += cells.join("  ").trim_end();
        out += "\n";
    }
    out + &totals(design)
}

/// The totals line (and the disassembly's), exact or marked as not.
fn totals(design: &Design) -> String {
    let with = design.rows.iter().filter(|r| r.distinct > 0).count();
    let pool = match design.choices < 1e15 {
        true => format!("{:.0}", design.choices),
        false => format!("{:.2e}", design.choices),
    };
    let found = &design.enumeration;
    let mut out = match found.complete {
        true => format!(
            "{with} of {pool} choices have a solution; in all count {} (on a fixed board), distinct {} (up to symmetry)\n",
            design.count, design.distinct
        ),
        false => format!(
            "stopped: {with} of {pool} choices have a solution so far, {} distinct solutions found ({} on a fixed board); no choice is known complete, the figures are not the totals\n",
            design.distinct, design.count
        ),
    };
    if let Some(d) = &design.disassembly {
        out += &format!(
            "{} assemblies taken apart, {} come apart; highest level {}\n",
            d.assemblies,
            d.come_apart,
            d.highest().unwrap_or_else(|| "-".into())
        );
    }
    out
}

/// CSV: a column per piece (its copies), then the figures.
fn csv(rows: &[&Row], names: &[String], disassembled: bool) -> String {
    let quote = |s: &str| match s.contains([',', '"', '\n']) {
        true => format!("\"{}\"", s.replace('"', "\"\"")),
        false => s.to_string(),
    };
    let mut header: Vec<String> = names.iter().map(|n| quote(n)).collect();
    header.extend(["count".into(), "distinct".into()]);
    if disassembled {
        header.extend(["come_apart".into(), "highest_level".into()]);
    }
    let mut out = header.join(",") + "\n";
    for row in rows {
        let mut cells: Vec<String> = (names.iter())
            .map(|n| {
                (row.pieces.iter().find(|(p, _)| p == n))
                    .map_or(0, |(_, c)| *c)
                    .to_string()
            })
            .collect();
        cells.extend([row.count.to_string(), row.distinct.to_string()]);
        if disassembled {
            cells.push(row.come_apart().map_or(String::new(), |n| n.to_string()));
            cells.push(row.highest_level().unwrap_or_default());
        }
        out += &(cells.join(",") + "\n");
    }
    out
}
