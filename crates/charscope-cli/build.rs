//! Links the `charscope` binary as a position-dependent executable on Linux with glibc.
//!
//! A position-independent one is relocated by the dynamic loader at every start: some 27,000
//! relocations, which write to (and so copy) about 120 pages of tables of pointers. Every run
//! of `charscope` paid for them: `charscope --version` 1.35 -> 1.05 ms of CPU, 295 -> 175 page
//! faults. The price is that the executable itself always loads at the same address (its
//! libraries, stack and heap are still placed at random).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
