//! Why the tables cannot be generated.

use std::fmt;

/// Why the tables cannot be generated: `file:line: reason` where a line is to blame, else
/// `file: reason`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(String);

impl Error {
    /// An error saying `msg`.
    pub(crate) fn new(msg: impl Into<String>) -> Error {
        Error(msg.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// An [`Error`] saying `msg`.
pub(crate) fn bad<T>(msg: impl Into<String>) -> Result<T, Error> {
    Err(Error::new(msg))
}
