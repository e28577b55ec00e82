//! Writes the page's files for the static build into a folder (`scripts/build-static.sh` runs
//! it): `cargo run -p charscope-web --example static-site -- target/static`.

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let Some(folder) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: static-site FOLDER");
        std::process::exit(2);
    };
    for (path, text) in charscope_web::assets::static_site() {
        let path = folder.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, text)?;
    }
    Ok(())
}
