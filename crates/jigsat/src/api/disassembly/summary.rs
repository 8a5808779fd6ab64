//! The figures of many disassemblies (`count --disassemble`, `disasm
//! --all`), and the disassembly's fields in the command line's JSON
//! documents.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::{Disassembly, Outcome};

/// The disassembly figures of many assemblies (`count --disassemble`,
/// `disasm --all`): how many were taken apart, how many come apart, and
/// how many have each level.
///
/// ```
/// use jigsat::api::{Puzzle, Solver, disassembly::{Disassembler, Summary}};
///
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let all = Solver::new().enumerate(&soma, None, &mut |_| {})?;
/// let summary = Summary::of(&Disassembler::new().moves(false).take_apart(&all.classes)?);
/// assert_eq!(summary.levels.values().sum::<u64>(), summary.come_apart);
/// assert!(summary.text().starts_with("240 assemblies, 240 come apart"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// Assemblies the search answered for.
    pub assemblies: u64,
    /// Of those, how many come apart.
    pub come_apart: u64,
    /// Of those, how many come apart only by `--thorough`'s other
    /// separations (BurrTools counts them as not coming apart).
    pub thorough_only: u64,
    /// How many have each level, the level as its numbers (ordered as
    /// levels are: `98.2.4.2` above `12.9`).
    pub levels: BTreeMap<Vec<u32>, u64>,
    /// Whether a halt left some assemblies unanswered: the figures are
    /// then those of the assemblies answered, not of the puzzle.
    pub partial: bool,
}

impl Summary {
    /// The figures of a batch's outcomes (halted or not reached ones
    /// left out).
    ///
    /// ```
    /// use jigsat::api::disassembly::Summary;
    /// assert_eq!(Summary::of(&[]).assemblies, 0);
    /// ```
    pub fn of(outcomes: &[Outcome]) -> Summary {
        let mut s = Summary {
            partial: outcomes.iter().any(|o| o.disassembly().is_none()),
            ..Summary::default()
        };
        for d in outcomes.iter().filter_map(Outcome::disassembly) {
            s.assemblies += 1;
            if let Some(level) = d.level() {
                s.come_apart += 1;
                s.thorough_only += u64::from(d.thorough_only());
                let numbers = level.split('.').filter_map(|n| n.parse().ok()).collect();
                *s.levels.entry(numbers).or_default() += 1;
            }
        }
        s
    }

    fn text_of(level: &[u32]) -> String {
        level
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(".")
    }

    /// The highest level, as text.
    ///
    /// ```
    /// use jigsat::api::disassembly::Summary;
    /// let mut summary = Summary::default();
    /// summary.levels.insert(vec![12, 9], 1);
    /// summary.levels.insert(vec![98, 2, 4, 2], 1);
    /// assert_eq!(summary.highest().as_deref(), Some("98.2.4.2"));
    /// ```
    pub fn highest(&self) -> Option<String> {
        self.levels.keys().next_back().map(|l| Summary::text_of(l))
    }

    /// The lines `count --disassemble` prints: the totals, what
    /// `--thorough` changed, the levels and the highest.
    ///
    /// ```
    /// use jigsat::api::disassembly::Summary;
    /// let mut summary = Summary::default();
    /// summary.assemblies = 2;
    /// summary.come_apart = 1;
    /// summary.levels.insert(vec![3], 1);
    /// assert_eq!(summary.text(), "2 assemblies, 1 come apart (BurrTools' solutions)\nlevels: 3 x1\nhighest level: 3\n");
    /// ```
    pub fn text(&self) -> String {
        let mut out = format!(
            "{} assemblies, {} come apart (BurrTools' solutions)\n",
            self.assemblies, self.come_apart
        );
        if self.partial {
            out += "disassembly stopped: these figures are of the assemblies taken apart before it stopped, not the totals\n";
        }
        if self.thorough_only > 0 {
            out += &format!(
                "--thorough: {} of them come apart only by another separation than BurrTools' first (BurrTools: {} come apart)\n",
                self.thorough_only,
                self.come_apart - self.thorough_only
            );
        }
        if !self.levels.is_empty() {
            let levels: Vec<String> = self
                .levels
                .iter()
                .map(|(l, n)| format!("{} x{n}", Summary::text_of(l)))
                .collect();
            out += &format!("levels: {}\n", levels.join(", "));
            out += &format!("highest level: {}\n", self.highest().unwrap_or_default());
        }
        out
    }

    fn value(&self) -> Value {
        let levels: serde_json::Map<String, Value> = self
            .levels
            .iter()
            .map(|(l, n)| (Summary::text_of(l), json!(n)))
            .collect();
        json!({
            "assemblies": self.assemblies,
            "come_apart": self.come_apart,
            "thorough_changed": self.thorough_only,
            "levels": levels,
            "highest": self.highest(),
            "partial": self.partial,
        })
    }

    /// The `disassembly` object of the JSON documents.
    ///
    /// ```
    /// use jigsat::api::disassembly::Summary;
    /// assert!(Summary::default().json().contains("\"come_apart\": 0"));
    /// ```
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(&self.value()).unwrap_or_default()
    }
}

/// A JSON document of the command line's (`solve`, `count`,
/// `--format json`) with each disassembly's fields
/// ([`Disassembly::json`]) added to the solution in its place, and the
/// summary as the `disassembly` object when given; a text that is not a
/// JSON document comes back unchanged.
///
/// ```
/// use jigsat::api::disassembly::{Summary, add_to_json};
/// let doc = add_to_json("{\"status\": \"solved\"}", &[], Some(&Summary::default()));
/// assert!(doc.contains("\"disassembly\": {"));
/// ```
pub fn add_to_json(
    document: &str,
    disassemblies: &[&Disassembly],
    summary: Option<&Summary>,
) -> String {
    patch(
        document,
        disassemblies.iter().map(|d| d.fields()).collect(),
        summary,
    )
}

/// Adds the disassembly fields to each solution of a JSON document and
/// the summary when given.
fn patch(
    doc: &str,
    fields: Vec<serde_json::Map<String, Value>>,
    summary: Option<&Summary>,
) -> String {
    let Ok(mut v) = serde_json::from_str::<Value>(doc) else {
        return doc.to_string();
    };
    if let Some(list) = v.get_mut("solutions").and_then(Value::as_array_mut) {
        for (s, f) in list.iter_mut().zip(fields) {
            if let Some(obj) = s.as_object_mut() {
                obj.extend(f);
            }
        }
    }
    if let (Some(summary), Some(obj)) = (summary, v.as_object_mut()) {
        obj.insert("disassembly".into(), summary.value());
    }
    let mut text = serde_json::to_string_pretty(&v).expect("JSON of plain data");
    text.push('\n');
    text
}
