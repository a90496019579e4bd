//! Checks that a figure the docs type in is the one the code computes (unit tests
//! only): the figure written with thousands separators, as the docs write it, looked up
//! in the prose of a source file's doc comments.

/// `n` written as the docs write it: `132229700` as `132,229,700`.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut figure = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            figure.push(',');
        }
        figure.push(d);
    }
    figure
}

/// The doc comments (`//!` and `///`) of `source` as one line of prose: each comment
/// line's text after its marker, trimmed, joined by single spaces (so a phrase broken
/// over two lines is found whole).
pub(crate) fn prose(source: &str) -> String {
    let mut out = String::new();
    for line in source.lines() {
        let line = line.trim_start();
        let Some(text) = line
            .strip_prefix("//!")
            .or_else(|| line.strip_prefix("///"))
        else {
            continue;
        };
        let text = text.trim();
        if !text.is_empty() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(text);
        }
    }
    out
}

/// Panics, naming `file` and the phrase, unless the docs of `source` say `phrase`.
pub(crate) fn assert_says(file: &str, source: &str, phrase: &str) {
    assert!(
        prose(source).contains(phrase),
        "the docs of {file} do not say {phrase:?}"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_written_with_thousands_separators() {
        let written: Vec<String> = [0, 7, 999, 1_000, 12_345, 105_634, 132_229_700]
            .into_iter()
            .map(thousands)
            .collect();
        assert_eq!(
            written,
            ["0", "7", "999", "1,000", "12,345", "105,634", "132,229,700"]
        );
    }

    #[test]
    fn prose_joins_doc_lines_and_skips_code() {
        let source =
            "//! at most\n//!   1,624 grouping\n/// prices\nlet x = 1; // 2\n    /// per row\n";
        assert_eq!(prose(source), "at most 1,624 grouping prices per row");
        assert_says("here", source, "1,624 grouping prices per");
    }
}
