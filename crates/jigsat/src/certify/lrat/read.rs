//! Reading an LRAT proof, text or binary (told apart by content), one
//! step at a time, knowing where it is for messages: the half of the
//! checker that sees bytes, so that [`super`] sees only steps, literals
//! and hints.

use std::io::BufRead;

use super::Rejected;

/// The kinds of clausal proof, told apart by content.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    LratText,
    LratBinary,
    DratText,
    DratBinary,
}

/// Tells the kind of a proof from its first bytes (up to a few KB): a
/// binary proof starts with `a` or `d` followed by a byte that is not
/// text; text LRAT has two zero-terminated lists per addition (or `ID d`
/// for a deletion), text DRAT one. Binary LRAT and DRAT are told apart
/// by parsing the first steps as LRAT: ids that grow and steps that
/// end where the next marker starts.
pub fn kind(head: &[u8]) -> Kind {
    let binary = head.iter().any(|&b| {
        !(b.is_ascii_digit()
            || b.is_ascii_whitespace()
            || b"-dc".contains(&b)
            || b.is_ascii_graphic())
    }) || head.first() == Some(&b'a');
    if binary {
        return if parses_as_binary_lrat(head) {
            Kind::LratBinary
        } else {
            Kind::DratBinary
        };
    }
    for line in head.split(|&b| b == b'\n') {
        let tokens: Vec<&[u8]> = line
            .split(|b| b.is_ascii_whitespace())
            .filter(|t| !t.is_empty())
            .collect();
        match tokens.first() {
            None => continue,
            Some(t) if t.starts_with(b"c") => continue,
            Some(t) if *t == b"d" => return Kind::DratText,
            _ => {}
        }
        if tokens.get(1).is_some_and(|t| *t == b"d") {
            return Kind::LratText;
        }
        // A line cut at the end of `head` may show one zero only.
        let zeros = tokens.iter().filter(|t| **t == b"0").count();
        return if zeros >= 2 {
            Kind::LratText
        } else {
            Kind::DratText
        };
    }
    Kind::LratText
}

fn parses_as_binary_lrat(head: &[u8]) -> bool {
    let mut pos = 0;
    let mut steps = 0;
    let mut last_id = 0;
    while pos < head.len() && steps < 8 {
        let marker = head[pos];
        pos += 1;
        let mut number = || -> Option<u64> {
            let mut x = 0u64;
            let mut shift = 0;
            loop {
                let b = *head.get(pos)?;
                pos += 1;
                x |= u64::from(b & 0x7f) << shift;
                if b & 0x80 == 0 {
                    return Some(x);
                }
                shift += 7;
                if shift > 63 {
                    return None;
                }
            }
        };
        match marker {
            b'a' => {
                let Some(id) = number() else { return steps > 0 };
                if id % 2 == 1 || id / 2 <= last_id {
                    return false;
                }
                last_id = id / 2;
                loop {
                    match number() {
                        None => return steps > 0,
                        Some(0) => break,
                        Some(_) => {}
                    }
                }
                // Hints name earlier clauses (RAT hints, negative, are
                // rare enough at the start to be read as DRAT).
                loop {
                    match number() {
                        None => return steps > 0,
                        Some(0) => break,
                        Some(h) if h % 2 == 1 || h / 2 >= last_id => return false,
                        Some(_) => {}
                    }
                }
            }
            b'd' => loop {
                match number() {
                    None => return steps > 0,
                    Some(0) => break,
                    Some(x) if x % 2 == 1 => return false,
                    Some(_) => {}
                }
            },
            _ => return false,
        }
        steps += 1;
    }
    steps > 0
}

/// Reads numbers from text or binary LRAT, knowing where it is for
/// messages.
pub(super) struct Reader<R> {
    input: R,
    binary: bool,
    line: u64,
    bytes: u64,
}

/// One token of text LRAT: a number or the deletion mark.
enum Token {
    Number(i64),
    Delete,
    End,
}

impl<R: BufRead> Reader<R> {
    /// Opens `input` as LRAT, text or binary as its first bytes say; a
    /// DRAT proof is refused.
    pub(super) fn open(mut input: R) -> Result<Reader<R>, Rejected> {
        let head = input.fill_buf().map_err(Rejected::from)?;
        let binary = lrat_binary(head)?;
        Ok(Reader {
            input,
            binary,
            line: 1,
            bytes: 0,
        })
    }

    /// Bytes of proof read so far.
    pub(super) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Where the reader is: "line N", or "byte N" of a binary proof.
    pub(super) fn at(&self) -> String {
        if self.binary {
            format!("byte {}", self.bytes)
        } else {
            format!("line {}", self.line)
        }
    }

    /// A syntax error where the reader is.
    pub(super) fn syntax(&self, message: impl Into<String>) -> Rejected {
        Rejected::Syntax {
            at: self.at(),
            message: message.into(),
        }
    }

    fn byte(&mut self) -> Result<Option<u8>, Rejected> {
        let buf = self.input.fill_buf().map_err(Rejected::from)?;
        let Some(&b) = buf.first() else {
            return Ok(None);
        };
        self.input.consume(1);
        self.bytes += 1;
        if b == b'\n' {
            self.line += 1;
        }
        Ok(Some(b))
    }

    fn peek(&mut self) -> Result<Option<u8>, Rejected> {
        let buf = self.input.fill_buf().map_err(Rejected::from)?;
        Ok(buf.first().copied())
    }

    /// The next text token, skipping white space and `c` comment lines.
    fn token(&mut self) -> Result<Token, Rejected> {
        loop {
            match self.peek()? {
                None => return Ok(Token::End),
                Some(b) if b.is_ascii_whitespace() => {
                    self.byte()?;
                }
                Some(b'c') => {
                    while let Some(b) = self.byte()? {
                        if b == b'\n' {
                            break;
                        }
                    }
                }
                Some(b'd') => {
                    self.byte()?;
                    return Ok(Token::Delete);
                }
                Some(b) if b == b'-' || b.is_ascii_digit() => {
                    let negative = b == b'-';
                    if negative {
                        self.byte()?;
                    }
                    let mut x: i64 = 0;
                    let mut digits = 0;
                    while let Some(b) = self.peek()? {
                        if !b.is_ascii_digit() {
                            break;
                        }
                        self.byte()?;
                        digits += 1;
                        x = x
                            .checked_mul(10)
                            .and_then(|x| x.checked_add(i64::from(b - b'0')))
                            .ok_or_else(|| self.syntax("a number too large"))?;
                    }
                    if digits == 0 {
                        return Err(self.syntax("`-` without digits"));
                    }
                    return Ok(Token::Number(if negative { -x } else { x }));
                }
                Some(b) => {
                    return Err(self.syntax(format!("unexpected character {:?}", b as char)));
                }
            }
        }
    }

    fn number(&mut self) -> Result<i64, Rejected> {
        match self.token()? {
            Token::Number(x) => Ok(x),
            Token::Delete => Err(self.syntax("`d` where a number was expected")),
            Token::End => Err(self.syntax("the proof ends inside a step")),
        }
    }

    /// A binary number: 7 bits a byte, low first, as 2|x| + sign.
    fn binary_number(&mut self) -> Result<i64, Rejected> {
        let mut x = 0u64;
        let mut shift = 0;
        loop {
            let b = self
                .byte()?
                .ok_or_else(|| self.syntax("the proof ends inside a step"))?;
            x |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                break;
            }
            shift += 7;
            if shift > 62 {
                return Err(self.syntax("a number too large"));
            }
        }
        let magnitude = (x >> 1) as i64;
        Ok(if x & 1 == 1 { -magnitude } else { magnitude })
    }

    /// A zero-terminated list of numbers, taking at most `room` bytes
    /// (a step past it is refused, naming where it starts: `at`).
    pub(super) fn list(&mut self, out: &mut Vec<i64>, room: Room<'_>) -> Result<(), Rejected> {
        out.clear();
        loop {
            if out.len() == out.capacity() && room.refuses(out.capacity()) {
                return Err(Rejected::LargeStep {
                    at: room.at.clone(),
                    needed: 8 * out.len() as u64,
                    limit: room.limit,
                });
            }
            let x = if self.binary {
                self.binary_number()?
            } else {
                self.number()?
            };
            if x == 0 {
                return Ok(());
            }
            out.push(x);
        }
    }
}

/// What the memory budget leaves for one list of a step: a list grows
/// by doubling (the old and the new buffer live at once), and its
/// literals are copied into the live clause, so a list may take a
/// quarter of what the live clauses leave.
pub(super) struct Room<'a> {
    /// Where the step starts, for the refusal.
    pub(super) at: &'a String,
    /// Bytes left beside the live clauses and the assignment.
    pub(super) left: u64,
    /// The memory budget.
    pub(super) limit: u64,
}

impl Room<'_> {
    /// Whether a list of `capacity` numbers may not grow again.
    fn refuses(&self, capacity: usize) -> bool {
        let next = (2 * capacity).max(8) as u64;
        8 * next > self.left / 4
    }
}

/// One step of the proof.
pub(super) enum Step {
    Add { id: u64 },
    Delete,
}

/// Whether a proof starting with `head` is binary LRAT (`false`: text
/// LRAT); a DRAT proof is refused: this checker reads LRAT only.
fn lrat_binary(head: &[u8]) -> Result<bool, Rejected> {
    match kind(&head[..head.len().min(4096)]) {
        Kind::LratText => Ok(false),
        Kind::LratBinary => Ok(true),
        Kind::DratText => Err(Rejected::Drat { binary: false }),
        Kind::DratBinary => Err(Rejected::Drat { binary: true }),
    }
}

impl<R: BufRead> Reader<R> {
    /// The next step's kind and id, `None` at the end of the proof.
    pub(super) fn step(&mut self) -> Result<Option<Step>, Rejected> {
        let binary = self.binary;
        Ok(Some(if binary {
            match self.byte()? {
                None => return Ok(None),
                Some(b'a') => {
                    let id = self.binary_number()?;
                    if id <= 0 {
                        return Err(self.syntax(format!("clause id {id}")));
                    }
                    Step::Add { id: id as u64 }
                }
                Some(b'd') => Step::Delete,
                Some(b) => return Err(self.syntax(format!("step marker {b:#04x}"))),
            }
        } else {
            match self.token()? {
                Token::End => return Ok(None),
                Token::Delete => return Err(self.syntax("a step without an id")),
                Token::Number(id) if id <= 0 => {
                    return Err(self.syntax(format!("clause id {id}")));
                }
                Token::Number(id) => match self.peek_delete()? {
                    true => Step::Delete,
                    false => Step::Add { id: id as u64 },
                },
            }
        }))
    }

    /// After a text step's id: whether a `d` follows (a deletion).
    fn peek_delete(&mut self) -> Result<bool, Rejected> {
        loop {
            match self.peek()? {
                Some(b' ' | b'\t' | b'\r') => {
                    self.byte()?;
                }
                Some(b'd') => {
                    self.byte()?;
                    return Ok(true);
                }
                _ => return Ok(false),
            }
        }
    }
}
