//! Settings that are one of a few named values (a mode, a metric, a symmetry): the names
//! the command line takes, parsing that lists the allowed names, and `Display`.

use std::fmt;

/// A name that is not one of a setting's values.
///
/// ```
/// use mapgen::generators::drunkard::DrunkardMode;
/// let err = "wobbly".parse::<DrunkardMode>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "unknown drunkard mode \"wobbly\"; allowed: open-area, open-halls, winding-passages, \
///      fat-passages, symmetric"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {setting} {name:?}; allowed: {allowed}")]
#[non_exhaustive]
pub struct UnknownName {
    /// What the setting is, e.g. `drunkard mode`.
    pub setting: &'static str,
    /// The name given.
    pub name: String,
    /// The allowed names, comma separated.
    pub allowed: String,
}

/// The allowed names, comma separated.
pub(crate) fn join_names(names: impl Iterator<Item = &'static str>) -> String {
    names.collect::<Vec<_>>().join(", ")
}

/// Writes a name through `Display`, so `{:>8}` and friends pad it.
pub(crate) fn write_name(f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
    f.pad(name)
}

/// Defines a fieldless enum whose values have command-line names: `ALL`, `name()`,
/// `Display` and `FromStr` (its error, [`UnknownName`], lists the allowed names).
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident ($setting:literal) {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every value, in the order the help lists them.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The name the command line and the documentation use.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                $crate::generators::named_enum::write_name(f, self.name())
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::generators::UnknownName;

            fn from_str(name: &str) -> Result<Self, Self::Err> {
                Self::ALL.iter().copied().find(|v| v.name() == name).ok_or_else(|| {
                    $crate::generators::UnknownName {
                        setting: $setting,
                        name: name.to_string(),
                        allowed: $crate::generators::named_enum::join_names(
                            Self::ALL.iter().map(|v| v.name()),
                        ),
                    }
                })
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $name {
            /// The name, as the command line takes it.
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $name {
            /// A name; the error of any other lists the allowed names.
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let name = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
                name.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use named_enum;
