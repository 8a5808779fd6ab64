//! What belongs to the whole process rather than to one run: the memory
//! budget every builder checks before it allocates ([`budget`]), the
//! interrupt flag a signal raises and the solver programs and temporary
//! files to clean up when it does ([`interrupt`]), and the output files
//! written safely and read with a bound ([`files`]).
//!
//! They are global because a signal or a limit reaches every part of a
//! run at once; keeping them in this one folder says so, and nothing else
//! in the library holds process-wide state.

pub mod budget;
pub mod files;
pub mod interrupt;
