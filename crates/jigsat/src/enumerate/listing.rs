//! Where the classes of an enumeration go as they are found: a run's
//! [`Listing`], or [`Enumeration::classes`].

use std::fmt;
use std::sync::Arc;

use super::{Enumeration, Limits, Stop};
use crate::error::{Error, Result};
use crate::solution::Solution;

/// Takes each class of an enumeration as it is found (checked), with the
/// solutions on a fixed board it stands for: `solve --all` writes it out,
/// the library's iterator hands it to its caller, so that memory does not
/// grow with the classes listed. `Ok(false)` ends the enumeration (the
/// taker has gone), which then counts as stopped from outside; an error
/// (the disk full) ends it with that error.
#[derive(Clone)]
pub struct Listing(pub Arc<ListClass>);

/// What a [`Listing`] does with one class and its weight.
pub type ListClass = dyn Fn(Solution, u64) -> Result<bool> + Send + Sync;

impl fmt::Debug for Listing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Listing")
    }
}

impl Enumeration {
    /// Records the checked representative of a new class standing for
    /// `weight` solutions on a fixed board: kept, or handed to the
    /// limits' [`Listing`]; `true` when that reaches the limit on classes
    /// or the listing wants no more.
    pub fn record(
        &mut self,
        solution: Solution,
        weight: u64,
        limits: &Limits,
        progress: &mut dyn FnMut(u64),
    ) -> Result<bool> {
        let taken = match &limits.listing {
            Some(listing) => (listing.0)(solution, weight)?,
            None => {
                self.classes.push(solution);
                true
            }
        };
        let past = || Error::Usage(crate::tally::PAST_U64.into());
        self.distinct = self.distinct.checked_add(1).ok_or_else(past)?;
        self.count = self.count.checked_add(weight).ok_or_else(past)?;
        progress(self.distinct);
        if !taken {
            self.stopped = Some(Stop::Interrupted);
            return Ok(true);
        }
        if let Some(n) = limits.classes.filter(|&n| self.distinct >= n as u64) {
            self.stopped = Some(Stop::Limit(n));
            return Ok(true);
        }
        Ok(false)
    }
}
