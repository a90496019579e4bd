//! The `tetris-printer` command-line tool.
fn main() {
    eprintln!("tetris-printer: the command-line interface is not built yet");
    std::process::exit(2);
}
