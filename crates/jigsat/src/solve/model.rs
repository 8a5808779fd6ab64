//! Reading a SAT solver's answer: what `decode` and the external solvers
//! share.
//!
//! Three shapes are understood, with `c` comment lines allowed anywhere:
//!
//! - SAT competition output: `s SATISFIABLE` (or `UNSATISFIABLE`,
//!   `UNKNOWN`) and the model on `v` lines, wrapped anywhere, ended by `0`;
//! - minisat's result file: `SAT` (or `UNSAT`, `INDET`) and one line of
//!   literals ended by `0`;
//! - a bare list of literals ended by `0`.
//!
//! The closing `0` is required: it is how a truncated model is told from a
//! complete one. Every problem is reported with its line (and column), and
//! nothing here can panic, whatever the bytes (see the property tests in
//! `tests/model_parser.rs`).

use std::fmt;

use super::dimacs::truncate;

/// What a solver's output says: a model, no model, or that it gave up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverOutput {
    /// The model's literals, each with the line it was read from.
    Sat(Vec<Literal>),
    /// The solver says there is no model (`UNSATISFIABLE`, `UNSAT`).
    Unsat,
    /// The solver gave up (`s UNKNOWN`, `INDET`).
    Unknown,
}

/// One literal of a model and where it was.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Literal {
    pub value: i32,
    pub line: usize,
    pub column: usize,
}

/// A problem with a model, at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelError {
    /// The line of the solver's output, from 1.
    pub line: usize,
    /// The column in that line, from 1.
    pub column: usize,
    /// What is wrong there and what was expected.
    pub message: String,
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ModelError {}

/// What a status line claims.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Claim {
    Sat,
    Unsat,
    Unknown,
}

/// Whether literals came on `v` lines or bare.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Style {
    VLines,
    Bare,
}

const EXPECTED: &str = "expected `s SATISFIABLE`/`UNSATISFIABLE`/`UNKNOWN`, `v` lines of literals, \
    minisat's `SAT`/`UNSAT`, or a list of literals ended by 0";

/// The error of a model that falsifies clause `k` (from 0) of the CNF
/// written for `puzzle` with `encoded`'s options: a model of another CNF.
pub fn of_another_cnf(
    model: &str,
    k: usize,
    puzzle: &str,
    encoded: &crate::encode::Encoded,
) -> crate::error::InputError {
    crate::error::InputError {
        file: model.to_string(),
        position: None,
        field: None,
        message: format!(
            "the model falsifies clause {} of the CNF for {puzzle} ({} encoding): it is a \
             model of another CNF (another puzzle, or other options?)",
            k + 1,
            encoded.encoding
        ),
    }
}

/// Parses a solver's answer.
pub fn parse(bytes: &[u8]) -> Result<SolverOutput, ModelError> {
    let mut reader = Reader::default();
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let n = i + 1;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let Ok(line) = std::str::from_utf8(raw) else {
            return Err(error(
                n,
                1,
                "not text (invalid UTF-8): is this a solver's output?",
            ));
        };
        reader.line(n, line)?;
    }
    reader.finish()
}

fn error(line: usize, column: usize, message: impl Into<String>) -> ModelError {
    ModelError {
        line,
        column,
        message: message.into(),
    }
}

/// The state of a parse between lines: what has been claimed and read so
/// far, so that each line can be judged against the ones before it.
#[derive(Default)]
struct Reader {
    /// The status line's claim and its line number, once seen.
    claim: Option<(Claim, usize)>,
    /// How the first line of literals was written; the others must match.
    style: Option<Style>,
    literals: Vec<Literal>,
    /// Where the closing 0 was, once seen.
    closed: Option<usize>,
    /// The last line that was not blank.
    last_line: usize,
}

impl Reader {
    /// Reads line `n`: blank, a comment, a status line or literals.
    fn line(&mut self, n: usize, line: &str) -> Result<(), ModelError> {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            return Ok(());
        }
        self.last_line = n;
        let indent = line.len() - line.trim_start().len();
        let first = trimmed.split_whitespace().next().unwrap_or("");
        if first.starts_with('c') {
            // A comment, in every format.
            return Ok(());
        }
        if let Some(claim) = status_line(trimmed, n, indent)? {
            return self.claim(claim, n, indent);
        }
        self.literal_line(line, first, n, indent)
    }

    /// Records a status line, which must come once and before any values.
    fn claim(&mut self, claim: Claim, n: usize, indent: usize) -> Result<(), ModelError> {
        if let Some((_, earlier)) = self.claim {
            return Err(error(
                n,
                indent + 1,
                format!("a second status line (the first is on line {earlier})"),
            ));
        }
        if !self.literals.is_empty() || self.closed.is_some() {
            return Err(error(
                n,
                indent + 1,
                "the status comes after the values; expected it first",
            ));
        }
        self.claim = Some((claim, n));
        Ok(())
    }

    /// Reads a line of literals, `v ...` or bare, in the style of the ones
    /// before it.
    fn literal_line(
        &mut self,
        line: &str,
        first: &str,
        n: usize,
        indent: usize,
    ) -> Result<(), ModelError> {
        let (style, body_start) = if first == "v" {
            (Style::VLines, indent + 1)
        } else if first.starts_with(|c: char| c == '-' || c == '+' || c.is_ascii_digit()) {
            (Style::Bare, indent)
        } else {
            return Err(error(
                n,
                indent + 1,
                format!("{EXPECTED}; found `{}`", truncate(line.trim(), 60)),
            ));
        };
        match self.style {
            None => self.style = Some(style),
            Some(earlier) if earlier != style => {
                return Err(error(
                    n,
                    indent + 1,
                    match earlier {
                        Style::VLines => "expected a `v` line like the ones before",
                        Style::Bare => "a `v` line after bare literals",
                    },
                ));
            }
            Some(_) => {}
        }
        if let Some((Claim::Unsat | Claim::Unknown, at)) = self.claim {
            return Err(error(
                n,
                indent + 1,
                format!("values after the status on line {at}, which says there is no model"),
            ));
        }
        for (column, token) in tokens(line, body_start) {
            self.literal(token, n, column)?;
        }
        Ok(())
    }

    /// Reads one token: a literal, or the closing 0.
    fn literal(&mut self, token: &str, n: usize, column: usize) -> Result<(), ModelError> {
        if let Some(at) = self.closed {
            return Err(error(
                n,
                column,
                format!("`{}` after the closing 0 on line {at}", truncate(token, 20)),
            ));
        }
        let value = parse_literal(token).ok_or_else(|| {
            error(
                n,
                column,
                format!(
                    "expected a literal (a non-zero number like 12 or -7, or the closing 0), found `{}`",
                    truncate(token, 20)
                ),
            )
        })?;
        if value == 0 {
            self.closed = Some(n);
        } else {
            self.literals.push(Literal {
                value,
                line: n,
                column,
            });
        }
        Ok(())
    }

    /// The answer, once every line is read: a claimed or implied model
    /// must be there and closed.
    fn finish(self) -> Result<SolverOutput, ModelError> {
        match self.claim.map(|c| c.0) {
            Some(Claim::Unsat) => Ok(SolverOutput::Unsat),
            Some(Claim::Unknown) => Ok(SolverOutput::Unknown),
            Some(Claim::Sat) | None => {
                if self.style.is_none() {
                    return Err(error(
                        self.last_line.max(1),
                        1,
                        if self.claim.is_some() {
                            "satisfiable, but no values follow (expected `v` lines or a line of literals)"
                                .into()
                        } else {
                            format!("no answer found: {EXPECTED}")
                        },
                    ));
                }
                if self.closed.is_none() {
                    return Err(error(
                        self.last_line,
                        1,
                        "the values end without the closing 0: the model is truncated",
                    ));
                }
                Ok(SolverOutput::Sat(self.literals))
            }
        }
    }
}

/// The claim of a status line (`s ...` or minisat's bare word), `None` for
/// any other line.
fn status_line(trimmed: &str, n: usize, indent: usize) -> Result<Option<Claim>, ModelError> {
    let mut words = trimmed.split_whitespace();
    let first = words.next().unwrap_or("");
    if first == "s" {
        let claim = match words.next().unwrap_or("") {
            "SATISFIABLE" => Claim::Sat,
            "UNSATISFIABLE" => Claim::Unsat,
            "UNKNOWN" | "INDETERMINATE" => Claim::Unknown,
            _ => {
                return Err(error(
                    n,
                    indent + 1,
                    format!(
                        "expected `s SATISFIABLE`, `s UNSATISFIABLE` or `s UNKNOWN`, found `{}`",
                        truncate(trimmed, 60)
                    ),
                ));
            }
        };
        if let Some(extra) = words.next() {
            return Err(error(
                n,
                indent + 1,
                format!("unexpected `{}` after the status", truncate(extra, 20)),
            ));
        }
        return Ok(Some(claim));
    }
    if !is_status_word(first) {
        return Ok(None);
    }
    if words.next().is_some() {
        return Err(error(
            n,
            indent + 1,
            format!(
                "expected `{first}` alone on its line, found `{}`",
                truncate(trimmed, 60)
            ),
        ));
    }
    Ok(Some(match first {
        "SAT" | "SATISFIABLE" => Claim::Sat,
        "UNSAT" | "UNSATISFIABLE" => Claim::Unsat,
        _ => Claim::Unknown,
    }))
}

fn is_status_word(w: &str) -> bool {
    matches!(
        w,
        "SAT" | "UNSAT" | "INDET" | "SATISFIABLE" | "UNSATISFIABLE" | "UNKNOWN"
    )
}

/// The whitespace-separated tokens of `line` from byte `start` on, each with
/// its 1-based column.
fn tokens(line: &str, start: usize) -> impl Iterator<Item = (usize, &str)> {
    let rest = line.get(start..).unwrap_or("");
    let mut pos = start;
    rest.split_inclusive(char::is_whitespace)
        .filter_map(move |piece| {
            let at = pos;
            pos += piece.len();
            let token = piece.trim_end();
            (!token.is_empty()).then_some((at + 1, token))
        })
}

fn parse_literal(token: &str) -> Option<i32> {
    let digits = token.strip_prefix('+').unwrap_or(token);
    let n: i32 = digits.parse().ok()?;
    (n != i32::MIN).then_some(n)
}

/// Turns a model's literals into values for variables `1..=num_vars`
/// (slot 0 unused). Every variable must get exactly one value, and no
/// literal may name a variable the CNF does not have: anything else is a
/// model of some other CNF, or a damaged one.
pub fn assignment(lits: &[Literal], num_vars: u32) -> Result<Vec<bool>, ModelError> {
    let mut values: Vec<Option<bool>> = vec![None; num_vars as usize + 1];
    for l in lits {
        let var = l.value.unsigned_abs();
        if var > num_vars {
            return Err(ModelError {
                line: l.line,
                column: l.column,
                message: format!(
                    "literal {} names variable {var}, but the CNF has {num_vars} variables: \
                     a model of another CNF?",
                    l.value
                ),
            });
        }
        let slot = &mut values[var as usize];
        match *slot {
            Some(v) if v != (l.value > 0) => {
                return Err(ModelError {
                    line: l.line,
                    column: l.column,
                    message: format!("variable {var} is given both values"),
                });
            }
            _ => *slot = Some(l.value > 0),
        }
    }
    if let Some(missing) = (1..values.len()).find(|&v| values[v].is_none()) {
        let assigned = values.iter().skip(1).filter(|v| v.is_some()).count();
        let last = lits.last().map_or((1, 1), |l| (l.line, l.column));
        return Err(ModelError {
            line: last.0,
            column: last.1,
            message: format!(
                "the model gives values to {assigned} of the CNF's {num_vars} variables \
                 (none to variable {missing}): truncated, or a model of another CNF?"
            ),
        });
    }
    let mut out = vec![false; values.len()];
    for (o, v) in out.iter_mut().zip(&values) {
        *o = v.unwrap_or(false);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sat(text: &str) -> Vec<i32> {
        match parse(text.as_bytes()) {
            Ok(SolverOutput::Sat(l)) => l.into_iter().map(|l| l.value).collect(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn competition_output() {
        let text = "c kissat\ns SATISFIABLE\nv 1 -2 3\nv -4 0\nc done\n";
        assert_eq!(sat(text), vec![1, -2, 3, -4]);
        assert_eq!(
            parse(b"c x\ns UNSATISFIABLE\n").unwrap(),
            SolverOutput::Unsat
        );
        assert_eq!(parse(b"s UNKNOWN\n").unwrap(), SolverOutput::Unknown);
    }

    #[test]
    fn minisat_result_file_and_bare_lists() {
        assert_eq!(sat("SAT\n1 -2 3 0\n"), vec![1, -2, 3]);
        assert_eq!(parse(b"UNSAT\n").unwrap(), SolverOutput::Unsat);
        assert_eq!(parse(b"INDET\n").unwrap(), SolverOutput::Unknown);
        assert_eq!(sat("1 -2\r\n3 0\r\n"), vec![1, -2, 3]);
    }

    #[test]
    fn problems_name_their_line() {
        let e = parse(b"s SATISFIABLE\nv 1 -2 3\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("truncated"), "{e}");
        let e = parse(b"s SATISFIABLE\nv 1 x 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 5));
        let e = parse(b"hello world\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse(b"").unwrap_err();
        assert!(e.message.contains("no answer"), "{e}");
        let e = parse(b"1 2 0\n3 0\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(parse(b"s SATISFIABLE\n1 2 0\nv 3 0\n").is_err());
        assert!(parse(b"s UNSATISFIABLE\nv 1 0\n").is_err());
    }

    #[test]
    fn assignments_are_complete_and_consistent() {
        let lits = |v: &[i32]| -> Vec<Literal> {
            v.iter()
                .map(|&value| Literal {
                    value,
                    line: 1,
                    column: 1,
                })
                .collect()
        };
        assert_eq!(
            assignment(&lits(&[1, -2, 3]), 3).unwrap(),
            vec![false, true, false, true]
        );
        assert!(
            assignment(&lits(&[1, -2]), 3)
                .unwrap_err()
                .message
                .contains("2 of")
        );
        assert!(assignment(&lits(&[1, -2, 4]), 3).is_err());
        assert!(assignment(&lits(&[1, -1, 2]), 2).is_err());
    }
}
