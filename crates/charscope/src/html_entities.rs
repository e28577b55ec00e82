//! The HTML named character references (the WHATWG list, as the `entities` crate ships it),
//! read from one string that the build script writes: the crate's own table is made of string
//! slices, thousands of pointers that the dynamic loader would relocate at every start of every
//! command, whether it needs the table or not.

/// Each reference's name (with `&`, and `;` where it has one), a NUL, its characters and a NUL.
const LIST: &str = include_str!(concat!(env!("OUT_DIR"), "/entities.txt"));

/// Every named character reference as (name with `&` and maybe `;`, the characters it stands
/// for), in the order of the `entities` crate.
pub fn all() -> impl Iterator<Item = (&'static str, &'static str)> {
    let mut fields = LIST.split_terminator('\0');
    std::iter::from_fn(move || Some((fields.next()?, fields.next()?)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_list_is_the_entities_crate_table() {
        let ours: Vec<_> = super::all().collect();
        let theirs: Vec<_> = entities::ENTITIES
            .iter()
            .map(|e| (e.entity, e.characters))
            .collect();
        assert!(ours.len() > 2000, "{}", ours.len());
        assert_eq!(ours, theirs);
        assert!(ours.contains(&("&eacute;", "\u{E9}")));
        assert!(ours.contains(&("&NewLine;", "\n")));
    }
}
