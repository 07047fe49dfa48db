//! `--generator drunkard`: the flags of the drunkard's walk.

use clap::Args;
use mapgen::generators::drunkard::DrunkardSettings;
use mapgen::generators::Symmetry;
use mapgen::generators::drunkard::DrunkardMode;

use crate::{FlagError, FlagSet, MapSize};

const DEFAULT: DrunkardSettings = DrunkardSettings::DEFAULT;

/// The drunkard's-walk generator's flags; each field is named as its settings field.
#[derive(Debug, Clone, Args)]
#[group(skip)]
#[command(next_help_heading = "Drunkard's walk generator (--generator drunkard)")]
pub struct Flags {
    /// Walkers: open-area, open-halls, winding-passages, fat-passages or symmetric
    #[arg(long, value_name = "MODE", default_value_t = DEFAULT.mode)]
    mode: DrunkardMode,
    /// Percent of the tiles inside the border to carve (0-100)
    ///
    /// Walkers take at most 200 steps per tile inside the border and 8 billion in all
    /// (seconds, not minutes, on the largest map); a target not reached by then is an
    /// error naming this flag. open-area walkers all start at the centre: 50 % is reached
    /// on maps up to about 120x120.
    #[arg(long, value_name = "PERCENT", default_value_t = DEFAULT.floor_percent, allow_negative_numbers = true, value_parser = crate::whole::<u32>)]
    floor_percent: u32,
    /// Mirror of --mode symmetric: none, horizontal, vertical or both [default: both];
    /// refused with the other modes, which do not mirror
    #[arg(long, value_name = "SYMMETRY")]
    mirror: Option<Symmetry>,
}

impl FlagSet for Flags {
    type Settings = DrunkardSettings;

    fn settings(&self, size: &MapSize) -> DrunkardSettings {
        DrunkardSettings {
            width: size.width.unwrap_or(DEFAULT.width),
            height: size.height.unwrap_or(DEFAULT.height),
            mode: self.mode,
            floor_percent: self.floor_percent,
            mirror: self.mirror.unwrap_or(DEFAULT.mirror),
        }
    }

    /// `--mirror` with a mode that does not mirror: the user asked for mirrored maps and
    /// would silently get others.
    fn pointless_flag(&self) -> Option<FlagError> {
        let mirror = self.mirror?;
        (self.mode != DrunkardMode::Symmetric).then(|| FlagError::Pointless {
            flag: format!("--mirror {mirror}"),
            reason: format!(
                "only --mode {} mirrors, not --mode {}",
                DrunkardMode::Symmetric,
                self.mode
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::test_cli::generator;
    use mapgen::generators::Generator;
    use mapgen::generators::drunkard::DrunkardSettings;

    #[test]
    fn mirror_is_refused_where_it_would_be_ignored() {
        assert_eq!(
            generator("drunkard", &["--mirror", "horizontal"]).unwrap_err(),
            "--mirror horizontal does nothing here: only --mode symmetric mirrors, not --mode open-halls"
        );
        let Ok(Generator::Drunkard(s)) = generator(
            "drunkard",
            &["--mode", "symmetric", "--mirror", "vertical"],
        ) else {
            panic!("refused")
        };
        assert_eq!(s.mirror.to_string(), "vertical");
        // Without --mirror, the default mirror, used or not.
        let Ok(Generator::Drunkard(s)) = generator("drunkard", &[]) else {
            panic!("refused")
        };
        assert_eq!(s, DrunkardSettings::default());
    }
}
