//! Rulesets as values: each of the seven rulesets is one [`Ruleset`] built from independent
//! dimensions (ko, suicide, counting, dead-stone removal, seki, handicap bonus, komi, ties).
//! The presets live in [`Ruleset::preset`] and nowhere else; the engine asks these fields,
//! never the ruleset's name. Sources: `../shared/RULES.md` §1.

use std::fmt;

/// The seven rulesets the auditor scores every game under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RulesetId {
    Chinese,
    Japanese,
    Korean,
    Ing,
    Aga,
    Nz,
    TrompTaylor,
}

impl RulesetId {
    /// All rulesets, in the column order used everywhere (Parquet columns, summaries).
    pub const ALL: [RulesetId; 7] = [
        RulesetId::Chinese,
        RulesetId::Japanese,
        RulesetId::Korean,
        RulesetId::Ing,
        RulesetId::Aga,
        RulesetId::Nz,
        RulesetId::TrompTaylor,
    ];

    /// The snake_case name used in column names and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            RulesetId::Chinese => "chinese",
            RulesetId::Japanese => "japanese",
            RulesetId::Korean => "korean",
            RulesetId::Ing => "ing",
            RulesetId::Aga => "aga",
            RulesetId::Nz => "nz",
            RulesetId::TrompTaylor => "tromp_taylor",
        }
    }

    /// Index into `ALL` (0..7).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Recognise a ruleset from an SGF `RU` value or a command-line name, with the aliases seen
    /// in real archives ("Japanese", "jp", "GOE", "Ing Goe", "NZ", "Tromp/Taylor", "AGA",
    /// "Chinese", "cn", "Korean", "kr", …). Case and punctuation are ignored, and so are a
    /// year after the name ("Korean 2003", "AGA 2004") and words after a ruleset's full name
    /// ("Japanese (IGS)"). `None` when unknown.
    pub fn from_name(raw: &str) -> Option<RulesetId> {
        let key: String = raw
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(|c| c.to_lowercase())
            .collect();
        if let Some(id) = Self::from_key(&key) {
            return Some(id);
        }
        if let Some(rules) = KataGoRules::read(raw) {
            return rules.ruleset();
        }
        // a year after the name
        let name = key.trim_end_matches(|c: char| c.is_ascii_digit());
        if key.len() - name.len() == 4 {
            if let Some(id) = Self::from_key(name) {
                return Some(id);
            }
        }
        // words after a full name, of one word or two, when none of them names another
        // ruleset (`Japanese/Chinese`, `Chinese (Japanese scoring)`: no one ruleset) or
        // Taiwan, whose Chinese rules are Ing's
        let lower = raw.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        let (n, id) = (1..=2.min(words.len())).find_map(|n| {
            let id = match words[..n].concat().as_str() {
                "chinese" => RulesetId::Chinese,
                "japanese" => RulesetId::Japanese,
                "korean" => RulesetId::Korean,
                "newzealand" => RulesetId::Nz,
                "tromptaylor" => RulesetId::TrompTaylor,
                _ => return None,
            };
            Some((n, id))
        })?;
        let other = |w: &&str| {
            matches!(*w, "taipei" | "taiwan") || Self::from_key(w).is_some_and(|o| o != id)
        };
        (!words[n..].iter().any(other)).then_some(id)
    }

    /// The ruleset `key` names (lower case, letters and digits only), as written.
    fn from_key(key: &str) -> Option<RulesetId> {
        let id = match key {
            "chinese" | "cn" | "chn" | "china" | "zh" | "chineserules" | "chinese2002"
            | "chinese1988" | "chin" | "中国" | "中国规则" | "中国规则数子" | "中國"
            | "中國規則" | "chinarules" | "中国围棋规则" | "中國圍棋規則" | "中国ルール" => {
                RulesetId::Chinese
            }
            "japanese"
            | "jp"
            | "jpn"
            | "ja"
            | "japan"
            | "japaneserules"
            | "japanese1989"
            | "nihonkiin"
            | "日本"
            | "日本规则"
            | "日本規則"
            | "日本ルール"
            | "japanrules"
            | "日本围棋规则"
            | "日本圍棋規則"
            | "日本棋院"
            | "日本棋院ルール" => RulesetId::Japanese,
            "korean"
            | "kr"
            | "kor"
            | "ko"
            | "korea"
            | "koreanrules"
            | "한국"
            | "韩国"
            | "韩国规则"
            | "韓國"
            | "韓國規則"
            | "한국규칙"
            | "korearules"
            | "韓国"
            | "韓国ルール"
            | "韩国围棋规则"
            | "韓國圍棋規則"
            | "한국기원"
            | "koreabadukassociation" => RulesetId::Korean,
            "ing" | "goe" | "inggoe" | "sst" | "ingsst" | "ings" | "ingrules" | "ingsrules"
            | "应氏" | "应氏规则" | "應氏" | "應氏規則" | "計點制" | "goerules" => {
                RulesetId::Ing
            }
            "aga" | "american" | "agarules" | "usa" | "us" => RulesetId::Aga,
            "nz" | "newzealand" | "nzrules" | "newzealandrules" => RulesetId::Nz,
            "tromptaylor" | "tt" | "tromp" | "tromptaylorrules" => RulesetId::TrompTaylor,
            _ => return None,
        };
        Some(id)
    }
}

/// The rules KataGo writes into `RU` when they have no short name (its `Rules` as text:
/// `koPOSITIONALscoreAREAtaxNONEsui1whbN`): ko rule, scoring, seki tax, multi-stone suicide,
/// then a button, White's handicap bonus (`whbN`, `whbN-1`; none written is zero) and
/// friendly passing, each of the last three written only when set.
#[derive(Debug, PartialEq, Eq)]
struct KataGoRules {
    /// `None` for KataGo's `SPIGHT` ko, which no preset plays.
    ko: Option<KoRule>,
    territory: bool,
    tax: &'static str,
    suicide: bool,
    bonus: HandicapBonus,
    /// Passing without capturing dead stones is safe: they are taken off at the end.
    friendly_pass: bool,
}

impl KataGoRules {
    /// Reads `raw` (an `RU` value) as KataGo writes its rules: `ko`, `score`, `tax` and
    /// `sui` each with its value, then optionally `button`, `whb` and `fpok`
    /// (`koSITUATIONALscoreAREAtaxNONEsui0whbN-1`). The fields are read in any order, each
    /// at most once, case and separators ignored; `None` unless the value is such a string
    /// whole (a `whbN+1`, no value of KataGo's, is not read as `whbN-1`).
    fn read(raw: &str) -> Option<KataGoRules> {
        const FIELDS: [(&str, &[&str]); 7] = [
            ("ko", &["simple", "positional", "situational", "spight"]),
            ("score", &["area", "territory"]),
            ("tax", &["none", "seki", "all"]),
            ("sui", &["0", "1"]),
            ("button", &["0", "1"]),
            ("whb", &["n-1", "n", "0"]),
            ("fpok", &["0", "1"]),
        ];
        // spaces and separators between the fields are dropped (`koSIMPLE scoreAREA …`,
        // `koSIMPLE,scoreAREA,…`), the signs of a value kept
        let key: String = raw
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '+'))
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let mut rest = key.as_str();
        let mut seen: [Option<&'static str>; 7] = [None; 7];
        while !rest.is_empty() {
            // no tag is another's prefix: the first match is the field
            let (k, after) = FIELDS
                .iter()
                .enumerate()
                .find_map(|(k, (tag, _))| Some((k, rest.strip_prefix(tag)?)))?;
            // the longest value first (`n-1` before `n`)
            let value = FIELDS[k].1.iter().find(|v| after.starts_with(**v))?;
            if seen[k].replace(value).is_some() {
                return None;
            }
            rest = &after[value.len()..];
        }
        let [ko, score, tax, sui, button, whb, fpok] = seen;
        let ko = match ko? {
            "simple" => Some(KoRule::Simple),
            "positional" => Some(KoRule::PositionalSuperko),
            "situational" => Some(KoRule::SituationalSuperko),
            _ => None,
        };
        let bonus = match whb {
            Some("n-1") => HandicapBonus::NMinusOne,
            Some("n") => HandicapBonus::N,
            _ => HandicapBonus::Zero,
        };
        // a button is half a point to the first to pass: no ruleset here has one
        (button != Some("1")).then_some(KataGoRules {
            ko,
            territory: score? == "territory",
            tax: tax?,
            suicide: sui? == "1",
            bonus,
            friendly_pass: fpok == Some("1"),
        })
    }

    /// The preset these rules are, by the rule questions both answer: ko, counting, seki,
    /// suicide and handicap bonus (KataGo's `chinese` has simple ko, ours positional
    /// superko: the count is the same). `None` for rules no preset plays (territory counting
    /// that scores seki eyes, stone scoring, area counting with suicide and a bonus).
    fn ruleset(&self) -> Option<RulesetId> {
        let matches = |r: &Ruleset| {
            let suicide = r.suicide == SuicideRule::MultiStoneLegal;
            let tax = match r.counting {
                Counting::Territory => "seki",
                Counting::Area => "none",
            };
            (r.counting == Counting::Territory) == self.territory
                && tax == self.tax
                && suicide == self.suicide
                && r.handicap_bonus == self.bonus
                && (r.removes_dead_stones || !self.friendly_pass)
                && !r.ko_is_approximation
                && (self.ko == Some(r.ko)
                    || (r.id == RulesetId::Chinese && self.ko == Some(KoRule::Simple)))
        };
        // Korean counts as Japanese here (the same questions), and Japanese comes first
        Ruleset::all().into_iter().find(matches).map(|r| r.id)
    }
}

impl fmt::Display for RulesetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which earlier positions a move may not recreate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KoRule {
    /// No immediate recapture of a single stone that just captured a single stone.
    /// A longer repeating cycle is not illegal: it is a "no result" ([`Ruleset::repetition_is_no_result`]).
    Simple,
    /// No move may recreate any earlier whole-board position.
    PositionalSuperko,
    /// No move may recreate an earlier whole-board position with the same player to move.
    SituationalSuperko,
}

/// Whether a move that leaves its own chain without liberties may stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SuicideRule {
    /// Every suicide is illegal.
    Illegal,
    /// Multi-stone suicide is legal (the chain is removed); single-stone suicide is always illegal.
    MultiStoneLegal,
}

/// How the final position is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Counting {
    /// Stones plus surrounded points; shared neutral points split ½–½ where the ruleset says so.
    Area,
    /// Surrounded points plus prisoners (dead stones count as prisoners).
    Territory,
}

/// Extra points White receives in a handicap game of N stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HandicapBonus {
    Zero,
    N,
    NMinusOne,
}

impl HandicapBonus {
    /// The bonus in points for `handicap` stones (a 1-stone "handicap" counts as 0).
    pub fn points(self, handicap: u32) -> f64 {
        let n = if handicap >= 2 { handicap } else { 0 };
        match self {
            HandicapBonus::Zero => 0.0,
            HandicapBonus::N => n as f64,
            HandicapBonus::NMinusOne => n.saturating_sub(1) as f64,
        }
    }
}

/// One ruleset as a value. Every rule question the engine asks is a field here (serialised,
/// as JSON, into the Parquet file's `kifu_audit.rulesets` metadata).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Ruleset {
    pub id: RulesetId,
    pub ko: KoRule,
    pub suicide: SuicideRule,
    pub counting: Counting,
    /// `false` only for Tromp-Taylor: every stone on the board counts, nothing is removed.
    pub removes_dead_stones: bool,
    /// Whether seki eyes count as points for their owner (area rules) or score nothing
    /// (Japanese/Korean, Art. 8).
    pub seki_eyes_count: bool,
    /// Whether neutral points (dame, shared seki liberties) are split ½–½ (Chinese, Ing counting).
    pub dame_split_half: bool,
    /// Whether territory points that must be filled (teire) still score for their owner:
    /// Korean counting does (Tygem's counted results), Japanese does not (Art. 8); area
    /// counting scores them either way. Which points need teire is the count's question.
    pub teire_scores: bool,
    pub handicap_bonus: HandicapBonus,
    /// Komi for an even game, in points.
    pub standard_komi: f64,
    /// Ing: a tie on the board (8 komi) is a Black win.
    pub black_wins_ties: bool,
    /// Japanese/Korean: a repeated whole-board position (triple ko…) voids the game instead of
    /// being an illegal move.
    pub repetition_is_no_result: bool,
    /// Ing's ko classes are approximated by positional superko (**choice**, RULES.md §1).
    pub ko_is_approximation: bool,
}

impl Ruleset {
    /// The preset for `id`. The one place where the rulesets are defined (RULES.md §1).
    pub fn preset(id: RulesetId) -> Ruleset {
        use Counting::*;
        use HandicapBonus::*;
        use KoRule::*;
        use SuicideRule::*;
        let base = Ruleset {
            id,
            ko: PositionalSuperko,
            suicide: Illegal,
            counting: Area,
            removes_dead_stones: true,
            seki_eyes_count: true,
            dame_split_half: false,
            teire_scores: true,
            handicap_bonus: N,
            standard_komi: 7.5,
            black_wins_ties: false,
            repetition_is_no_result: false,
            ko_is_approximation: false,
        };
        match id {
            RulesetId::Chinese => Ruleset {
                dame_split_half: true,
                ..base
            },
            RulesetId::Japanese | RulesetId::Korean => Ruleset {
                ko: Simple,
                counting: Territory,
                seki_eyes_count: false,
                teire_scores: id == RulesetId::Korean,
                handicap_bonus: Zero,
                standard_komi: 6.5,
                repetition_is_no_result: true,
                ..base
            },
            RulesetId::Ing => Ruleset {
                suicide: MultiStoneLegal,
                dame_split_half: true,
                standard_komi: 8.0,
                black_wins_ties: true,
                ko_is_approximation: true,
                ..base
            },
            RulesetId::Aga => Ruleset {
                ko: SituationalSuperko,
                handicap_bonus: NMinusOne,
                ..base
            },
            RulesetId::Nz => Ruleset {
                ko: SituationalSuperko,
                suicide: MultiStoneLegal,
                handicap_bonus: Zero,
                standard_komi: 7.0,
                ..base
            },
            RulesetId::TrompTaylor => Ruleset {
                suicide: MultiStoneLegal,
                removes_dead_stones: false,
                handicap_bonus: Zero,
                ..base
            },
        }
    }

    /// All seven presets, in [`RulesetId::ALL`] order.
    pub fn all() -> [Ruleset; 7] {
        RulesetId::ALL.map(Ruleset::preset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_seen_in_archives() {
        for (raw, id) in [
            ("Japanese", RulesetId::Japanese),
            ("jp", RulesetId::Japanese),
            ("GOE", RulesetId::Ing),
            ("Ing Goe", RulesetId::Ing),
            ("NZ", RulesetId::Nz),
            ("New Zealand", RulesetId::Nz),
            ("Tromp/Taylor", RulesetId::TrompTaylor),
            ("tromp-taylor", RulesetId::TrompTaylor),
            ("AGA", RulesetId::Aga),
            ("Chinese", RulesetId::Chinese),
            ("cn", RulesetId::Chinese),
            ("Korean", RulesetId::Korean),
            ("korean rules", RulesetId::Korean),
            ("Japanese rules", RulesetId::Japanese),
            // a year, words after a full name, traditional characters
            ("Korean 2003", RulesetId::Korean),
            ("AGA 2004", RulesetId::Aga),
            ("Japanese (IGS)", RulesetId::Japanese),
            ("Chinese, komi 7.5", RulesetId::Chinese),
            ("中國規則", RulesetId::Chinese),
            ("日本規則", RulesetId::Japanese),
            ("韓國規則", RulesetId::Korean),
            ("應氏規則", RulesetId::Ing),
            // a country's name with "rules", in Japanese's own characters, the association
            ("Japan rules", RulesetId::Japanese),
            ("Korea rules", RulesetId::Korean),
            ("GOE rules", RulesetId::Ing),
            ("韓国", RulesetId::Korean),
            ("中国围棋规则", RulesetId::Chinese),
            ("Korea Baduk Association", RulesetId::Korean),
            ("日本棋院", RulesetId::Japanese),
            ("Ing's rules", RulesetId::Ing),
            // KataGo's rules as text, when they have no short name
            ("koSIMPLEscoreAREAtaxNONEsui0whbN", RulesetId::Chinese),
            ("koPOSITIONALscoreAREAtaxNONEsui0whbN", RulesetId::Chinese),
            ("koSIMPLEscoreTERRITORYtaxSEKIsui0", RulesetId::Japanese),
            ("koSITUATIONALscoreAREAtaxNONEsui0whbN-1", RulesetId::Aga),
            ("koSITUATIONALscoreAREAtaxNONEsui1", RulesetId::Nz),
            ("koPOSITIONALscoreAREAtaxNONEsui1", RulesetId::TrompTaylor),
            // its fields in another order, or in another case
            ("scoreAREAkoSITUATIONALsui0whbN-1taxNONE", RulesetId::Aga),
            ("kosimplescoreterritorytaxsekisui0", RulesetId::Japanese),
            ("koSIMPLE scoreAREA, taxNONE sui0 whbN", RulesetId::Chinese),
            ("chinese-ogs", RulesetId::Chinese),
        ] {
            assert_eq!(RulesetId::from_name(raw), Some(id), "{raw}");
        }
        for unknown in [
            "koPOSITIONALscoreAREAtaxALLsui1",
            "koSIMPLEscoreTERRITORYtaxNONEsui0",
            "koPOSITIONALscoreAREAtaxNONEsui1whbN",
            "koSITUATIONALscoreAREAtaxNONEsui0button1whbN-1",
            "koPOSITIONALscoreAREAtaxNONEsui1whbNextra",
            // no value of KataGo's (`N-1` is), a field twice, a field missing
            "koSITUATIONALscoreAREAtaxNONEsui0whbN+1",
            "koSITUATIONALscoreAREAtaxNONEsui0whbN-1whbN-1",
            "koSITUATIONALscoreAREAsui0whbN-1",
            // friendly passing: dead stones are taken off at the end, which Tromp-Taylor
            // does not do
            "koPOSITIONALscoreAREAtaxNONEsui1fpok1",
            "aga-button",
            "Stone Age",
            "BGA",
            "AGA 20",
            "nz2",
            "Koreanish",
            "Japanese/Chinese",
            "Japanese or Chinese",
            "Chinese (Japanese scoring)",
            "Chinese Taipei",
            "Chinese-Ing",
        ] {
            assert_eq!(RulesetId::from_name(unknown), None, "{unknown}");
        }
    }

    #[test]
    fn handicap_bonus_by_ruleset() {
        let bonus = |id| Ruleset::preset(id).handicap_bonus.points(4);
        assert_eq!(bonus(RulesetId::Chinese), 4.0);
        assert_eq!(bonus(RulesetId::Ing), 4.0);
        assert_eq!(bonus(RulesetId::Aga), 3.0);
        assert_eq!(bonus(RulesetId::Japanese), 0.0);
        assert_eq!(bonus(RulesetId::Nz), 0.0);
        assert_eq!(
            HandicapBonus::N.points(1),
            0.0,
            "a 1-stone handicap gives no bonus"
        );
    }
}
