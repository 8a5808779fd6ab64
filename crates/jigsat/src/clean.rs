//! Text from input files made safe for each output it reaches.
//!
//! Names come from files a user may have downloaded: a puzzle name holding
//! `ESC [2J` clears the screen it is printed on, an `ESC ] 0;…` sequence
//! retitles the window, and a U+0001 or U+FFFE makes an SVG file that is
//! not well-formed XML. So each output cleans what it prints: text and
//! messages show control characters as visible escapes ([`text`]), XML
//! replaces what XML 1.0 cannot hold ([`xml`]); HTML escapes on its own.
//! And a value echoed in a message is cut when long ([`cut`]).

/// Whether `c` may not reach a terminal as it is: the C0 and C1 controls
/// and DEL (tab and newline excepted: they lay text out, and are harmless),
/// and the Unicode noncharacters U+FFFE and U+FFFF, and the bidirectional
/// overrides that can make text read backwards.
fn unsafe_for_text(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(
            c,
            '\u{fffe}' | '\u{ffff}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// `s` for a terminal or a log: every unsafe character as `\u{1b}`, the
/// rest as it is. Borrowed when there is nothing to escape.
pub fn text(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(unsafe_for_text) {
        return s.into();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if unsafe_for_text(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// A one-line name for a terminal: [`text`], with newlines and tabs
/// escaped too (a name never spans lines).
pub fn name(s: &str) -> String {
    let escaped = text(s);
    if !escaped.contains(['\n', '\t']) {
        return escaped.into_owned();
    }
    escaped.replace('\n', "\\n").replace('\t', "\\t")
}

/// Whether XML 1.0 can hold `c` (its `Char` production).
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// `s` with every character XML 1.0 cannot hold replaced by U+FFFD (the
/// replacement character), and the terminal's escapes likewise: an SVG
/// is often shown in a viewer that prints its title.
pub fn xml(s: &str) -> std::borrow::Cow<'_, str> {
    let bad = |c: char| !xml_char(c) || (c.is_control() && !matches!(c, '\t' | '\n' | '\r'));
    if !s.chars().any(bad) {
        return s.into();
    }
    s.chars()
        .map(|c| if bad(c) { '\u{fffd}' } else { c })
        .collect::<String>()
        .into()
}

/// `s` cut to its first `max` characters when longer, saying how long it
/// was: "[1, 2, 3, … (588,895 characters)".
pub fn cut(s: &str, max: usize) -> String {
    let count = s.chars().count();
    if count <= max {
        return s.to_string();
    }
    let head: String = s.chars().take(max).collect();
    format!("{head}… ({} characters)", thousands(count))
}

/// `s` cut, when longer than `max` characters, to at most `max`
/// characters with its length said within them (as [`cut`]): cutting
/// again changes nothing.
pub fn cut_within(s: &str, max: usize) -> String {
    const NOTE: usize = "… (999,999,999,999 characters)".len();
    if s.chars().count() <= max {
        return s.to_string();
    }
    cut(s, max.saturating_sub(NOTE))
}

/// `s` cut to at most `max` bytes (on a character boundary) when longer,
/// saying how long it was, the note within the `max` bytes too: for
/// outputs whose readers count bytes (a DIMACS comment line).
pub fn cut_bytes(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let note = format!("… ({} characters)", thousands(s.chars().count()));
    let mut end = max.saturating_sub(note.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}{note}", &s[..end])
}

/// 588895 as "588,895".
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A message for stderr: [`text`], and every line cut to `max` characters
/// (an error that quotes a line of a file quotes at most this much of it).
pub fn message(s: &str, max: usize) -> String {
    let lines: Vec<String> = s.lines().map(|l| cut(&text(l), max)).collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_escapes_are_shown_not_sent() {
        assert_eq!(text("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(text("\u{1b}]0;owned\u{7}"), "\\u{1b}]0;owned\\u{7}");
        assert_eq!(text("soma\ncube"), "soma\ncube");
        assert_eq!(name("soma\ncube"), "soma\\ncube");
        assert_eq!(text("Ünïcode ✓"), "Ünïcode ✓");
    }

    #[test]
    fn xml_gets_only_what_it_can_hold() {
        assert_eq!(xml("a\u{1}b\u{0}c\u{fffe}"), "a\u{fffd}b\u{fffd}c\u{fffd}");
        assert_eq!(xml("a\u{1b}[2J"), "a\u{fffd}[2J");
        assert_eq!(xml("plain <x> & y"), "plain <x> & y");
    }

    #[test]
    fn long_values_are_cut_with_their_length() {
        assert_eq!(cut("abc", 5), "abc");
        assert_eq!(
            cut(&"x".repeat(1_234_567), 3),
            "xxx… (1,234,567 characters)"
        );
        let once = cut_within(&"y".repeat(100_000), 200);
        assert!(once.chars().count() <= 200 && once.ends_with("(100,000 characters)"));
        assert_eq!(cut_within(&once, 200), once);
        let cut = cut_bytes(&"é".repeat(1000), 50);
        assert!(
            cut.len() <= 50 && cut.ends_with("… (1,000 characters)"),
            "{cut}"
        );
        assert_eq!(cut_bytes("short", 50), "short");
    }
}
