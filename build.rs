fn main() {
    println!("cargo:rerun-if-changed=pattern-src");
}
