//! A search stopped before its answer: what stopped it and how far it
//! got, in the words the command line prints.

use std::fmt;

use super::{Halt, Progress};

/// A search stopped before its answer, and how far it got. Its
/// [`fmt::Display`] is the command line's line (after the file's name):
/// `disassembly reached the time limit after 5000 states in 12 layers`.
///
/// ```
/// use jigsat::api::{Puzzle, disassembly::{Disassembler, first_halt}};
///
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let taken = Disassembler::new().max_states(1).take_apart(&[soma.solve()?.unwrap()])?;
/// let halted = first_halt(&taken).unwrap();
/// assert!(halted.to_string().starts_with("disassembly stopped after"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Halted {
    /// What stopped it.
    pub reason: Halt,
    /// States of the part being searched seen so far.
    pub states: u64,
    /// Moves from the part's start to the layer being searched.
    pub layers: u32,
    /// The memory budget when it stopped, for the message.
    budget: u64,
}

impl Halted {
    /// The halt of a search that got as far as `progress`, with the
    /// memory budget of the moment for the message.
    pub fn new(halt: Halt, progress: Progress) -> Halted {
        Halted {
            reason: halt,
            states: progress.states,
            layers: progress.layers,
            budget: crate::process::budget::limit(),
        }
    }

    /// Whether the stop flag stopped it (the command line exits 130;
    /// any other halt is giving up, 3).
    ///
    /// ```
    /// use jigsat::api::{Puzzle, disassembly::{Disassembler, first_halt}};
    ///
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = Disassembler::new().max_states(1).take_apart(&[soma.solve()?.unwrap()])?;
    /// assert!(!first_halt(&taken).unwrap().interrupted());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn interrupted(&self) -> bool {
        self.reason == Halt::Interrupted
    }
}

impl fmt::Display for Halted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = format!("after {} states in {} layers", self.states, self.layers);
        match &self.reason {
            Halt::Interrupted => write!(f, "disassembly interrupted {at}"),
            Halt::TimeLimit => write!(f, "disassembly reached the time limit {at}"),
            Halt::Memory(bytes) => write!(
                f,
                "disassembly stopped {at}: its states would take {} (over the memory budget of {}; --max-memory raises it)",
                crate::process::budget::human(*bytes),
                crate::process::budget::human(self.budget)
            ),
            Halt::TooFar => write!(
                f,
                "disassembly stopped {at}: a piece slid beyond ±32,767 cells"
            ),
            Halt::StateCap(cap) => {
                write!(f, "disassembly stopped {at}: the cap of {cap} states")
            }
        }
    }
}
