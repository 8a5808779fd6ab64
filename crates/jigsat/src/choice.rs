//! Options with a fixed set of named values (`--encoding ladder`,
//! `--card totalizer`), named once, here in the library.
//!
//! The library knows no command line: a program that offers these
//! choices (the `jigsat` binary's flags, the Python package's keyword
//! arguments, a certificate's manifest) reads the names, the help of each
//! and the value behind a name through [`Choice`]. The [`choice!`] macro
//! writes the trait's impl from the enum's own definition, so a name and
//! its help are written once, beside the variant they stand for.

/// A value of an option with a fixed set of names.
///
/// ```
/// use jigsat::api::options::{Choice, Encoding};
/// assert_eq!(Encoding::from_name("ladder"), Some(Encoding::Ladder));
/// assert_eq!(Encoding::Ladder.name(), "ladder");
/// assert!(Encoding::ALL.len() >= 8);
/// assert!(Encoding::Ladder.help().contains("ladder"));
/// ```
pub trait Choice: Copy + Sized + 'static {
    /// Every value, in the order a listing shows them.
    const ALL: &'static [Self];

    /// The name the option takes for this value.
    fn name(self) -> &'static str;

    /// What the value means, in one paragraph (its doc comment's first).
    fn help(self) -> String;

    /// The value of a name (ASCII case ignored), if it is one.
    fn from_name(name: &str) -> Option<Self> {
        let name = name.trim();
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.name().eq_ignore_ascii_case(name))
    }

    /// Every name, in the order of [`Choice::ALL`].
    fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|v| v.name()).collect()
    }
}

/// The first paragraph of a doc comment, its lines joined by spaces and
/// without its closing full stop (a help line, as clap shows one).
pub(crate) fn first_paragraph(doc: &str) -> String {
    let text = doc
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    text.strip_suffix('.').unwrap_or(&text).to_string()
}

/// Defines an enum whose variants are written `Variant = "name"` (the
/// default one `Variant = "name" (default)`), and its [`Choice`] impl
/// (names, help from each variant's doc comment) and `Display` (the
/// name). A variant takes doc comments only, so that they can be told
/// apart from other attributes; serde names follow the enum's
/// `rename_all`.
macro_rules! choice {
    (
        $(#[$meta:meta])*
        $vis:vis enum $ty:ident {
            $(
                $(#[doc = $doc:literal])*
                $variant:ident = $name:literal $(($default:ident))?,
            )+
        }
    ) => {
        $(#[$meta])*
        $vis enum $ty {
            $(
                $(#[doc = $doc])*
                $(#[$default])?
                $variant,
            )+
        }

        impl $ty {
            /// The name the option takes for this value.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }
        }

        impl $crate::choice::Choice for $ty {
            const ALL: &'static [Self] = &[$($ty::$variant),+];

            fn name(self) -> &'static str {
                $ty::name(self)
            }

            fn help(self) -> String {
                match self {
                    $($ty::$variant => $crate::choice::first_paragraph(
                        concat!($($doc, "\n",)* "")
                    ),)+
                }
            }
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($ty::name(*self))
            }
        }
    };
}
pub(crate) use choice;
