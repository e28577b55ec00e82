//! The language models in usable form: the generated tables of `data.rs`, indexed once.

use super::data;
use icu_properties::props::Script;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Marks a character that a language does not have.
pub(super) const ABSENT: u8 = u8::MAX;
/// Marks a character that no model has.
pub(super) const NONE: u16 = u16::MAX;

/// An alphabetic language, indexed.
pub(super) struct Alphabetic {
    pub code: &'static str,
    pub entropy: f64,
    /// Token of each global letter id (`ABSENT` when the language lacks the letter).
    pub token: Vec<u8>,
    /// Number of tokens (letters + the boundary).
    pub size: usize,
    /// Bigram costs in bits, row-major: the generated table as it reads, which the tests
    /// price by to prove [`ScriptLangs`] (the scorer reads those; nothing outside tests).
    #[cfg_attr(not(test), allow(dead_code))]
    pub costs: F32Costs,
    /// The script of the language's most frequent letter.
    pub script: Script,
}

/// A CJK language, indexed.
pub(super) struct Cjk {
    pub code: &'static str,
    pub entropy: f64,
    /// Cost in bits of each global CJK id (negative when the language lacks it).
    pub cost: Vec<f32>,
}

/// The alphabetic languages of one script laid out to price a word in all of them in one pass:
/// a letter's token in every language side by side, and each language's bigram costs as
/// levels, a byte each (a quarter of the room of f32 costs: they are read far more often than
/// anything else).
pub(super) struct ScriptLangs {
    /// The languages' script.
    pub script: Script,
    /// Its place in `Models::scripts`.
    pub id: u32,
    /// Each language's place in `Models::alphabetic`, in the order of the models.
    pub langs: Vec<usize>,
    /// The token of global letter id `a` in language `i` at `a * langs.len() + i` (`ABSENT`
    /// when the language lacks the letter).
    pub token: Vec<u8>,
    /// Each language's number of tokens (letters + the boundary).
    pub size: Vec<usize>,
    /// Where each language's levels start in `levels`.
    pub start: Vec<usize>,
    /// The languages' bigram cost levels end to end, each row-major
    /// (`levels[start[i] + p * size[i] + t]`).
    pub levels: Vec<u8>,
}

/// The cost in bits of each level (f32, as the generated tables give it; widened when added).
pub(super) static LEVEL_COST: [f32; 64] = {
    let mut table = [0.0f32; 64];
    let mut q = 0;
    while q < 64 {
        table[q] = q as f32 * data::ALPHA_STEP;
        q += 1;
    }
    table
};

/// Every model, with global ids for the characters they know.
pub(super) struct Models {
    alpha_id: HashMap<char, u16>,
    cjk_id: HashMap<char, u16>,
    /// The ids of the Basic Multilingual Plane, by code point (`NONE` where no model has the
    /// character): read by index, not hashed, for every character scored.
    alpha_bmp: Vec<u16>,
    cjk_bmp: Vec<u16>,
    pub alphabetic: Vec<Alphabetic>,
    pub cjk: Vec<Cjk>,
    /// `Cjk::cost` of every CJK language side by side: id `c` in language `k` at
    /// `c * cjk.len() + k` (one look-up per character for all of them).
    pub cjk_costs: Vec<f32>,
    /// The alphabetic languages by script, scripts in the order of their first language.
    pub scripts: Vec<ScriptLangs>,
}

impl Models {
    /// The global id of a letter among the alphabetic models', or `NONE`.
    pub fn alpha(&self, c: char) -> u16 {
        match self.alpha_bmp.get(c as usize) {
            Some(&id) => id,
            None => self.alpha_id.get(&c).copied().unwrap_or(NONE),
        }
    }

    /// The global id of a character among the CJK models', or `NONE`.
    pub fn cjk(&self, c: char) -> u16 {
        match self.cjk_bmp.get(c as usize) {
            Some(&id) => id,
            None => self.cjk_id.get(&c).copied().unwrap_or(NONE),
        }
    }

    /// The alphabetic languages of a script, if any.
    pub fn script_langs(&self, script: Script) -> Option<&ScriptLangs> {
        self.scripts.iter().find(|s| s.script == script)
    }

    /// Whether an alphabetic model has the letter.
    pub fn has_alpha(&self, c: char) -> bool {
        self.alpha(c) != NONE
    }
}

/// Ids by code point for the Basic Multilingual Plane.
fn dense(ids: &HashMap<char, u16>) -> Vec<u16> {
    let mut out = vec![NONE; 0x10000];
    for (&c, &id) in ids {
        if let Some(slot) = out.get_mut(c as usize) {
            *slot = id;
        }
    }
    out
}

/// The level of each ASCII character: its place in `data::LEVELS` (63, the highest, for any
/// other), so that the some 150,000 levels of the models are read by index, not searched for.
const LEVEL_OF: [u8; 128] = {
    let mut table = [63u8; 128];
    let levels = data::LEVELS.as_bytes();
    let mut q = levels.len();
    // From the end, so that a character listed twice keeps its first place, as a search would.
    while q > 0 {
        q -= 1;
        assert!(levels[q] < 128, "levels are ASCII");
        table[levels[q] as usize] = q as u8;
    }
    table
};

fn level(c: char) -> f32 {
    f32::from(level_index(c))
}

fn level_index(c: char) -> u8 {
    LEVEL_OF.get(c as usize).copied().unwrap_or(63)
}

/// The languages of each script in `alphabetic`, laid out by [`ScriptLangs`].
fn by_script(alphabetic: &[Alphabetic], letters: usize) -> Vec<ScriptLangs> {
    let mut out: Vec<ScriptLangs> = Vec::new();
    for (i, lang) in alphabetic.iter().enumerate() {
        match out.iter_mut().find(|s| s.script == lang.script) {
            Some(s) => s.langs.push(i),
            None => out.push(ScriptLangs {
                script: lang.script,
                id: out.len() as u32,
                langs: vec![i],
                token: Vec::new(),
                size: Vec::new(),
                start: Vec::new(),
                levels: Vec::new(),
            }),
        }
    }
    for s in &mut out {
        let n = s.langs.len();
        s.token = vec![ABSENT; letters * n];
        for (k, &i) in s.langs.iter().enumerate() {
            for (a, &tok) in alphabetic[i].token.iter().enumerate() {
                s.token[a * n + k] = tok;
            }
        }
        s.size = s.langs.iter().map(|&i| alphabetic[i].size).collect();
        for &i in &s.langs {
            s.start.push(s.levels.len());
            s.levels
                .extend(data::ALPHABETIC[i].costs.chars().map(level_index));
        }
    }
    out
}

/// `Alphabetic::costs`: the f32 costs in tests, nothing else.
#[cfg(test)]
pub(super) type F32Costs = Vec<f32>;
#[cfg(not(test))]
pub(super) type F32Costs = ();

/// The costs of a generated table of levels, in bits (kept for the tests only).
#[cfg(test)]
fn f32_costs(levels: &str) -> F32Costs {
    levels
        .chars()
        .map(|c| level(c) * data::ALPHA_STEP)
        .collect()
}

#[cfg(not(test))]
fn f32_costs(_: &str) -> F32Costs {}

/// Global ids, in order of first appearance, for the characters of `lists`.
fn ids<'a>(lists: impl Iterator<Item = &'a str>) -> HashMap<char, u16> {
    let mut id: HashMap<char, u16> = HashMap::new();
    for list in lists {
        for c in list.chars() {
            let next = id.len() as u16;
            id.entry(c).or_insert(next);
        }
    }
    id
}

/// The alphabetic languages, indexed by the global letter ids `alpha_id`.
fn alphabetic(alpha_id: &HashMap<char, u16>) -> Vec<Alphabetic> {
    let scripts = icu_properties::CodePointMapData::<Script>::new();
    data::ALPHABETIC
        .iter()
        .map(|lang| {
            let mut token = vec![ABSENT; alpha_id.len()];
            for (i, c) in lang.alphabet.chars().enumerate() {
                token[usize::from(alpha_id[&c])] = (i + 1) as u8;
            }
            let size = lang.alphabet.chars().count() + 1;
            debug_assert_eq!(lang.costs.chars().count(), size * size);
            let first = lang.alphabet.chars().next().unwrap_or('a');
            Alphabetic {
                code: lang.code,
                entropy: f64::from(lang.entropy),
                token,
                size,
                costs: f32_costs(lang.costs),
                script: scripts.get(first),
            }
        })
        .collect()
}

/// The CJK languages, indexed by the global ids `cjk_id`.
fn cjk(cjk_id: &HashMap<char, u16>) -> Vec<Cjk> {
    data::CJK
        .iter()
        .map(|lang| {
            let mut cost = vec![-1.0; cjk_id.len()];
            for (c, l) in lang.chars.chars().zip(lang.costs.chars()) {
                cost[usize::from(cjk_id[&c])] = level(l) * data::CJK_STEP;
            }
            Cjk {
                code: lang.code,
                entropy: f64::from(lang.entropy),
                cost,
            }
        })
        .collect()
}

fn build() -> Models {
    let alpha_id = ids(data::ALPHABETIC.iter().map(|l| l.alphabet));
    let alphabetic = alphabetic(&alpha_id);
    let cjk_id = ids(data::CJK.iter().map(|l| l.chars));
    let cjk = cjk(&cjk_id);
    let cjk_costs = (0..cjk_id.len())
        .flat_map(|c| cjk.iter().map(move |l: &Cjk| l.cost[c]))
        .collect();
    Models {
        scripts: by_script(&alphabetic, alpha_id.len()),
        cjk_costs,
        alpha_bmp: dense(&alpha_id),
        cjk_bmp: dense(&cjk_id),
        alpha_id,
        cjk_id,
        alphabetic,
        cjk,
    }
}

/// The models, built on first use.
pub(super) fn models() -> &'static Models {
    static MODELS: OnceLock<Models> = OnceLock::new();
    MODELS.get_or_init(build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_the_place_of_its_character() {
        for c in (0..0x200).filter_map(char::from_u32) {
            let searched = data::LEVELS.find(c).unwrap_or(63) as f32;
            assert_eq!(level(c), searched, "{c:?}");
        }
        assert_eq!(level('0'), 0.0);
        assert_eq!(level('_'), 63.0);
        assert_eq!(level('z'), 61.0);
    }

    #[test]
    fn the_tables_by_script_say_what_each_language_says() {
        let m = models();
        let mut seen = 0;
        for s in &m.scripts {
            let n = s.langs.len();
            for (k, &i) in s.langs.iter().enumerate() {
                let lang = &m.alphabetic[i];
                assert_eq!(lang.script, s.script);
                assert_eq!(s.size[k], lang.size);
                for (a, &tok) in lang.token.iter().enumerate() {
                    assert_eq!(s.token[a * n + k], tok);
                }
                let levels = &s.levels[s.start[k]..][..s.size[k] * s.size[k]];
                let costs: Vec<f32> = levels.iter().map(|&q| LEVEL_COST[usize::from(q)]).collect();
                assert_eq!(costs, lang.costs, "{}", lang.code);
                seen += 1;
            }
        }
        assert_eq!(seen, m.alphabetic.len());
        let n = m.cjk.len();
        for (k, lang) in m.cjk.iter().enumerate() {
            for (c, &cost) in lang.cost.iter().enumerate() {
                assert_eq!(m.cjk_costs[c * n + k].to_bits(), cost.to_bits());
            }
        }
        assert_eq!(m.cjk_costs.len(), n * m.cjk[0].cost.len());
    }
}
