//! The model parser never panics: random bytes, random token soup and every
//! truncation of real solver output give an answer or an error with a line,
//! never a crash.

use jigsat::internal::solve::model::{self, SolverOutput};
use proptest::prelude::*;

const KISSAT: &str = "c kissat 4.0.4\ns SATISFIABLE\nv 1 -2 3 -4 5\nv -6 7 0\nc exit 10\n";
const MINISAT: &str = "SAT\n1 -2 3 -4 5 -6 7 0\n";
const BARE: &str = "1 -2 3\n-4 5 -6 7 0\n";

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("s".to_string()),
        Just("v".to_string()),
        Just("c".to_string()),
        Just("SAT".to_string()),
        Just("UNSAT".to_string()),
        Just("INDET".to_string()),
        Just("SATISFIABLE".to_string()),
        Just("UNSATISFIABLE".to_string()),
        Just("UNKNOWN".to_string()),
        Just("0".to_string()),
        Just("-".to_string()),
        Just("+".to_string()),
        Just("\n".to_string()),
        Just("\r\n".to_string()),
        Just("2147483647".to_string()),
        Just("-2147483648".to_string()),
        Just("99999999999999999999".to_string()),
        any::<i32>().prop_map(|n| n.to_string()),
        (-20i32..20).prop_map(|n| n.to_string()),
        "[a-zA-Z0-9 \t-]{0,8}",
    ]
}

fn check(bytes: &[u8], nvars: u32) {
    match model::parse(bytes) {
        Ok(SolverOutput::Sat(lits)) => {
            // Whatever the values, turning them into an assignment must
            // not panic either.
            let _ = model::assignment(&lits, nvars);
        }
        Ok(_) => {}
        Err(e) => assert!(e.line >= 1 && e.column >= 1, "{e:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400), n in 0u32..50) {
        check(&bytes, n);
    }

    #[test]
    fn token_soup_never_panics(tokens in proptest::collection::vec(token(), 0..60), n in 0u32..50) {
        let text = tokens.join(" ");
        check(text.as_bytes(), n);
    }

    #[test]
    fn truncated_outputs_never_panic_and_are_not_taken_for_models(cut in 0usize..100, which in 0usize..3) {
        let full = [KISSAT, MINISAT, BARE][which];
        let cut = cut.min(full.len());
        let part = &full.as_bytes()[..cut];
        check(part, 7);
        // Cut before the closing 0, a model is never accepted as complete.
        let zero = full.rfind(" 0").unwrap() + 2;
        if cut < zero {
            let accepted = matches!(
                model::parse(part).map(|a| match a {
                    SolverOutput::Sat(l) => model::assignment(&l, 7).is_ok(),
                    _ => false,
                }),
                Ok(true)
            );
            prop_assert!(!accepted, "accepted a truncated model: {:?}", String::from_utf8_lossy(part));
        }
    }

    #[test]
    fn corrupted_outputs_never_panic(at in 0usize..60, byte in any::<u8>(), which in 0usize..3) {
        let mut bytes = [KISSAT, MINISAT, BARE][which].as_bytes().to_vec();
        let at = at % bytes.len();
        bytes[at] = byte;
        check(&bytes, 7);
    }
}

#[test]
fn the_full_outputs_parse() {
    for text in [KISSAT, MINISAT, BARE] {
        match model::parse(text.as_bytes()).unwrap() {
            SolverOutput::Sat(lits) => {
                let values = model::assignment(&lits, 7).unwrap();
                assert_eq!(
                    values,
                    vec![false, true, false, true, false, true, false, true]
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
