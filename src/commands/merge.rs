//! `jigsat merge DIR`: the results of a split's parts added up
//! ([`jigsat::api::jobs::merge`]), printed as `count` prints an
//! in-process count.

use crate::exit::Exit;

use crate::cli::MergeArgs;
use jigsat::api::Result;

use super::shared::Sink;

pub fn run(args: &MergeArgs) -> Result<Exit> {
    super::shared::no_picture(args.output.format, "merge")?;
    let total = jigsat::api::jobs::merge(&args.dir)?;
    let (out, code) = super::shared::counts::counted(&total, args.output.format);
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    Ok(code)
}
