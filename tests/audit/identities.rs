//! The counting identities on every scored real record: each ruleset's margin follows from the
//! row's own counts (areas, territories, prisoners, teire, komi and handicap bonus), and the
//! parity identity of RULES.md §3 links area and territory counting (area margin − territory
//! margin = plays(B) − plays(W), the teire and seki eyes that only area counting scores
//! added). A count that loses or doubles a stone anywhere between replay and the row breaks
//! one of them.

use crate::common::{dev_rows, record, tygem_rows};
use kifu_audit::output::GameRow;
use kifu_audit::rules::RulesetId;

/// Violations of the identities among `rows`, each described; also how many rows were
/// checked and how many the parity identity left out (records that edit the board: stones set
/// up after the first move or cleared anywhere are neither plays nor captures; `plays` counts
/// the setup stones placed before the first move).
fn violations(rows: &[GameRow]) -> (Vec<String>, usize, usize) {
    let mut bad = Vec::new();
    let (mut checked, mut edited) = (0, 0);
    for row in rows {
        let (Some(s), Some(rp)) = (row.score.as_ref(), row.replay.as_ref()) else {
            continue;
        };
        checked += 1;
        let rec = record(row);
        let handicap = if rec.handicap >= 2 {
            rec.handicap as f64
        } else {
            0.0
        };
        let area = s.black_area as f64 - s.white_area as f64;
        let territory = (s.black_territory + s.prisoners_black) as f64
            - (s.white_territory + s.prisoners_white) as f64;
        let teire = s.black_teire as f64 - s.white_teire as f64;
        let seki_eyes = s.black_seki_eyes as f64 - s.white_seki_eyes as f64;
        let score = |id: RulesetId| s.per_ruleset[id.index()];
        let expected = [
            (RulesetId::Chinese, area - handicap),
            (RulesetId::Ing, area - handicap),
            (RulesetId::Aga, area - (handicap - 1.0).max(0.0)),
            (RulesetId::Nz, area),
            (RulesetId::Japanese, territory),
            (RulesetId::Korean, territory + teire),
            (RulesetId::TrompTaylor, s.margin_as_is_area),
        ];
        let name = || format!("{} {:?} #{}", row.source, row.member, row.ingest.game_index);
        for (id, before_komi) in expected {
            let got = score(id);
            if (got.margin_b_minus_w - (before_komi - got.komi_used)).abs() > 1e-9 {
                bad.push(format!(
                    "{}: {id:?} margin {} where the counts give {} − komi {}",
                    name(),
                    got.margin_b_minus_w,
                    before_komi,
                    got.komi_used
                ));
            }
        }
        if (s.margin_chinese_stones * 2.0 - score(RulesetId::Chinese).margin_b_minus_w).abs() > 1e-9
        {
            bad.push(format!(
                "{}: the margin in stones is not half the points",
                name()
            ));
        }
        if rec
            .setup
            .iter()
            .any(|st| st.before_move > 0 || st.stone.is_none())
        {
            edited += 1;
            continue;
        }
        let plays = rp.black_plays as f64 - rp.white_plays as f64;
        if (area - territory - (plays + teire + seki_eyes)).abs() > 1e-9 {
            bad.push(format!(
                "{}: area margin {area} − territory margin {territory} is not plays {plays} + teire {teire} + seki eyes {seki_eyes}",
                name()
            ));
        }
    }
    (bad, checked, edited)
}

fn assert_identities(rows: &[GameRow], corpus: &str) {
    let (bad, checked, edited) = violations(rows);
    eprintln!(
        "{corpus}: {checked} scored games checked, {} of them left out of the parity identity (the board edited); {} violations",
        edited,
        bad.len()
    );
    assert!(
        bad.is_empty(),
        "{corpus}: {} violations, e.g.\n{}",
        bad.len(),
        bad[..bad.len().min(10)].join("\n")
    );
}

#[test]
fn every_scored_dev_record_keeps_the_counting_identities() {
    if let Some(rows) = dev_rows() {
        assert_identities(rows, "corpus/dev");
    }
}

#[test]
fn every_scored_tygem_record_keeps_the_counting_identities() {
    if let Some(rows) = tygem_rows() {
        assert_identities(rows, "Tygem");
    }
}
