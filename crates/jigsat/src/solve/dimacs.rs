//! Writing the CNF as DIMACS, and reading back the header jigsat wrote.
//!
//! A jigsat DIMACS file starts with `c` lines a person (and `decode`) can
//! read:
//!
//! ```text
//! c jigsat 0.1.0
//! c puzzle Soma cube
//! c file puzzles/soma.toml
//! c option encoding=auto
//! c option card=sequential
//! c option symmetry=on
//! c note symmetry breaking: piece Z: kept 2 of its 72 placements, ...
//! c fingerprint 5f1c0a9e3b7d2468
//! c placements 1..688 name pieces and cells; variables above 688 are auxiliary
//! c var 1 V (0,0,0) (1,0,0) (0,1,0)
//! ...
//! p cnf 688 185252
//! ```
//!
//! The fingerprint hashes everything the CNF depends on: the puzzle's
//! canonical data (board cells, pieces, shapes, counts, moves, fill), every
//! `option` line, the variable and clause counts and the clauses
//! themselves. `decode --cnf` recomputes it to make sure a model is read
//! through the encoding that produced it.
//!
//! Clauses are streamed through a buffered writer with a hand-rolled
//! integer formatter: the big CNFs have tens of millions of clauses, and
//! `write!` per literal would be the bottleneck.

use std::io::{self, BufRead, Write};
use std::path::Path;

use crate::encode::{Cnf, Encoded};
use crate::error::{Error, InputError};
use crate::fingerprint::Fnv64;
use crate::process::files::{Counting, write_atomically};
use crate::puzzle::Puzzle;

/// What a DIMACS file is the CNF of: the puzzle, the options that shaped
/// the encoding, and the encoded CNF.
pub struct CnfSource<'a> {
    /// The puzzle: its name goes in the header, its data into the
    /// fingerprint.
    pub puzzle: &'a Puzzle,
    /// The puzzle file as the user named it (shown, not hashed).
    pub file: &'a str,
    /// One line per placement variable naming it (`Y (0,0,0) (1,0,0) ...`).
    pub describe: &'a dyn Fn(u32) -> String,
    /// The CNF written, with its notes (`c note` lines) and the number of
    /// placement variables.
    pub encoded: &'a Encoded,
    /// `name=value` pairs of every option that changes the CNF, in a fixed
    /// order. Each becomes a `c option` line and part of the fingerprint.
    pub options: Vec<(String, String)>,
}

impl CnfSource<'_> {
    /// The options list for an encoded CNF: the at-most-one and
    /// cardinality encodings, and whether symmetry breaking is in it.
    pub fn options_for(encoded: &Encoded) -> Vec<(String, String)> {
        let symmetry = if encoded
            .notes
            .iter()
            .any(|n| n.starts_with("symmetry breaking"))
        {
            "on"
        } else {
            "off"
        };
        let mut options: Vec<(String, String)> = vec![
            ("encoding".into(), encoded.encoding.name().into()),
            ("card".into(), encoded.card.name().into()),
        ];
        if let Some(edges) = encoded.edges {
            options.push(("edges".into(), edges.name().into()));
        }
        options.push(("symmetry".into(), symmetry.into()));
        options
    }

    /// The fingerprint, as 16 hex digits.
    pub fn fingerprint(&self) -> String {
        let mut h = Fnv64::default();
        h.str("jigsat-dimacs-1");
        self.puzzle.hash_into(&mut h);
        for (k, v) in &self.options {
            h.str(k);
            h.str(v);
        }
        hash_cnf(&mut h, &self.encoded.cnf);
        format!("{:016x}", h.finish())
    }
}

fn hash_cnf(h: &mut Fnv64, cnf: &Cnf) {
    h.word(u64::from(cnf.num_vars()));
    h.word(cnf.num_clauses() as u64);
    for clause in cnf.clauses() {
        h.word(clause.len() as u64);
        // Two literals per word.
        for pair in clause.chunks(2) {
            let a = pair[0].to_dimacs() as u32 as u64;
            let b = pair.get(1).map_or(0, |l| l.to_dimacs() as u32 as u64);
            h.word(a << 32 | b);
        }
    }
}

/// Writes the whole DIMACS file: comments, `p cnf` header, clauses.
/// Returns the number of bytes written.
pub fn write<W: Write>(out: W, source: &CnfSource) -> io::Result<u64> {
    write_with(out, source, None)
}

/// Cubes by part: each part's number and its cubes (literals over the
/// placement variables, option `o` being variable `o + 1`).
pub type PartCubes = [(usize, Vec<Vec<i64>>)];

/// Writes the CNF in the incremental format CaDiCaL, Paracooba and Mallob
/// read for cube-and-conquer: the same comments, `p inccnf`, the clauses,
/// then one `a LITS 0` line per cube, part after part; a `c part N cubes
/// FIRST..LAST` line in the header says which cubes make part N (the
/// format has no comments after the header). `parts` lists each part's
/// cubes as literals (a placement taken, or one ruled out where the tree
/// left a piece unused: [`crate::exact::cube_literals`]). The variable and clause counts,
/// which `p inccnf` does not carry, are on a `c cnf VARIABLES CLAUSES`
/// line, so `decode --cnf` can check a model against the file.
pub fn write_cubes<W: Write>(out: W, source: &CnfSource, parts: &PartCubes) -> io::Result<u64> {
    write_with(out, source, Some(parts))
}

fn write_with<W: Write>(out: W, source: &CnfSource, cubes: Option<&PartCubes>) -> io::Result<u64> {
    let mut out = io::BufWriter::with_capacity(
        1 << 16,
        Counting {
            inner: out,
            bytes: 0,
        },
    );
    let cnf = &source.encoded.cnf;
    let puzzle = source.puzzle;
    writeln!(out, "c jigsat {}", env!("CARGO_PKG_VERSION"))?;
    writeln!(out, "c puzzle {}", comment(&puzzle.name))?;
    writeln!(out, "c file {}", comment(source.file))?;
    for (k, v) in &source.options {
        writeln!(out, "c option {k}={v}")?;
    }
    for note in &source.encoded.notes {
        writeln!(out, "c note {}", comment(note))?;
    }
    writeln!(out, "c fingerprint {}", source.fingerprint())?;
    let options = source.encoded.options;
    writeln!(
        out,
        "c placements 1..{options} name pieces and cells; variables above {options} are auxiliary"
    )?;
    let mut line = Vec::with_capacity(256);
    for option in 0..options as u32 {
        line.clear();
        var_lines(&mut line, option + 1, &one_line(&(source.describe)(option)));
        out.write_all(&line)?;
    }
    match cubes {
        None => writeln!(out, "p cnf {} {}", cnf.num_vars(), cnf.num_clauses())?,
        Some(parts) => {
            // CaDiCaL reads no comments after the header: which cubes
            // make which part goes here.
            let mut first = 1;
            for (part, cubes) in parts {
                let last = first + cubes.len() - 1;
                writeln!(out, "c part {part} cubes {first}..{last}")?;
                first = last + 1;
            }
            writeln!(out, "c cnf {} {}", cnf.num_vars(), cnf.num_clauses())?;
            writeln!(out, "p inccnf")?;
        }
    }
    write_clauses(&mut out, cnf)?;
    for (_, cubes) in cubes.unwrap_or_default() {
        for cube in cubes {
            line.clear();
            line.extend_from_slice(b"a ");
            for &literal in cube {
                push_int(&mut line, literal);
                line.push(b' ');
            }
            line.extend_from_slice(b"0\n");
            out.write_all(&line)?;
        }
    }
    out.flush()?;
    Ok(out.get_ref().bytes)
}

/// Just the clauses, one per line, each ended by ` 0`.
pub fn write_clauses<W: Write>(out: &mut W, cnf: &Cnf) -> io::Result<()> {
    // Format a batch of clauses into one buffer, then hand it over: fewer
    // calls through the writer than one per clause.
    let mut buf = Vec::with_capacity(1 << 16);
    for clause in cnf.clauses() {
        for l in clause {
            push_int(&mut buf, l.to_dimacs().into());
            buf.push(b' ');
        }
        buf.extend_from_slice(b"0\n");
        if buf.len() >= (1 << 16) - 256 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)
}

/// Appends the decimal digits of `n`.
fn push_int(buf: &mut Vec<u8>, n: i64) {
    if n < 0 {
        buf.push(b'-');
    }
    let mut v = n.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

/// The longest comment line written, in bytes without its newline: the
/// published LRAT checker (`lrat-check`) stops at a comment line of 1,024
/// bytes or more, and a certificate's CNF must be readable by the checker
/// its manifest names.
pub const MAX_COMMENT: usize = 1000;

/// A name, path or note for one comment line: on one line, cut to fit
/// [`MAX_COMMENT`] with its length said.
fn comment(s: &str) -> String {
    crate::clean::cut_bytes(&one_line(s), MAX_COMMENT - "c puzzle ".len())
}

/// The `c var N DESCRIPTION` line of placement variable `var`, split at
/// spaces over `c var N ...` continuation lines where it is longer than
/// [`MAX_COMMENT`] (a large piece's cells), so nothing is lost.
fn var_lines(line: &mut Vec<u8>, var: u32, description: &str) {
    let mut rest = description;
    let mut first = true;
    loop {
        let start = line.len();
        line.extend_from_slice(b"c var ");
        push_int(line, i64::from(var));
        line.extend_from_slice(if first { b" " } else { b" ... " });
        let room = MAX_COMMENT.saturating_sub(line.len() - start);
        let (head, tail) = split_at_most(rest, room);
        line.extend_from_slice(head.as_bytes());
        line.push(b'\n');
        rest = tail;
        first = false;
        if rest.is_empty() {
            return;
        }
    }
}

/// `s` split after at most `room` bytes: at the last space that fits,
/// else at a character boundary; the space itself is dropped.
fn split_at_most(s: &str, room: usize) -> (&str, &str) {
    if s.len() <= room {
        return (s, "");
    }
    let mut end = room.max(1);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    if end == 0 {
        end = s.chars().next().map_or(0, char::len_utf8);
    }
    match s[..end].rfind(' ') {
        Some(space) if space > 0 => (&s[..space], &s[space + 1..]),
        _ => (&s[..end], &s[end..]),
    }
}

/// Names and paths go on one comment line each.
fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

/// Writes a DIMACS file to `path` through a temporary file in the same
/// directory (`.NAME.PID.part`), renamed into place at the end: an
/// interrupted run never leaves a half-written file under the final name.
/// The file is created like any other (the umask applies), and the partial
/// file is removed when writing fails.
pub fn write_file(path: &Path, source: &CnfSource) -> Result<u64, Error> {
    write_atomically(path, |file| write(file, source))
}

/// What `decode --cnf` needs from a jigsat DIMACS file's header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// The `c option name=value` lines, in order: `decode` takes the
    /// options it was not given from them.
    pub options: Vec<(String, String)>,
    /// The `c fingerprint` line, compared with the fingerprint of the
    /// puzzle and options `decode` was given; `None` for a file jigsat did
    /// not write.
    pub fingerprint: Option<String>,
    /// From the `p cnf` line.
    pub num_vars: u32,
    /// From the `p cnf` line too.
    pub num_clauses: u64,
}

impl Header {
    /// The value of option `key` (`encoding`, `card`, …), if the header
    /// has it.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads the comment lines and the `p cnf` line of a DIMACS file; stops
/// there, so the clauses of a big file are never read. Lines and the
/// header are bounded ([`crate::input::Lines`]): `/dev/zero` is refused
/// at the budget, not read until memory runs out.
pub fn read_header(reader: impl BufRead, file: &str) -> Result<Header, crate::error::Error> {
    let err = |line: usize, message: String| {
        crate::error::Error::Input(InputError {
            file: file.to_string(),
            position: Some((line, 1)),
            field: None,
            message,
        })
    };
    let mut header = Header::default();
    let mut inccnf_counts: Option<String> = None;
    let mut lines = crate::input::Lines::new(reader, file);
    while let Some((n, line)) = lines.next_line()? {
        let line = String::from_utf8_lossy(&line);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix('c') {
            let rest = rest.trim_start();
            if let Some(opt) = rest.strip_prefix("option ") {
                if let Some((k, v)) = opt.trim().split_once('=') {
                    header.options.push((k.to_string(), v.to_string()));
                }
            } else if let Some(fp) = rest.strip_prefix("fingerprint ") {
                header.fingerprint = Some(fp.trim().to_string());
            } else if let Some(counts) = rest.strip_prefix("cnf ") {
                inccnf_counts = Some(counts.trim().to_string());
            }
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.as_slice() == ["p", "inccnf"] {
            // The counts come from the `c cnf` line `write_cubes` puts there.
            let counts = inccnf_counts.as_deref().unwrap_or_default();
            let parsed: Vec<Option<usize>> =
                counts.split_whitespace().map(|c| c.parse().ok()).collect();
            return match parsed.as_slice() {
                [Some(v), Some(c)] if *v <= u32::MAX as usize => {
                    header.num_vars = *v as u32;
                    header.num_clauses = *c as u64;
                    Ok(header)
                }
                _ => Err(err(
                    n,
                    "a `p inccnf` file needs a `c cnf VARIABLES CLAUSES` line before it (jigsat split writes one)".into(),
                )),
            };
        }
        return match fields.as_slice() {
            ["p", "cnf", v, c] => match (v.parse(), c.parse()) {
                (Ok(v), Ok(c)) => {
                    header.num_vars = v;
                    header.num_clauses = c;
                    Ok(header)
                }
                _ => Err(err(
                    n,
                    format!(
                        "expected `p cnf VARIABLES CLAUSES` with two numbers, found `{}`",
                        truncate(line, 60)
                    ),
                )),
            },
            _ => Err(err(
                n,
                format!(
                    "expected comment lines and then `p cnf VARIABLES CLAUSES`, found `{}`",
                    truncate(line, 60)
                ),
            )),
        };
    }
    Err(err(
        1,
        "no `p cnf VARIABLES CLAUSES` line: not a DIMACS CNF file".to_string(),
    ))
}

pub(crate) fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max).collect();
        t.push('…');
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_format_like_std() {
        for n in [
            0i64,
            1,
            -1,
            9,
            10,
            -10,
            123_456,
            i32::MIN.into(),
            i32::MAX.into(),
        ] {
            let mut b = Vec::new();
            push_int(&mut b, n);
            assert_eq!(String::from_utf8(b).unwrap(), n.to_string());
        }
    }

    #[test]
    fn clauses_are_written_with_closing_zeros() {
        let mut cnf = Cnf::new();
        let a = cnf.new_var();
        let b = cnf.new_var();
        cnf.add_clause(&[a.positive(), b.negative()]);
        cnf.add_clause(&[b.positive()]);
        let mut out = Vec::new();
        write_clauses(&mut out, &cnf).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "1 -2 0\n2 0\n");
    }

    #[test]
    fn long_var_lines_are_split_within_the_checkers_bound() {
        let cells = vec!["(10,10,10)"; 300].join(" ");
        let description = format!("P {cells}");
        let mut line = Vec::new();
        var_lines(&mut line, 12, &description);
        let text = String::from_utf8(line).unwrap();
        assert!(text.lines().count() > 1, "{text}");
        assert!(text.lines().all(|l| l.len() <= MAX_COMMENT), "{text}");
        assert!(text.lines().all(|l| l.starts_with("c var 12 ")), "{text}");
        let rejoined: Vec<&str> = text
            .lines()
            .map(|l| l.trim_start_matches("c var 12 ").trim_start_matches("... "))
            .collect();
        assert_eq!(rejoined.join(" "), description);
        assert!(comment(&"x".repeat(5000)).len() < MAX_COMMENT);
    }

    #[test]
    fn header_is_read_back() {
        let text = "c jigsat 0.1.0\nc option encoding=pairwise\nc fingerprint 00ff\nc var 1 X (0,0,0)\np cnf 3 2\n1 2 0\n";
        let h = read_header(text.as_bytes(), "f.cnf").unwrap();
        assert_eq!(h.option("encoding"), Some("pairwise"));
        assert_eq!(h.fingerprint.as_deref(), Some("00ff"));
        assert_eq!((h.num_vars, h.num_clauses), (3, 2));
        let e = read_header("hello\n".as_bytes(), "f.cnf").unwrap_err();
        assert!(e.to_string().starts_with("f.cnf:1:1:"), "{e}");
    }
}
