//! The `jigsat` binary: parse the command line, run, map the result to the
//! contract's exit status. Everything else lives in the library.

mod cli;
mod commands;
mod exit;
mod signals;

use clap::Parser;

use cli::Cli;

fn main() {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help and version to stdout (exit 0) and usage
            // errors to stderr (exit 2, the contract's "bad usage").
            let _ = e.print();
            let exit = if e.use_stderr() {
                exit::Exit::BadInput
            } else {
                exit::Exit::Done
            };
            std::process::exit(exit.code());
        }
    };
    init_logging(&cli);
    signals::install();
    if let Some(bytes) = cli.max_memory {
        jigsat::api::set_memory_limit(bytes);
    }
    let exit = match commands::run(&cli) {
        Ok(exit) => exit,
        Err(e) => {
            // The message shows control characters rather than sending
            // them, and cuts a value quoted from a file to a screenful.
            eprintln!("jigsat: {e}");
            if e == jigsat::api::Error::Interrupted {
                // Whatever the run started goes with it.
                jigsat::api::process::clean_up();
            }
            exit::Exit::from(&e)
        }
    };
    std::process::exit(exit.code());
}

/// Warnings by default, `-v` info, `-vv` debug, `-q` errors only;
/// `RUST_LOG` wins when set.
fn init_logging(cli: &Cli) {
    let level = match (cli.quiet, cli.verbose) {
        (true, _) => "error",
        (false, 0) => "warn",
        (false, 1) => "info",
        (false, _) => "debug",
    };
    // The default applies to jigsat's own messages; the solvers' chatter
    // stays at warn unless RUST_LOG asks for it.
    let default = format!("warn,jigsat={level}");
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(default))
        .format_timestamp(None)
        .format_target(false)
        .init();
}
