//! Tables of benchmark rows (`jigsat compare`) as Markdown, CSV or JSON.

use serde::Serialize;

crate::choice::choice! {
    /// How `compare` writes its table (`--format`).
    ///
    /// ```
    /// use jigsat::api::compare::TableFormat;
    /// assert_eq!(TableFormat::default(), TableFormat::Md);
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
    pub enum TableFormat {
        /// A Markdown table, as in encodings/RESULTS.md.
        Md = "md" (default),
        /// Comma-separated, a header line first (spaces in names become
        /// `_`), for spreadsheets.
        Csv = "csv",
        /// An array of rows as objects, the fields named as in [`Row`].
        Json = "json",
    }
}

/// One puzzle x encoding x solver measurement.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The puzzle file's stem.
    pub puzzle: String,
    /// The encoding as `stats` labels it (`product`, `auto+colours`,
    /// `order`).
    pub encoding: String,
    /// Whether symmetry-breaking clauses were in the CNF ("on"/"off").
    pub symmetry: String,
    /// The solver's name, as `--solver` takes it.
    pub solver: String,
    /// Variables of the CNF.
    pub variables: u64,
    /// Clauses of the CNF.
    pub clauses: u64,
    /// Median over the runs.
    pub encode_ms: f64,
    /// Median over the runs.
    pub solve_ms: f64,
    /// Runs the medians are over (`--runs`); with `--shuffle`, each run
    /// after the first has the clauses in another order.
    pub runs: usize,
    /// solved, unsolvable or unknown.
    pub status: String,
    /// Whether every solution found passed the independent check.
    pub checked: bool,
}

const HEADERS: [&str; 11] = [
    "puzzle",
    "encoding",
    "symmetry",
    "solver",
    "variables",
    "clauses",
    "encode ms",
    "solve ms",
    "runs",
    "status",
    "checked",
];

fn cells(r: &Row) -> [String; 11] {
    [
        r.puzzle.clone(),
        r.encoding.clone(),
        r.symmetry.clone(),
        r.solver.clone(),
        r.variables.to_string(),
        r.clauses.to_string(),
        format!("{:.1}", r.encode_ms),
        format!("{:.1}", r.solve_ms),
        r.runs.to_string(),
        r.status.clone(),
        if r.checked { "yes" } else { "NO" }.to_string(),
    ]
}

/// The table of `rows` in `format`, ending in a newline.
pub fn render(rows: &[Row], format: TableFormat) -> String {
    match format {
        TableFormat::Json => serde_json::to_string_pretty(rows).expect("plain data") + "\n",
        TableFormat::Csv => {
            let mut out = HEADERS.join(",").replace(' ', "_") + "\n";
            for r in rows {
                let line: Vec<String> = cells(r)
                    .into_iter()
                    .map(|c| {
                        if c.contains([',', '"']) {
                            format!("\"{}\"", c.replace('"', "\"\""))
                        } else {
                            c
                        }
                    })
                    .collect();
                out += &(line.join(",") + "\n");
            }
            out
        }
        TableFormat::Md => {
            let mut out = format!("| {} |\n", HEADERS.join(" | "));
            out += &format!("|{}\n", "---|".repeat(4) + &"---:|".repeat(5) + "---|---|");
            for r in rows {
                out += &format!("| {} |\n", cells(r).join(" | "));
            }
            out
        }
    }
}
