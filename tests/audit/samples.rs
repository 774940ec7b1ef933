//! data-samples/: our own generated records, checked against the facts the generator wrote in
//! `data-samples/expected.json` (moves, captures, plays, first illegal moves, margins).

use crate::common::{audit, repo};

#[test]
fn every_sample_yields_rows_and_charsets_decode() {
    let rows = audit(&repo().join("data-samples"));
    assert!(rows.len() >= 80);
    let by_name = |suffix: &str| {
        rows.iter()
            .find(|r| r.source.ends_with(suffix) && r.member.is_none())
            .unwrap_or_else(|| panic!("no row for {suffix}"))
    };
    for (file, used, black, white) in [
        ("charset/gb18030-names.sgf", "gb18030", "古力", "常昊"),
        (
            "charset/shift-jis-names.sgf",
            "Shift_JIS",
            "井山裕太",
            "張栩",
        ),
        ("charset/euc-kr-names.sgf", "EUC-KR", "이창호", "조훈현"),
        ("charset/latin1-no-ca.sgf", "windows-1252", "Müller", ""),
        // one byte of 古 turned into `?`: GBK all the same, the damage replaced
        ("charset/fox-lossy-no-ca.sgf", "GBK", "\u{FFFD}?力", "常昊"),
    ] {
        let r = by_name(file);
        let rec = r
            .ingest
            .record
            .as_ref()
            .unwrap_or_else(|| panic!("{file}: {:?}", r.ingest));
        assert_eq!(r.ingest.charset_used, Some(used), "{file}");
        assert_eq!(rec.black.as_deref(), Some(black), "{file}");
        if !white.is_empty() {
            assert_eq!(rec.white.as_deref(), Some(white), "{file}");
        }
    }
    // Archives: members are read and named.
    assert!(rows
        .iter()
        .any(|r| r.source.ends_with("samples.zip") && r.member.is_some()));
    assert!(rows
        .iter()
        .any(|r| r.source.ends_with("samples.tar.gz") && r.member.is_some()));
    assert!(rows.iter().any(|r| r.source.ends_with("single.sgf.gz")));
}

/// Every fact the generator recorded about a game matches what the audit computed.
#[test]
fn generated_games_match_the_generators_facts() {
    let rows = audit(&repo().join("data-samples"));
    let text = std::fs::read_to_string(repo().join("data-samples/expected.json")).unwrap();
    let expected: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let mut checked = 0;
    let mut scored = 0;
    let mut agree = 0;
    for e in &expected {
        let file = e["file"].as_str().unwrap();
        let index = e["game_index"].as_u64().unwrap_or(0) as u32;
        let row = rows
            .iter()
            .find(|r| {
                r.member.is_none() && r.source.ends_with(file) && r.ingest.game_index == index
            })
            .unwrap_or_else(|| panic!("no row for {file} #{index}"));
        let Some(rec) = row.ingest.record.as_ref() else {
            continue;
        };
        let num = |k: &str| e.get(k).and_then(|v| v.as_i64());
        if let Some(m) = num("moves") {
            assert_eq!(rec.moves.len() as i64, m, "{file}: moves");
        }
        if let Some(p) = num("passes") {
            assert_eq!(rec.passes as i64, p, "{file}: passes");
        }
        let rp = row.replay.as_ref().unwrap();
        // The generator counts board moves only; our plays include the root's setup stones.
        let (setup_black, setup_white) = kifu_audit::pipeline::game::setup_plays(rec);
        for (k, got) in [
            ("captures_by_black", rp.captures_by_black),
            ("captures_by_white", rp.captures_by_white),
            ("black_plays", rp.black_plays - setup_black),
            ("white_plays", rp.white_plays - setup_white),
        ] {
            if let Some(want) = num(k) {
                assert_eq!(got as i64, want, "{file}: {k}");
            }
        }
        checked += 1;
        let counted = rec.result.as_ref().is_some_and(|r| {
            matches!(
                r.kind,
                kifu_audit::sgf::ResultKind::Score | kifu_audit::sgf::ResultKind::Draw
            )
        });
        if !counted {
            continue; // resigned or unfinished: the position is not settled
        }
        if let (Some(s), Some(ba), Some(wa)) =
            (row.score.as_ref(), num("black_area"), num("white_area"))
        {
            scored += 1;
            if s.black_area as i64 == ba && s.white_area as i64 == wa {
                agree += 1;
            } else {
                eprintln!(
                    "{file}: area {}/{} vs generator {ba}/{wa} (dead {}/{})",
                    s.black_area, s.white_area, s.dead_black, s.dead_white
                );
            }
        }
    }
    eprintln!("data-samples: {checked} games checked, area agrees on {agree}/{scored}");
    assert!(checked >= 40);
    // Every generated game with a counted result ends fully settled (no dead stones, no seki):
    // the scorer must reproduce the generator's area count on all of them.
    assert_eq!(agree, scored);
}

/// A record of another format than SGF, read from `data-samples`: the file, the charset its
/// names decode from, Black's name and rank, White's name, the komi and the handicap.
type Converted<'a> = (&'a str, &'a str, &'a str, &'a str, &'a str, f64, u32);

/// The rows of `dir` (all records of one format, `application`) read as `cases` say, each
/// recorded result the count.
fn check_converted(dir: &str, application: &str, cases: &[Converted]) {
    let rows = audit(&repo().join(dir));
    assert_eq!(rows.len(), cases.len());
    for &(file, charset, black, rank, white, komi, handicap) in cases {
        let r = rows.iter().find(|r| r.source.ends_with(file)).unwrap();
        let rec = r.ingest.record.as_ref().unwrap();
        assert_eq!(r.ingest.charset_used, Some(charset), "{file}");
        assert_eq!(rec.black.as_deref(), Some(black), "{file}");
        assert_eq!(rec.black_rank.as_deref(), Some(rank), "{file}");
        assert_eq!(rec.white.as_deref(), Some(white), "{file}");
        assert_eq!(rec.komi, Some(komi), "{file}");
        assert_eq!(rec.handicap, handicap, "{file}");
        assert_eq!(rec.application.as_deref(), Some(application), "{file}");
        let score = r.score.as_ref().unwrap();
        assert_eq!(score.record_agreement.name(), "exact", "{file}");
    }
}

/// A zip holding the sample `sample` as `member` and the bytes `broken` as `broken_name`:
/// the sample reads as it does loose, the broken record is an error row saying `why`.
fn check_zipped(sample: &str, member: &str, broken_name: &str, broken: &[u8], why: &str) {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("records.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
    let opts = zip::write::SimpleFileOptions::default();
    zip.start_file(member, opts).unwrap();
    zip.write_all(&std::fs::read(repo().join(sample)).unwrap())
        .unwrap();
    zip.start_file(broken_name, opts).unwrap();
    zip.write_all(broken).unwrap();
    zip.finish().unwrap();
    let zipped = audit(&path);
    assert_eq!(zipped.len(), 2);
    let row = |name: &str| {
        zipped
            .iter()
            .find(|r| r.member.as_deref() == Some(name))
            .unwrap()
    };
    let game = row(member);
    assert_eq!(
        game.score.as_ref().unwrap().record_agreement.name(),
        "exact"
    );
    let bad = row(broken_name);
    assert_eq!(bad.ingest.error_kind.map(|k| k.name()), Some("parse_error"));
    let message = bad.ingest.error_message.as_deref().unwrap();
    assert!(message.contains(why), "{message}");
}

/// Tygem's GIB records (our own, written by `generate.py` as the Tygem clients write them):
/// each reads as its game, with the players, ranks, komi, handicap (Tygem's placement), rules
/// and charset its header gives, and its recorded result is the count; the same inside a zip.
#[test]
fn tygem_gib_records_read_as_their_games() {
    check_converted(
        "data-samples/gib",
        "Tygem GIB",
        &[
            ("tygem-korean.gib", "EUC-KR", "흑돌", "9단", "백돌", 6.5, 0),
            (
                "tygem-handicap-3.gib",
                "UTF-8",
                "Hand Black",
                "3K",
                "Hand White",
                0.0,
                3,
            ),
        ],
    );
    check_zipped(
        "data-samples/gib/tygem-korean.gib",
        "2024/tygem-korean.GIB",
        "2024/broken.gib",
        b"\\HS\r\n\\[GIBOKIND=Korea\\]\r\n\\HE\r\n",
        "not a readable GIB record: no GIB move section",
    );
}

/// WBaduk's and Cyberoro's NGF records (our own, written by `generate.py` as the Cyberoro
/// client writes them): each reads as its game, White's line before Black's, the ranks in
/// SGF's spelling, an even game's whole komi line meaning half a point more, the handicap
/// stones where Tygem's clients put them, the names' charset detected; its recorded result,
/// in words, is the count under Korean rules; the same inside a zip.
#[test]
fn wbaduk_ngf_records_read_as_their_games() {
    check_converted(
        "data-samples/ngf",
        "WBaduk NGF",
        &[
            ("wbaduk-korean.ngf", "EUC-KR", "흑돌", "6d", "백돌", 6.5, 0),
            (
                "cyberoro-handicap-2.ngf",
                "UTF-8",
                "Student",
                "2k",
                "Teacher",
                0.0,
                2,
            ),
        ],
    );
    check_zipped(
        "data-samples/ngf/wbaduk-korean.ngf",
        "2024/wbaduk-korean.NGF",
        "2024/broken.ngf",
        b"Rated game\r\nnineteen\r\nW 1D\r\nB 1D\r\n",
        "not a readable NGF record: a board size that is no number",
    );
}

/// Pandanet's UGF records (our own, written by `generate.py` as Panda-Egg and the newspapers'
/// pages write them): each reads as its game, rows from the bottom under
/// `CoordinateType=IGS` and from the top otherwise (a flipped game would replay just as
/// legally, so the handicap stones, numbered 0, must land on the points the generator
/// played around), the komi and result from `Hdcp` and `Winner`, Japanese rules, the names'
/// charset from `Lang`; its recorded result is the count; the same inside a zip.
#[test]
fn pandanet_ugf_records_read_as_their_games() {
    check_converted(
        "data-samples/ugf",
        "Pandanet UGF",
        &[
            (
                "panda-shift-jis.ugf",
                "Shift_JIS",
                "黒石",
                "6d",
                "白石",
                6.5,
                0,
            ),
            (
                "newspaper-handicap-2.ugi",
                // ASCII names under `Lang=SJIS`: read in the charset declared
                "Shift_JIS",
                "Kuroda",
                "2k",
                "Shirai",
                0.5,
                2,
            ),
        ],
    );
    check_zipped(
        "data-samples/ugf/panda-shift-jis.ugf",
        "2024/panda-shift-jis.UGF",
        "2024/broken.ugi",
        b"[Header]\r\nSize=19\r\n",
        "not a readable UGF record: no [Data] section",
    );
}

/// A converted record's `charset_declared` is what its own header declares (`GIBOKIND`'s
/// edition, UGF's `Lang`; NGF declares none), never the converter's guess: it read `UTF-8`
/// for every GIB and UGF record whose names were valid UTF-8. The decoder checks the label as
/// it checks any `CA`: names in UTF-8 under a Korean edition's label are read as UTF-8.
#[test]
fn a_converted_record_declares_only_what_its_header_says() {
    let dir = tempfile::tempdir().unwrap();
    let korean = std::fs::read(repo().join("data-samples/gib/tygem-korean.gib")).unwrap();
    let (text, _, bad) = encoding_rs::EUC_KR.decode(&korean);
    assert!(!bad);
    std::fs::write(dir.path().join("utf8-under-korea.gib"), text.as_bytes()).unwrap();
    let mut rows = audit(dir.path());
    for sub in ["gib", "ngf", "ugf"] {
        rows.extend(audit(&repo().join("data-samples").join(sub)));
    }
    for (file, declared, used) in [
        ("utf8-under-korea.gib", Some("EUC-KR"), "UTF-8"),
        ("tygem-korean.gib", Some("EUC-KR"), "EUC-KR"),
        ("tygem-handicap-3.gib", None, "UTF-8"),
        ("wbaduk-korean.ngf", None, "EUC-KR"),
        ("cyberoro-handicap-2.ngf", None, "UTF-8"),
        ("panda-shift-jis.ugf", Some("Shift_JIS"), "Shift_JIS"),
        ("newspaper-handicap-2.ugi", Some("Shift_JIS"), "Shift_JIS"),
    ] {
        let r = rows.iter().find(|r| r.source.ends_with(file)).unwrap();
        assert_eq!(r.ingest.charset_declared.as_deref(), declared, "{file}");
        assert_eq!(r.ingest.charset_used, Some(used), "{file}");
        let rec = r.ingest.record.as_ref().unwrap();
        if file.starts_with("utf8") {
            assert_eq!(rec.black.as_deref(), Some("흑돌"));
        }
    }
}
