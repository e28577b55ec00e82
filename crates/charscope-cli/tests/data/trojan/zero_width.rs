// A Trojan Source sample written for charscope's tests: identifiers that differ by a zero-width space.
fn main() {
    let is_admin = false;
    let is_ad​min = true;
    if is_ad​min {
        println!("You are an admin.");
    }
}
