//! Every flag that takes a number reads `-1` as its value, to refuse it by range with the
//! flag's own message, never as an unknown flag `-1`.

use std::any::TypeId;

use clap::CommandFactory;
use clap::error::ErrorKind;

use crate::Cli;

/// The value types of flags that take numbers.
fn takes_a_number(arg: &clap::Arg) -> bool {
    let id = arg.get_value_parser().type_id();
    [
        TypeId::of::<u8>(),
        TypeId::of::<u16>(),
        TypeId::of::<u32>(),
        TypeId::of::<u64>(),
        TypeId::of::<i32>(),
        TypeId::of::<i64>(),
        TypeId::of::<usize>(),
        TypeId::of::<mapgen_picture::TileSize>(),
    ]
    .into_iter()
    .any(|number| id == number)
}

#[test]
fn minus_one_is_the_value_of_every_number_flag() {
    let cli = Cli::command();
    let mut checked = 0;
    for sub in cli.get_subcommands() {
        for arg in sub.get_arguments().filter(|a| takes_a_number(a)) {
            let Some(long) = arg.get_long() else { continue };
            let flag = format!("--{long}");
            let args = ["mapgen", sub.get_name(), &flag, "-1"];
            if let Err(err) = Cli::command().try_get_matches_from(args) {
                assert_ne!(err.kind(), ErrorKind::UnknownArgument, "{args:?}: {err}");
            }
            checked += 1;
        }
    }
    assert!(checked > 40, "only {checked} number flags found");
}
