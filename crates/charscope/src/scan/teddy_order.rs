//! The order in which to hand readings to Teddy (aho-corasick's vectorised searcher) so that
//! its buckets hold readings whose first bytes are alike.
//!
//! Teddy sorts the patterns into 8 or 16 buckets and stops, for each bucket, wherever the next
//! few bytes of the text (up to 4, the length of the shortest pattern) could start one of the
//! bucket's patterns, judged from the bytes' low and high halves (nibbles) alone. A bucket of
//! `ecce` and `Mapc` therefore also stops at `mcpe`, `Eaae` and every mix of their nibbles,
//! each place then checked byte by byte. Which patterns share a bucket is left to the order
//! they come in (in aho-corasick 1.1's `Teddy::new`, the pattern added `n`th goes to bucket
//! `buckets - 1 - n % buckets`, unless one before it starts with the same low nibbles), so the
//! order decides how often Teddy stops. In the mixed text of the bench corpus, 47 readings in alphabetical order took 25 ms
//! for 100 MB, in the order of this module 14 ms (in the order they were met, 16).
//!
//! The order only changes how fast the search runs, never what it finds: a future version of
//! aho-corasick that fills its buckets another way would make it slower, never wrong.

/// How common a byte is in text, roughly, relative to the others: a space, a lowercase letter,
/// a line feed, a capital or digit, punctuation, other control characters (only the ratios
/// matter). Only bytes below 0x80 can start a reading (readings are ASCII).
fn weight(b: u8) -> f64 {
    match b {
        b' ' => 80.0,
        b'a'..=b'z' => 16.0,
        b'\n' => 8.0,
        b'A'..=b'Z' | b'0'..=b'9' => 1.6,
        b'!'..=b'~' => 0.8,
        _ => 0.05,
    }
}

/// The low and high nibbles a bucket accepts at each of the first (up to 4) bytes.
#[derive(Clone, Copy, Default)]
struct Nibbles([(u16, u16); 4]);

impl Nibbles {
    /// The nibbles of the first `len` bytes of `reading`.
    fn of(reading: &str, len: usize) -> Nibbles {
        let mut nibbles = Nibbles::default();
        for (n, &b) in nibbles.0.iter_mut().zip(&reading.as_bytes()[..len]) {
            *n = (1 << (b & 0xF), 1 << (b >> 4));
        }
        nibbles
    }

    /// Those of a bucket that holds both.
    fn with(self, other: Nibbles) -> Nibbles {
        let mut both = self;
        for (n, o) in both.0.iter_mut().zip(other.0) {
            *n = (n.0 | o.0, n.1 | o.1);
        }
        both
    }

    /// How often a bucket with these nibbles stops Teddy, by the weights of [`weight`]: the
    /// product, over the first `len` bytes, of the weight of the bytes made of an accepted low
    /// and an accepted high nibble.
    fn cost(self, len: usize) -> f64 {
        self.0[..len]
            .iter()
            .map(|&(low, high)| {
                let mut sum = 0.0;
                for h in bits(high) {
                    for l in bits(low) {
                        sum += weight((h << 4 | l) as u8);
                    }
                }
                sum
            })
            .product()
    }
}

/// The positions of the set bits of `mask`, lowest first.
fn bits(mut mask: u16) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        let bit = mask.trailing_zeros() as u16;
        mask &= mask.wrapping_sub(1);
        (bit < 16).then_some(bit)
    })
}

/// How many buckets Teddy makes for `patterns` patterns: 16 (its "fat" form) for more than 32
/// where the processor has AVX2, else 8.
fn buckets_for(patterns: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    if patterns > 32 && std::arch::is_x86_feature_detected!("avx2") {
        return 16;
    }
    let _ = patterns;
    8
}

/// `readings` (all of them at least one byte long) in the order that puts readings with alike
/// first bytes in the same Teddy bucket, for `buckets` buckets: greedily, the readings whose
/// own first bytes are commonest first, each into the bucket it makes the least more costly
/// ([`Nibbles::cost`]) among those with a place left; or the order given, if that costs less.
fn order_for<T: Copy>(readings: &[(&str, T)], buckets: usize) -> Vec<usize> {
    let len = readings.iter().map(|r| r.0.len()).min().unwrap_or(0).min(4);
    // The readings that start with the same low nibbles go to one bucket (the first one's,
    // whatever the places of the others): each such group is placed as one, by its first.
    let mut groups: Vec<(Nibbles, Vec<usize>)> = Vec::new();
    let mut group_of = std::collections::HashMap::new();
    for (i, r) in readings.iter().enumerate() {
        let low: Vec<u8> = r.0.as_bytes()[..len].iter().map(|b| b & 0xF).collect();
        let nibbles = Nibbles::of(r.0, len);
        match group_of.get(&low) {
            Some(&g) => {
                let (all, members): &mut (Nibbles, Vec<usize>) = &mut groups[g];
                *all = all.with(nibbles);
                members.push(i);
            }
            None => {
                group_of.insert(low, groups.len());
                groups.push((nibbles, vec![i]));
            }
        }
    }
    let own: Vec<f64> = groups.iter().map(|g| g.0.cost(len)).collect();
    // The places of bucket `b` among the groups' firsts: the `n`th goes to bucket
    // `buckets - 1 - n % buckets`.
    let places = |b: usize| (0..groups.len()).filter(move |n| buckets - 1 - n % buckets == b);
    let room: Vec<usize> = (0..buckets).map(|b| places(b).count()).collect();
    let mut by_cost: Vec<usize> = (0..groups.len()).collect();
    by_cost.sort_by(|&a, &b| own[b].total_cmp(&own[a]).then(a.cmp(&b)));
    let mut filled: Vec<(Nibbles, Vec<usize>)> = vec![(Nibbles::default(), Vec::new()); buckets];
    for g in by_cost {
        let more = |b: usize| {
            let (bucket, held) = &filled[b];
            if held.is_empty() {
                own[g]
            } else {
                bucket.with(groups[g].0).cost(len) - bucket.cost(len)
            }
        };
        let best = (0..buckets)
            .filter(|&b| filled[b].1.len() < room[b])
            .min_by(|&a, &b| more(a).total_cmp(&more(b)).then(a.cmp(&b)))
            .expect("as many places as groups");
        let bucket = &mut filled[best];
        bucket.0 = bucket.0.with(groups[g].0);
        bucket.1.push(g);
    }
    let planned: f64 = filled.iter().map(|b| b.0.cost(len)).sum();
    if cost_in_order(readings, buckets) < planned {
        return (0..readings.len()).collect();
    }
    let mut firsts = vec![0; groups.len()];
    for (b, (_, held)) in filled.iter().enumerate() {
        for (n, &g) in places(b).zip(held) {
            firsts[n] = g;
        }
    }
    let others = firsts
        .iter()
        .flat_map(|&g| groups[g].1[1..].iter().copied());
    let order: Vec<usize> = firsts.iter().map(|&g| groups[g].1[0]).collect();
    order.iter().copied().chain(others).collect()
}

/// The cost ([`Nibbles::cost`]) of Teddy's `buckets` buckets for `readings` in their order.
fn cost_in_order<T>(readings: &[(&str, T)], buckets: usize) -> f64 {
    let len = readings.iter().map(|r| r.0.len()).min().unwrap_or(0).min(4);
    let mut filled = vec![None::<Nibbles>; buckets];
    let mut bucket_of = std::collections::HashMap::new();
    for (n, r) in readings.iter().enumerate() {
        let low: Vec<u8> = r.0.as_bytes()[..len].iter().map(|b| b & 0xF).collect();
        let b = *bucket_of.entry(low).or_insert(buckets - 1 - n % buckets);
        let nibbles = Nibbles::of(r.0, len);
        filled[b] = Some(filled[b].map_or(nibbles, |f| f.with(nibbles)));
    }
    filled.iter().flatten().map(|f| f.cost(len)).sum()
}

/// `readings` reordered for one Teddy search of them all (see the module's documentation).
pub(super) fn for_teddy<T: Copy>(readings: Vec<(&str, T)>) -> Vec<(&str, T)> {
    let order = order_for(&readings, buckets_for(readings.len()));
    order.into_iter().map(|i| readings[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many places of `text` Teddy stops at for `readings` in their order, in `buckets`
    /// buckets: where the next bytes (as many as the shortest reading has, up to 4) are made
    /// of nibbles that one bucket's readings have there.
    fn stops(text: &str, readings: &[&str], buckets: usize) -> usize {
        let len = readings.iter().map(|r| r.len()).min().unwrap().min(4);
        let mut filled = vec![Nibbles::default(); buckets];
        let mut bucket_of = std::collections::HashMap::new();
        for (n, r) in readings.iter().enumerate() {
            let low: Vec<u8> = r.as_bytes()[..len].iter().map(|b| b & 0xF).collect();
            let b = *bucket_of.entry(low).or_insert(buckets - 1 - n % buckets);
            filled[b] = filled[b].with(Nibbles::of(r, len));
        }
        text.as_bytes()
            .windows(len)
            .filter(|w| {
                filled.iter().any(|f| {
                    w.iter().zip(f.0).all(|(&b, (low, high))| {
                        low & (1 << (b & 0xF)) != 0 && high & (1 << (b >> 4)) != 0
                    })
                })
            })
            .count()
    }

    proptest::proptest! {
        #[test]
        fn the_order_holds_each_reading_once_and_models_no_costlier_than_the_order_given(
            words in proptest::collection::vec("[a-eA-E0-2_]{3,7}", 1..70),
            fat in proptest::bool::ANY,
        ) {
            let readings: Vec<(&str, ())> = words.iter().map(|w| (w.as_str(), ())).collect();
            let buckets = if fat { 16 } else { 8 };
            let order = order_for(&readings, buckets);
            let mut seen = order.clone();
            seen.sort_unstable();
            proptest::prop_assert_eq!(seen, (0..readings.len()).collect::<Vec<_>>());
            let ordered: Vec<(&str, ())> = order.iter().map(|&i| readings[i]).collect();
            let planned = cost_in_order(&ordered, buckets);
            let given = cost_in_order(&readings, buckets);
            proptest::prop_assert!(planned <= given * 1.000_001, "{} > {}", planned, given);
        }
    }

    /// The ASCII readings of the lookalike words of the Russian Wikipedia article on Mars (its
    /// words of Cyrillic letters that look like Latin ones, as `scan` reads them), in
    /// alphabetical order.
    const READINGS: &[&str] = &[
        "1960A",
        "1962A",
        "1969A",
        "1969B",
        "6ora",
        "6ory",
        "AEnglisc",
        "Apec",
        "Apeca",
        "Apecy",
        "Apro",
        "Bepeap",
        "CCCP",
        "Caxa",
        "Cyac",
        "Encyclopaedia",
        "Eppop",
        "HACA",
        "He6o",
        "Kopa",
        "Maarisi",
        "Macca",
        "Mapc",
        "Mapca",
        "Mapce",
        "Mapcy",
        "Mezwey",
        "PAH_",
        "Powa",
        "TACC",
        "Xa6eo",
        "Xaoc",
        "_Encyclopaedia",
        "ayrye",
        "caxa",
        "cyac",
        "cywe",
        "ecce",
        "eppop",
        "epoc",
        "rapar",
        "ropa",
        "ropax",
        "xa6eo",
        "xaoc",
        "xopowo",
    ];

    /// aho-corasick's rule for Teddy's buckets, as this module models it (`Teddy::new` of
    /// aho-corasick 1.1): the patterns in the order Teddy verifies them (for leftmost-longest,
    /// the longest first, ties in the order given), each into the bucket of the first one before
    /// it whose first bytes (as many as the shortest pattern has, up to 4) have the same low
    /// nibbles, else into bucket `buckets - 1 - n % buckets` for the `n`th pattern given.
    fn modelled_buckets(patterns: &[&str], buckets: usize) -> Vec<Vec<usize>> {
        let len = patterns.iter().map(|p| p.len()).min().unwrap().min(4);
        let mut order: Vec<usize> = (0..patterns.len()).collect();
        order.sort_by(|&a, &b| patterns[b].len().cmp(&patterns[a].len()));
        let mut filled = vec![Vec::new(); buckets];
        let mut bucket_of = std::collections::HashMap::new();
        for n in order {
            let low: Vec<u8> = patterns[n].as_bytes()[..len]
                .iter()
                .map(|b| b & 0xF)
                .collect();
            let b = *bucket_of.entry(low).or_insert(buckets - 1 - n % buckets);
            filled[b].push(n);
        }
        filled
    }

    /// The buckets of the Teddy searcher `debug` (the `Debug` text of aho-corasick's packed
    /// searcher) holds, if it is one: the pattern ids of each.
    fn buckets_in(debug: &str) -> Option<Vec<Vec<usize>>> {
        let teddy = &debug[debug.find("teddy: Teddy {")?..];
        let list = &teddy[teddy.find("buckets: [")? + "buckets: [".len()..];
        let list = &list[..list.find("]]")? + 1];
        let buckets = list
            .split("], ")
            .map(|bucket| {
                bucket
                    .split("PatternID(")
                    .skip(1)
                    .map(|id| id[..id.find(')').unwrap()].parse().unwrap())
                    .collect()
            })
            .collect();
        Some(buckets)
    }

    /// aho-corasick is pinned (`=1.1.5` in Cargo.toml) because the order of this module is
    /// worth its while only while Teddy fills its buckets as modelled: this fails when a
    /// version fills them another way (the search would then be slower, never wrong).
    #[test]
    fn teddy_fills_its_buckets_as_this_module_models_it() {
        let mut checked = 0;
        for count in [7, 20, READINGS.len()] {
            let readings: Vec<(&str, ())> = READINGS[..count].iter().map(|r| (*r, ())).collect();
            let ordered: Vec<&str> = for_teddy(readings).into_iter().map(|r| r.0).collect();
            // Built as the scan builds it (`twins::Matcher`).
            let Some(searcher) = aho_corasick::packed::Config::new()
                .match_kind(aho_corasick::packed::MatchKind::LeftmostLongest)
                .builder()
                .extend(&ordered)
                .build()
            else {
                continue;
            };
            let Some(buckets) = buckets_in(&format!("{searcher:?}")) else {
                continue;
            };
            assert_eq!(
                buckets,
                modelled_buckets(&ordered, buckets.len()),
                "{ordered:?}"
            );
            assert_eq!(buckets.len(), buckets_for(count), "{count} readings");
            checked += 1;
        }
        // The CI machine has the SIMD Teddy needs.
        if cfg!(target_arch = "x86_64") && crate::simd::enabled() {
            assert_eq!(checked, 3);
        }
    }

    #[test]
    fn teddy_stops_at_fewer_places_of_prose_for_the_readings_in_this_order() {
        let prose = "The planet has two small moons, Phobos and Deimos, and a thin atmosphere \
                     of carbon dioxide. Its surface, red with iron oxide, keeps the largest \
                     volcano and one of the deepest canyons known; water ice caps both poles, \
                     and the rovers sent since 1997 found rocks that once lay in lakes. ";
        let prose = prose.repeat(4);
        for buckets in [8, 16] {
            let readings: Vec<(&str, ())> = READINGS.iter().map(|r| (*r, ())).collect();
            let ordered: Vec<&str> = order_for(&readings, buckets)
                .into_iter()
                .map(|i| READINGS[i])
                .collect();
            let (planned, alphabetical) = (
                stops(&prose, &ordered, buckets),
                stops(&prose, READINGS, buckets),
            );
            assert!(
                planned * 2 < alphabetical,
                "{buckets} buckets: {planned} stops in this order, {alphabetical} in the alphabetical"
            );
        }
    }
}
