//! Archive formats beyond zip and tar.gz: 7z archives made by 7-Zip itself
//! (`tests/fixtures/archives/`, see its README for the commands), zip members compressed with
//! every method 7-Zip writes, tar.zst, single SGF files
//! compressed with bzip2, xz or zstd, LZH archives made by jLHA (and Pandanet's `.ugz`), RAR
//! archives and volume sets made by RAR itself, and the archive formats not read (`.arj`,
//! `.cab`), which must be error rows, not files skipped without a word.

use crate::common::{corpus, options, repo};
use kifu_audit::output::GameRow;
use kifu_audit::pipeline::{audit_paths, GameOptions};
use kifu_audit::sgf::{ErrorKind, Limits, Status};
use std::io::Write;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    repo().join("tests/fixtures/archives").join(name)
}

fn message(row: &GameRow) -> &str {
    row.ingest.error_message.as_deref().unwrap_or("")
}

/// The loose games the 7z fixtures were made of, audited as files.
fn loose_games() -> Vec<GameRow> {
    audit_paths(&[repo().join("data-samples/games")], &options(), 1).unwrap()
}

/// Each row's file name (its member's, or its source's for a loose file) and everything the
/// audit found in it, for comparing a game read from an archive with the same game read
/// loose.
fn by_name(rows: &[GameRow]) -> Vec<(String, u64)> {
    let mut out: Vec<_> = rows
        .iter()
        .map(|r| {
            let name = r.member.as_deref().unwrap_or(&r.source);
            let name = name.rsplit(['/', ':']).next().unwrap().to_string();
            (name, findings(r))
        })
        .collect();
    out.sort();
    out
}

/// The rows of `data-samples/archives/samples.zip` read on its own.
fn sample_zip_rows() -> Vec<GameRow> {
    audit_paths(
        &[repo().join("data-samples/archives/samples.zip")],
        &options(),
        1,
    )
    .unwrap()
}

/// A digest of everything the audit found in a row but where it was read from.
fn findings(r: &GameRow) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    format!("{:?} {:?} {:?}", r.ingest, r.replay, r.score).hash(&mut h);
    h.finish()
}

/// A solid LZMA2 archive (7-Zip's default) holding the ten sample games, a text file, and a
/// zip in a folder: the games are read as the loose files are, the zip's games follow with
/// their members named `more/inner.zip::…`, and the text file is skipped.
#[test]
fn a_7z_archive_reads_like_its_files() {
    let rows = audit_paths(&[fixture("games-lzma2.7z")], &options(), 1).unwrap();
    let (games, inner): (Vec<_>, Vec<_>) = rows.iter().cloned().partition(|r| {
        r.member
            .as_deref()
            .is_some_and(|m| m.ends_with(".sgf") && !m.contains("::"))
    });
    assert_eq!(by_name(&games), by_name(&loose_games()));
    assert!(games.iter().all(|r| r.source.ends_with("games-lzma2.7z")));
    // the zip inside: as many rows as the zip read on its own gives, named through it
    let zip = sample_zip_rows();
    assert_eq!(inner.len(), zip.len());
    for (a, b) in inner.iter().zip(&zip) {
        assert_eq!(
            a.member.as_deref().unwrap(),
            format!("more/inner.zip::{}", b.member.as_deref().unwrap())
        );
        assert_eq!(format!("{:?}", a.replay), format!("{:?}", b.replay));
        assert_eq!(a.ingest.status, b.ingest.status);
    }
    assert!(rows
        .iter()
        .all(|r| !r.member.as_deref().unwrap().contains("notes.txt")));
}

/// 7-Zip's PPMd, the method it offers for text: the same games.
#[test]
fn a_7z_archive_compressed_with_ppmd_reads_like_its_files() {
    let rows = audit_paths(&[fixture("games-ppmd.7z")], &options(), 1).unwrap();
    assert_eq!(by_name(&rows), by_name(&loose_games()));
}

/// An encrypted archive cannot be read without its password (a 7z made by 7-Zip, a RAR whose
/// data, not its names, RAR encrypted): each game in it is a row that says so.
#[test]
fn each_game_of_an_encrypted_7z_or_rar_is_a_row_that_says_so() {
    for name in ["games-encrypted.7z", "rar/games-encrypted.rar"] {
        let rows = audit_paths(&[fixture(name)], &options(), 1).unwrap();
        assert_eq!(rows.len(), 10, "{name}");
        for r in &rows {
            assert_eq!(r.ingest.error_kind, Some(ErrorKind::ArchiveError));
            assert!(message(r).contains("encrypted"), "{}", message(r));
            assert!(r.member.as_deref().unwrap().ends_with(".sgf"));
        }
    }
}

/// The encrypted fixtures, all of the ten sample games under the password `kifu`: zip with
/// ZipCrypto (Info-ZIP) and AES-256 (7-Zip), 7z with its data and with its list of files
/// encrypted (7-Zip), RAR 5 with its data and with its headers encrypted, RAR 4 (RAR itself),
/// and two solid RAR 5 volume sets, the second with its headers encrypted (named by its third
/// volume). Whether the list of names is encrypted too.
const ENCRYPTED: [(&str, bool); 9] = [
    ("games-zipcrypto.zip", false),
    ("games-aes.zip", false),
    ("games-encrypted.7z", false),
    ("games-encrypted-names.7z", true),
    ("rar/games-encrypted.rar", false),
    ("rar/games-encrypted-names.rar", true),
    ("rar/games-encrypted-rar4.rar", false),
    ("rar/locked/locked.part02.rar", false),
    ("rar/hidden/hidden.part03.rar", true),
];

/// An item as [`items_with`] gives it: a member's file name and its bytes' length and
/// CRC-32, or its error's message.
type Item = (String, Result<(usize, u32), String>);

/// The items `read_all_with` hands on for `path` with `passwords`.
fn items_with(path: &Path, passwords: &[&str]) -> Vec<Item> {
    use kifu_audit::sgf::source::{expand_inputs, read_all_with, ReadOptions};
    let opts = ReadOptions {
        max_bytes: 1 << 20,
        passwords: passwords.iter().map(|p| p.to_string()).collect(),
    };
    let mut items = Vec::new();
    // a later volume of a RAR set stands for its set, as in a scan
    read_all_with(&expand_inputs(&[path.to_path_buf()]), &opts, &mut |item| {
        let name = item.member.clone().unwrap_or_default();
        let data = item.data.map(|d| (d.len(), crc32fast::hash(&d)));
        items.push((name, data.map_err(|e| e.message())));
        true
    });
    items.sort_by(|a, b| a.0.cmp(&b.0));
    items
}

/// With its password, given alone or after a wrong one, every encrypted archive reads byte
/// for byte as the games it was made of (each member's CRC-32, or AES's authentication code,
/// checked); with a wrong password only, or none, every game is a row that says which.
#[test]
fn encrypted_archives_read_with_their_password() {
    let games = repo().join("data-samples/games");
    let mut loose: Vec<Item> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&p).unwrap();
            (name, Ok((bytes.len(), crc32fast::hash(&bytes))))
        })
        .collect();
    loose.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(loose.len(), 10);
    for (name, names_locked) in ENCRYPTED {
        let path = fixture(name);
        for passwords in [&["kifu"][..], &["nope", "kifu"]] {
            assert_eq!(items_with(&path, passwords), loose, "{name} {passwords:?}");
        }
        for (passwords, why) in [
            (&[][..], "a password is needed (--password)"),
            (&["nope"], "the password given does not open it"),
            (&["nope", "wrong"], "none of the 2 passwords given opens it"),
        ] {
            let items = items_with(&path, passwords);
            let expected = if names_locked { 1 } else { 10 };
            assert_eq!(items.len(), expected, "{name} {passwords:?}: {items:?}");
            for (_, data) in &items {
                let message = data.as_ref().unwrap_err();
                assert!(message.contains(why), "{name} {passwords:?}: {message}");
            }
        }
    }
}

/// A self-extracting archive is a program with the archive appended to it: read as the
/// archive it holds, each game the same as read from the archive itself. The stub here stands for the program
/// (`MZ`, as a Windows one begins) and holds a RAR signature of its own before the archive,
/// as the unpacking code of a RAR SFX module does (`rar a -sfx` on Linux makes an ELF
/// program that holds two: it reads, checked by hand, as its ten games). The progress bar's
/// total counts the games inside. A program holding no archive is one error row saying so,
/// not rows of garbage read as SGF.
#[test]
fn a_self_extracting_archive_is_read_as_the_archive_it_holds() {
    use kifu_audit::sgf::source::{count_items, expand_inputs};
    let dir = tempfile::tempdir().unwrap();
    // a DOS header's first bytes (its zeros tell a program from text), then code
    let mut stub = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00".to_vec();
    stub.resize(5000, 0x90);
    stub.extend_from_slice(b"Rar!\x1a\x07\x01\x00 the signature the unpacker looks for");
    stub.resize(9000, 0);
    for archive in [
        fixture("rar/games-stored.rar"),
        fixture("rar/games-rar4.rar"),
        fixture("games-lzma2.7z"),
        repo().join("data-samples/archives/samples.zip"),
    ] {
        let exe = dir.path().join("games.exe");
        let mut bytes = stub.clone();
        bytes.extend(std::fs::read(&archive).unwrap());
        std::fs::write(&exe, bytes).unwrap();
        // the progress bar's total counts the games inside, as for the archive itself
        let total = count_items(&expand_inputs(std::slice::from_ref(&exe)));
        assert_eq!(
            total,
            count_items(&expand_inputs(std::slice::from_ref(&archive))),
            "{}",
            archive.display()
        );
        let rows = audit_paths(&[exe], &options(), 1).unwrap();
        let direct = audit_paths(std::slice::from_ref(&archive), &options(), 1).unwrap();
        assert!(rows.len() >= 8, "{}", archive.display());
        assert_eq!(by_name(&rows), by_name(&direct), "{}", archive.display());
    }
    // an archive saved under a name of no known ending is counted as one too
    let unnamed = dir.path().join("download");
    std::fs::copy(fixture("games-lzma2.7z"), &unnamed).unwrap();
    assert_eq!(
        count_items(&expand_inputs(std::slice::from_ref(&unnamed))),
        count_items(&expand_inputs(&[fixture("games-lzma2.7z")]))
    );
    // text that happens to begin with "MZ" before a game is no program
    let notes = dir.path().join("notes.sgf");
    std::fs::write(&notes, "MZ's game\n(;GM[1]FF[4]SZ[9];B[ee];W[cc])").unwrap();
    let rows = audit_paths(&[notes], &options(), 1).unwrap();
    assert_eq!(rows.len(), 1);
    assert_ne!(
        rows[0].ingest.status,
        Status::Error,
        "{}",
        message(&rows[0])
    );
    // in a directory: the self-extracting archive is read, a program holding none passed
    // over and counted, and a file named `.exe` that is no program passed over unopened
    let folder = dir.path().join("collection");
    std::fs::create_dir(&folder).unwrap();
    let mut sfx = stub.clone();
    sfx.extend(std::fs::read(fixture("games-lzma2.7z")).unwrap());
    std::fs::write(folder.join("Games.EXE"), sfx).unwrap();
    std::fs::write(folder.join("viewer.exe"), &stub).unwrap();
    std::fs::write(folder.join("notes.exe"), "(;GM[1]FF[4]SZ[9];B[ee])").unwrap();
    let mut skipped = kifu_audit::sgf::source::Skipped::new();
    let paths = kifu_audit::sgf::source::expand_inputs_noting(
        std::slice::from_ref(&folder),
        u64::MAX,
        &mut skipped,
    );
    assert_eq!(paths.len(), 1, "{paths:?}");
    assert_eq!(skipped.get(".exe"), Some(&2), "{skipped:?}");
    assert_eq!(
        count_items(&paths),
        count_items(&expand_inputs(&[fixture("games-lzma2.7z")]))
    );
    let direct = audit_paths(&[fixture("games-lzma2.7z")], &options(), 1).unwrap();
    let rows = audit_paths(std::slice::from_ref(&folder), &options(), 1).unwrap();
    assert_eq!(by_name(&rows), by_name(&direct));
    let exe = dir.path().join("setup.exe");
    std::fs::write(&exe, &stub).unwrap();
    assert_eq!(count_items(&expand_inputs(std::slice::from_ref(&exe))), 1);
    let rows = audit_paths(&[exe], &options(), 1).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].ingest.error_kind, Some(ErrorKind::ArchiveError));
    assert!(
        message(&rows[0]).contains("a program, not a game record"),
        "{}",
        message(&rows[0])
    );
}

/// The encrypted zips with a member renamed to the name of the one before it (ZipCrypto and
/// AES, read by zip's entry-by-entry reader then): both copies are read, in order, with the
/// password, and counted, the second named `NAME (2)`.
#[test]
fn encrypted_zip_members_sharing_a_name_are_each_read() {
    use kifu_audit::sgf::source::{count_items_with, expand_inputs};
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (&b"chinese-area-1"[..], &b"chinese-area-2"[..]);
    for name in ["games-zipcrypto.zip", "games-aes.zip"] {
        let path = dir.path().join(name);
        let bytes = std::fs::read(fixture(name)).unwrap();
        std::fs::write(&path, crate::reliability::renamed(&bytes, second, first)).unwrap();
        let mut expected = items_with(&fixture(name), &["kifu"]);
        // the second copy of the name is `NAME (2)`
        for item in &mut expected {
            item.0 = item
                .0
                .replace("chinese-area-2.sgf", "chinese-area-1.sgf (2)");
        }
        assert_eq!(items_with(&path, &["nope", "kifu"]), expected, "{name}");
        let passwords = ["kifu".to_string()];
        assert_eq!(count_items_with(&expand_inputs(&[path]), &passwords), 10);
    }
}

/// The progress bar's total counts the games of an archive whose list of files is encrypted
/// once a password opens it (the first that does, as the reading takes it); without one that
/// does, such an archive counts one, its error row. The others count their ten games anyway.
#[test]
fn an_encrypted_list_of_files_is_counted_with_its_password() {
    use kifu_audit::sgf::source::{count_items_with, expand_inputs};
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    for (name, names_locked) in ENCRYPTED {
        let paths = expand_inputs(&[fixture(name)]);
        for passwords in [&["kifu"][..], &["nope", "kifu"]] {
            assert_eq!(
                count_items_with(&paths, &words(passwords)),
                10,
                "{name} {passwords:?}"
            );
        }
        let without = if names_locked { 1 } else { 10 };
        for passwords in [&[][..], &["nope"]] {
            assert_eq!(
                count_items_with(&paths, &words(passwords)),
                without,
                "{name} {passwords:?}"
            );
        }
    }
}

/// A member over the size limit in a solid block (2.2 MB of one game repeated, 2 KB packed):
/// it is refused without being decoded to its end, the member before it is read, and the
/// member after it, which only decoding through it would reach, is named in a row of its own.
#[test]
fn a_7z_member_over_the_limit_names_the_members_it_cuts_off() {
    let opts = GameOptions {
        limits: Limits {
            max_file_bytes: 1 << 20,
            ..Limits::default()
        },
        ..options()
    };
    let rows = audit_paths(&[fixture("bomb.7z")], &opts, 1).unwrap();
    let members: Vec<_> = rows.iter().map(|r| r.member.as_deref().unwrap()).collect();
    assert_eq!(members, ["a.sgf", "b-big.sgf", "c.sgf"]);
    assert_eq!(rows[0].ingest.status, Status::Ok);
    assert_eq!(rows[1].ingest.error_kind, Some(ErrorKind::FileTooLarge));
    assert_eq!(rows[2].ingest.error_kind, Some(ErrorKind::ArchiveError));
    assert!(
        message(&rows[2]).contains("b-big.sgf"),
        "{}",
        message(&rows[2])
    );
    // under the default limit all three are read (the big one is a game repeated, which
    // holds more than one game)
    let rows = audit_paths(&[fixture("bomb.7z")], &options(), 1).unwrap();
    assert!(rows.iter().all(|r| r.ingest.status != Status::Error));
}

/// A 7z damaged anywhere in its packed data: every game still has exactly one row, those
/// before the damage are read, and the damage is an error row naming the member.
#[test]
fn a_damaged_7z_accounts_for_every_game() {
    let good = std::fs::read(fixture("games-lzma2.7z")).unwrap();
    let whole = audit_paths(&[fixture("games-lzma2.7z")], &options(), 1).unwrap();
    // the archive's own members (a zip inside is one, whatever it holds)
    let names = |rows: &[GameRow]| -> Vec<String> {
        let mut n: Vec<String> = rows
            .iter()
            .map(|r| {
                r.member
                    .as_deref()
                    .unwrap()
                    .split("::")
                    .next()
                    .unwrap()
                    .to_string()
            })
            .collect();
        n.sort();
        n.dedup();
        n
    };
    let dir = tempfile::tempdir().unwrap();
    // packed data lies between the 32-byte signature header and the header at the end
    for at in [40, 1000, 3000, 6000, 9000] {
        let mut bad = good.clone();
        bad[at] ^= 0x5a;
        let path = dir.path().join(format!("bad-{at}.7z"));
        std::fs::write(&path, &bad).unwrap();
        let rows = audit_paths(&[path], &options(), 1).unwrap();
        assert_eq!(names(&rows), names(&whole), "byte {at}");
        let mut direct: Vec<_> = rows
            .iter()
            .filter_map(|r| r.member.as_deref().filter(|m| !m.contains("::")))
            .collect();
        let n = direct.len();
        direct.sort();
        direct.dedup();
        assert_eq!(direct.len(), n, "byte {at}: a member has two rows");
        let errors: Vec<_> = rows
            .iter()
            .filter(|r| r.ingest.status == Status::Error)
            .collect();
        assert!(!errors.is_empty(), "byte {at}: damage went unnoticed");
        assert!(
            errors
                .iter()
                .all(|r| r.ingest.error_kind == Some(ErrorKind::ArchiveError)),
            "byte {at}"
        );
    }
    // the header itself damaged: one row for the archive
    let mut bad = good.clone();
    let end = bad.len() - 100;
    bad[end] ^= 0x5a;
    let path = dir.path().join("bad-header.7z");
    std::fs::write(&path, &bad).unwrap();
    let rows = audit_paths(&[path], &options(), 1).unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().any(|r| r.ingest.status == Status::Error));
}

/// A zip whose members 7-Zip compressed each with another method (Deflate, Deflate64, BZip2,
/// LZMA, PPMd, XZ, stored): every member reads as the loose file does.
#[test]
fn zip_members_of_every_method_7zip_writes_are_read() {
    let rows = audit_paths(&[fixture("methods.zip")], &options(), 1).unwrap();
    assert!(
        rows.iter().all(|r| r.ingest.status != Status::Error),
        "{:?}",
        rows.iter().map(message).collect::<Vec<_>>()
    );
    assert_eq!(by_name(&rows), by_name(&loose_games()));
}

/// A 7z inside a zip is read from memory like any archive inside an archive.
#[test]
fn a_7z_inside_a_zip_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outer.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
    zip.start_file("kifu/games.7z", zip::write::SimpleFileOptions::default())
        .unwrap();
    zip.write_all(&std::fs::read(fixture("games-ppmd.7z")).unwrap())
        .unwrap();
    zip.finish().unwrap();
    let rows = audit_paths(&[path], &options(), 1).unwrap();
    assert_eq!(by_name(&rows), by_name(&loose_games()));
    assert!(rows
        .iter()
        .all(|r| r.member.as_deref().unwrap().starts_with("kifu/games.7z::")));
}

fn tar_of(dir: &Path) -> Vec<u8> {
    let mut tar = tar::Builder::new(Vec::new());
    tar.append_dir_all("games", dir).unwrap();
    tar.into_inner().unwrap()
}

/// tar.zst (written as two zstd frames, as parallel compressors write it), and one SGF
/// file compressed with bzip2, xz or zstd.
#[test]
fn zstd_bzip2_and_xz_compressed_inputs_read_like_their_files() {
    let games = repo().join("data-samples/games");
    let tar = tar_of(&games);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.tar.zst");
    let (a, b) = tar.split_at(tar.len() / 2);
    let mut frames = zstd::encode_all(a, 3).unwrap();
    frames.extend(zstd::encode_all(b, 3).unwrap());
    std::fs::write(&path, frames).unwrap();
    let rows = audit_paths(&[path], &options(), 1).unwrap();
    assert_eq!(by_name(&rows), by_name(&loose_games()));

    let one = std::fs::read(games.join("19x19-korean-territory.sgf")).unwrap();
    let loose = audit_paths(&[games.join("19x19-korean-territory.sgf")], &options(), 1).unwrap();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    bz.write_all(&one).unwrap();
    let mut xz = xz2::write::XzEncoder::new(Vec::new(), 6);
    xz.write_all(&one).unwrap();
    for (name, bytes) in [
        ("one.sgf.zst", zstd::encode_all(one.as_slice(), 3).unwrap()),
        ("one.sgf.bz2", bz.finish().unwrap()),
        ("one.SGF.XZ", xz.finish().unwrap()),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let rows = audit_paths(&[path], &options(), 1).unwrap();
        assert_eq!(rows.len(), 1, "{name}");
        assert_eq!(findings(&rows[0]), findings(&loose[0]), "{name}");
        assert_eq!(rows[0].ingest.status, Status::Ok, "{name}");
    }
}

/// A CAB (or ARJ) archive found while walking a directory is an error row saying it was not
/// read, not a file passed over: its games would otherwise be missing without a word. Other
/// files (notes, images) are still skipped.
#[test]
fn an_archive_of_a_format_not_read_is_an_error_row() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.sgf"), b"(;GM[1]SZ[9];B[ee])").unwrap();
    std::fs::write(dir.path().join("b-games.cab"), b"MSCF\0\0\0\0").unwrap();
    std::fs::write(dir.path().join("c-old.ARJ"), b"\x60\xEA").unwrap();
    std::fs::write(dir.path().join("d-notes.txt"), b"notes").unwrap();
    let rows = audit_paths(&[dir.path().to_path_buf()], &options(), 1).unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].ingest.status, Status::Ok);
    for (row, format) in rows[1..].iter().zip(["CAB", "ARJ"]) {
        assert_eq!(row.ingest.error_kind, Some(ErrorKind::ArchiveError));
        assert!(
            message(row).contains(&format!("{format} archives are not read")),
            "{}",
            message(row)
        );
    }
}

/// The 77,076 Tygem games packed by 7-Zip (solid LZMA2, its default): every game's row equals
/// the zip's, but for the source. Not in the default run: packing takes a minute.
#[test]
#[ignore]
fn the_tygem_games_read_from_a_7z_equal_those_read_from_the_zip() {
    let Some(zip) = corpus("tygem-9d-2006.zip") else {
        return;
    };
    if std::process::Command::new("7zz").arg("i").output().is_err() {
        eprintln!("skipping: 7-Zip's 7zz is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let unpacked = dir.path().join("x");
    let ok = std::process::Command::new("unzip")
        .args(["-q"])
        .arg(&zip)
        .arg("-d")
        .arg(&unpacked)
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let seven = dir.path().join("tygem.7z");
    let ok = std::process::Command::new("7zz")
        .args(["a", "-bd", "-bso0"])
        .arg(&seven)
        .arg(".")
        .current_dir(&unpacked)
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let key = |rows: &[GameRow]| -> Vec<String> {
        let mut k: Vec<String> = rows
            .iter()
            .map(|r| {
                let mut r = r.clone();
                r.source = String::new();
                format!("{r:?}")
            })
            .collect();
        k.sort();
        k
    };
    let from_zip = audit_paths(&[zip], &options(), 0).unwrap();
    let from_7z = audit_paths(&[seven], &options(), 0).unwrap();
    assert_eq!(from_7z.len(), 77_076);
    assert!(key(&from_7z) == key(&from_zip), "rows differ");
}

/// A whole scan of `inputs` (its Parquet file in `dir`), for its summary.
fn scan(dir: &Path, inputs: Vec<PathBuf>) -> kifu_audit::pipeline::Summary {
    let out = dir.join("out.parquet");
    let config = crate::common::scan_config(inputs, &out, 1);
    kifu_audit::pipeline::run(&config, &std::sync::atomic::AtomicBool::new(false)).unwrap()
}

/// The summary's files passed over, by ending.
fn skipped(summary: &kifu_audit::pipeline::Summary) -> Vec<(&str, u64)> {
    summary
        .skipped
        .iter()
        .map(|(k, v)| (k.as_str(), *v))
        .collect()
}

/// Files a directory walk passes over are counted by their ending in the summary: a folder
/// of Jago's `.xml` game records holds games this tool does not read, and the user
/// is told.
#[test]
fn the_summary_counts_the_files_passed_over() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::write(games.join("a.sgf"), b"(;GM[1]SZ[9];B[ee])").unwrap();
    for name in ["b.xml", "c.XML", "notes.txt", "Makefile"] {
        std::fs::write(games.join(name), b"x").unwrap();
    }
    let summary = scan(dir.path(), vec![games.clone()]);
    assert_eq!(summary.games, 1);
    assert_eq!(skipped(&summary), [("", 1), (".txt", 1), (".xml", 2)]);
    let text = summary.render();
    assert!(
        text.contains(
            "passed over: 4 files in the directories and archives that are neither SGF nor an \
             archive (.xml 2, no ending 1, .txt 1)"
        ),
        "{text}"
    );
    // walked twice (the directory named twice, or beside a directory inside it, or by
    // another spelling), each file is counted once, as each game is read once
    let twice = vec![games.clone(), games.join("."), dir.path().to_path_buf()];
    let summary = scan(dir.path(), twice);
    assert_eq!(summary.games, 1);
    assert_eq!(
        skipped(&summary),
        [
            ("", 1),
            ("(named more than once)", 2),
            (".txt", 1),
            (".xml", 2)
        ]
    );
    // an ending holding a newline stays on the summary's one line
    std::fs::write(games.join("notes.a\nb"), b"x").unwrap();
    let text = scan(dir.path(), vec![games.clone()]).render();
    let line = text.lines().find(|l| l.contains("passed over:")).unwrap();
    assert!(line.contains(".a\\nb 1"), "{text}");
    std::fs::remove_file(games.join("notes.a\nb")).unwrap();
    // a file named on the command line is read whatever its name: nothing passed over
    let summary = scan(dir.path(), vec![dir.path().join("games/b.xml")]);
    assert!(summary.skipped.is_empty());
    assert!(!summary.render().contains("passed over"));
}

/// The scan's own output in the directory it scans (`scan . -o games.parquet`) is no file
/// passed over: run twice, the second run found the first's file and counted it, and the
/// two Parquet files differed in `kifu_audit.passed_over`. Another Parquet file there
/// still counts.
#[test]
fn the_output_in_the_scanned_directory_is_not_passed_over() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.sgf"), b"(;GM[1]SZ[9];B[ee])").unwrap();
    let out = dir.path().join("out.parquet");
    let run = || {
        let config = crate::common::scan_config(vec![dir.path().to_path_buf()], &out, 1);
        let summary =
            kifu_audit::pipeline::run(&config, &std::sync::atomic::AtomicBool::new(false)).unwrap();
        (skipped(&summary).len(), std::fs::read(&out).unwrap())
    };
    let (first_skipped, first) = run();
    let (second_skipped, second) = run();
    assert_eq!((first_skipped, second_skipped), (0, 0));
    assert!(
        first == second,
        "a second run's file differs from the first's"
    );
    // walked twice (a directory named twice, or with a directory inside it), it is counted
    // once, and taken out of the census once
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    std::fs::write(sub.join("b.sgf"), b"(;GM[1]SZ[9];B[dd])").unwrap();
    let nested = sub.join("out.parquet");
    let run_nested = || {
        let inputs = vec![dir.path().to_path_buf(), sub.clone()];
        let config = crate::common::scan_config(inputs, &nested, 1);
        let summary =
            kifu_audit::pipeline::run(&config, &std::sync::atomic::AtomicBool::new(false)).unwrap();
        (summary.skipped, std::fs::read(&nested).unwrap())
    };
    let (census, first) = run_nested();
    let (again, second) = run_nested();
    assert_eq!(census, again);
    assert!(
        first == second,
        "a second nested run's file differs from the first's"
    );
    std::fs::write(dir.path().join("other.parquet"), b"x").unwrap();
    let config = crate::common::scan_config(vec![dir.path().to_path_buf()], &out, 1);
    let summary =
        kifu_audit::pipeline::run(&config, &std::sync::atomic::AtomicBool::new(false)).unwrap();
    // `other.parquet` and the nested scan's `sub/out.parquet`: no output of this scan
    assert_eq!(skipped(&summary), [(".parquet", 2)]);
}

/// Random damage anywhere in a 7z (one to four bytes changed, or the file cut short) never
/// stops the scan: each damaged archive gives rows, every error row says what went wrong,
/// and no member has two rows. 300 seeded cases per fixture; run by hand with
/// `KIFU_7Z_DAMAGE_CASES=20000` (found nothing at that count either).
#[test]
fn random_damage_to_a_7z_gives_rows_never_a_panic() {
    let cases: u64 = std::env::var("KIFU_7Z_DAMAGE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let dir = tempfile::tempdir().unwrap();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for name in ["games-lzma2.7z", "games-ppmd.7z", "bomb.7z"] {
        let good = std::fs::read(fixture(name)).unwrap();
        for case in 0..cases {
            let mut bad = good.clone();
            if case % 10 == 9 {
                bad.truncate((next() % good.len() as u64) as usize);
            } else {
                for _ in 0..1 + next() % 4 {
                    let at = (next() % bad.len() as u64) as usize;
                    bad[at] = next() as u8;
                }
            }
            let path = dir.path().join(format!("{case}-{name}"));
            std::fs::write(&path, &bad).unwrap();
            let rows = audit_paths(&[path], &options(), 1).unwrap();
            assert!(!rows.is_empty(), "{name} case {case}");
            for r in &rows {
                if r.ingest.status == Status::Error {
                    assert!(!message(r).is_empty(), "{name} case {case}");
                }
            }
            // a member's games are told apart by their index in it
            let mut direct: Vec<_> = rows
                .iter()
                .filter_map(|r| {
                    let m = r.member.as_deref().filter(|m| !m.contains("::"))?;
                    Some((m, r.ingest.game_index))
                })
                .collect();
            let n = direct.len();
            direct.sort();
            direct.dedup();
            assert_eq!(direct.len(), n, "{name} case {case}: a member has two rows");
        }
    }
}

/// `read_bytes` reads an archive held in memory as a scan reads the same file from disk (the
/// fuzz target `archive_bytes` goes through it).
#[test]
fn an_archive_in_memory_gives_the_items_of_the_same_file_on_disk() {
    use kifu_audit::sgf::source::{read_all, read_bytes, InputItem};
    let path = fixture("games-lzma2.7z");
    let summary = |item: InputItem| {
        (
            item.member,
            item.data.map(|d| d.len()).map_err(|e| e.kind_name()),
        )
    };
    let mut from_disk = Vec::new();
    read_all(&[Ok(path.clone().into())], 1 << 20, &mut |item| {
        from_disk.push(summary(item));
        true
    });
    let mut from_memory = Vec::new();
    let bytes = std::fs::read(&path).unwrap();
    read_bytes("games-lzma2.7z", bytes, 1 << 20, &mut |item| {
        from_memory.push(summary(item));
        true
    });
    assert_eq!(from_memory, from_disk);
    assert_eq!(
        from_disk.len(),
        10 + 6,
        "ten games and the six of the inner zip"
    );
}

/// The volumes 7-Zip's `-v` cuts a 7z and a zip into (`games.7z.001`…, `games.zip.001`…):
/// each set reads as the archive it was cut from, once, from its first volume, whether the
/// volumes are found walking a directory or named in any order; the progress bar's total
/// counts their games.
#[test]
fn split_archives_read_as_the_archive_they_were_cut_from() {
    use kifu_audit::sgf::source::{count_items, expand_inputs};
    let dir = fixture("volumes");
    let rows = audit_paths(std::slice::from_ref(&dir), &options(), 1).unwrap();
    let (a, b): (Vec<_>, Vec<_>) = rows
        .iter()
        .cloned()
        .partition(|r| r.source.ends_with("7z.001"));
    assert!(b.iter().all(|r| r.source.ends_with("games.zip.001")));
    assert_eq!(by_name(&a), by_name(&loose_games()));
    assert_eq!(by_name(&b), by_name(&loose_games()));
    let named: Vec<PathBuf> = [
        "games.7z.003",
        "games.7z.001",
        "games.zip.002",
        "games.7z.002",
    ]
    .iter()
    .map(|n| dir.join(n))
    .collect();
    let paths = expand_inputs(&named);
    let heads: Vec<_> = paths
        .iter()
        .map(|p| p.as_ref().unwrap().path().unwrap().to_path_buf())
        .collect();
    assert_eq!(heads, [dir.join("games.7z.001"), dir.join("games.zip.001")]);
    assert_eq!(count_items(&paths), 20);
    let rows = audit_paths(&named, &options(), 1).unwrap();
    assert_eq!(rows.len(), 20);
}

/// A tar.gz cut into volumes by bytes (as `split --numeric-suffixes=1 -a 3` cuts it) reads as
/// the tar.gz; a set missing a volume is an error row naming it, a later volume whose first
/// is missing is one, and a set whose last volumes are missing says it may be.
#[test]
fn a_split_file_missing_a_volume_is_an_error_row_naming_it() {
    let tgz = std::fs::read(repo().join("data-samples/archives/samples.tar.gz")).unwrap();
    let whole = audit_paths(
        &[repo().join("data-samples/archives/samples.tar.gz")],
        &options(),
        1,
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let third = tgz.len() / 3 + 1;
    for (k, part) in tgz.chunks(third).enumerate() {
        std::fs::write(dir.path().join(format!("s.tar.gz.{:03}", k + 1)), part).unwrap();
    }
    let rows = audit_paths(&[dir.path().to_path_buf()], &options(), 1).unwrap();
    assert_eq!(rows.len(), whole.len());
    for (a, b) in rows.iter().zip(&whole) {
        assert_eq!((&a.member, findings(a)), (&b.member, findings(b)));
    }
    // the middle volume gone: one row for the set, naming it
    std::fs::remove_file(dir.path().join("s.tar.gz.002")).unwrap();
    let rows = audit_paths(&[dir.path().to_path_buf()], &options(), 1).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].ingest.error_kind, Some(ErrorKind::ArchiveError));
    assert!(
        message(&rows[0]).contains("volume 2 of this split file"),
        "{}",
        message(&rows[0])
    );
    // the last volume gone: the archive is cut short, and the row says why it may be
    std::fs::remove_file(dir.path().join("s.tar.gz.003")).unwrap();
    let rows = audit_paths(&[dir.path().to_path_buf()], &options(), 1).unwrap();
    assert!(rows
        .iter()
        .any(|r| message(r).contains("is a volume after the last missing?")));
    // the first volume gone: the later one is a row saying so, not a file passed over
    std::fs::remove_file(dir.path().join("s.tar.gz.001")).unwrap();
    std::fs::write(dir.path().join("s.tar.gz.003"), b"x").unwrap();
    let rows = audit_paths(&[dir.path().to_path_buf()], &options(), 1).unwrap();
    assert_eq!(rows.len(), 1);
    assert!(
        message(&rows[0]).contains("first volume"),
        "{}",
        message(&rows[0])
    );
}

/// An AppleDouble file begins with this magic number (then version 2, and "Mac OS X" as the
/// Finder writes it).
const APPLE_DOUBLE_HEAD: &[u8] = b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        \x00\x02";

/// A zip as the Finder makes it (each file's AppleDouble metadata under `__MACOSX/`, named
/// `._` and the file's name), and the same metadata files beside the games on disk: they are
/// passed over and counted, not read as broken games, and the progress total leaves them
/// out. A real game whose name begins with `._` is still read. Archive members that are
/// neither SGF nor an archive are counted in the summary as the directory walk's files are.
#[test]
fn macos_metadata_files_and_other_members_are_passed_over_and_counted() {
    use kifu_audit::sgf::source::{count_items, expand_inputs, APPLE_DOUBLE};
    let games = repo().join("data-samples/games");
    let dir = tempfile::tempdir().unwrap();
    let zip_path = dir.path().join("finder.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
    let opts = zip::write::SimpleFileOptions::default();
    let names = ["19x19-aga-area.sgf", "19x19-korean-territory.sgf"];
    for name in names {
        zip.start_file(format!("kifu/{name}"), opts).unwrap();
        zip.write_all(&std::fs::read(games.join(name)).unwrap())
            .unwrap();
        zip.start_file(format!("__MACOSX/kifu/._{name}"), opts)
            .unwrap();
        zip.write_all(APPLE_DOUBLE_HEAD).unwrap();
    }
    zip.start_file("kifu/Thumbs.db", opts).unwrap();
    zip.write_all(b"x").unwrap();
    zip.start_file("kifu/a.xml", opts).unwrap();
    zip.write_all(b"\\HS").unwrap();
    zip.finish().unwrap();
    let loose = dir.path().join("loose");
    std::fs::create_dir(&loose).unwrap();
    std::fs::copy(games.join(names[0]), loose.join(names[0])).unwrap();
    std::fs::write(loose.join(format!("._{}", names[0])), APPLE_DOUBLE_HEAD).unwrap();
    // a game that only happens to be named like one
    std::fs::copy(games.join(names[1]), loose.join("._renamed.sgf")).unwrap();

    let rows = audit_paths(&[zip_path.clone(), loose.clone()], &options(), 1).unwrap();
    assert_eq!(
        rows.len(),
        4,
        "{:?}",
        rows.iter().map(|r| &r.member).collect::<Vec<_>>()
    );
    assert!(rows.iter().all(|r| r.ingest.status == Status::Ok));
    assert!(rows.iter().any(|r| r.source.ends_with("._renamed.sgf")));
    assert_eq!(
        count_items(&expand_inputs(std::slice::from_ref(&zip_path))),
        2
    );

    let summary = scan(dir.path(), vec![zip_path, loose]);
    assert_eq!(summary.games, 4);
    assert_eq!(
        skipped(&summary),
        [(APPLE_DOUBLE, 3), (".db", 1), (".xml", 1)]
    );
    // and the Parquet file says so in its footer
    let file = std::fs::File::open(dir.path().join("out.parquet")).unwrap();
    let reader = parquet::file::reader::SerializedFileReader::new(file).unwrap();
    use parquet::file::reader::FileReader;
    let kv = reader
        .metadata()
        .file_metadata()
        .key_value_metadata()
        .cloned();
    let passed = kv
        .unwrap_or_default()
        .into_iter()
        .find(|k| k.key == kifu_audit::pipeline::PASSED_OVER_KEY)
        .and_then(|k| k.value);
    assert_eq!(
        passed.as_deref(),
        Some(r#"{"._* (macOS metadata)":3,".db":1,".xml":1}"#)
    );
}

/// Another server's record saved under an SGF name (a Tygem GIB file as `game.sgf`, the same
/// in a zip, a Pandanet UGF record gzipped as `.sgf.gz`) is read as that record, as it is
/// under its own name: these were `not_sgf` rows, "no `(` found".
#[test]
fn a_gib_or_ugf_record_under_an_sgf_name_is_read_as_what_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let gib = repo().join("data-samples/gib/tygem-korean.gib");
    let ugf = repo().join("data-samples/ugf/panda-shift-jis.ugf");
    let own = audit_paths(&[gib.clone(), ugf.clone()], &options(), 1).unwrap();
    let as_sgf = dir.path().join("tygem.sgf");
    std::fs::copy(&gib, &as_sgf).unwrap();
    let zipped = dir.path().join("tygem.zip");
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&zipped).unwrap());
    writer
        .start_file("game.sgf", zip::write::SimpleFileOptions::default())
        .unwrap();
    writer.write_all(&std::fs::read(&gib).unwrap()).unwrap();
    writer.finish().unwrap();
    // Pandanet's files open with `[Header]`; the sample's first line is a comment (`# written
    // by …`), which the UGF reader passes over: known by content either way
    let record = std::fs::read(&ugf).unwrap();
    assert!(record.starts_with(b"# "));
    let header = record.windows(8).position(|w| w == b"[Header]").unwrap();
    let gzip = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(bytes).unwrap();
        std::fs::write(&path, gz.finish().unwrap()).unwrap();
        path
    };
    let gzipped = gzip("panda.sgf.gz", &record[header..]);
    let commented = gzip("commented.sgf.gz", &record);
    for (path, like) in [
        (as_sgf.clone(), &own[0]),
        (zipped, &own[0]),
        (gzipped, &own[1]),
        (commented, &own[1]),
    ] {
        let rows = audit_paths(std::slice::from_ref(&path), &options(), 1).unwrap();
        assert_eq!(rows.len(), 1, "{}", path.display());
        assert_eq!(findings(&rows[0]), findings(like), "{}", path.display());
        let application = rows[0].ingest.record.as_ref().unwrap().application.clone();
        assert!(application.is_some_and(|a| a.contains(" GIB") || a.contains(" UGF")));
    }
    // such a line above an SGF game leaves it SGF (text before the game), however the game
    // tree opens
    for above in ["[Header]\r\nsaved by a forum\r\n", "\\HS\r\n"] {
        for tree in ["(;", "(\r\n;", "( ;"] {
            let path = dir.path().join("annotated.sgf");
            std::fs::write(&path, format!("{above}{tree}GM[1]SZ[9];B[ee];W[cc])")).unwrap();
            let rows = audit_paths(&[path], &options(), 1).unwrap();
            assert_eq!(rows[0].ingest.status, Status::Recovered, "{above}{tree}");
        }
    }
    // and a GIB record whose comment holds `(;` stays a record
    let text = std::fs::read(&gib).unwrap();
    let at = text.windows(5).position(|w| w == b"GCMT:").unwrap() + 5;
    let commented = [&text[..at], b"gg (;_;)", &text[at..]].concat();
    std::fs::write(&as_sgf, commented).unwrap();
    let rows = audit_paths(&[as_sgf], &options(), 1).unwrap();
    assert_eq!(rows[0].ingest.status, Status::Ok);
    let application = rows[0].ingest.record.as_ref().unwrap().application.clone();
    assert_eq!(application.as_deref(), Some("Tygem GIB"));
}

/// A file saved under an SGF name that is really an archive or a compressed file (a download
/// saved under the wrong name, a server that gzips what it calls `.sgf`) is read as what its
/// bytes say: a gzipped game as the game, a zip as its games, and the same for members of an
/// archive (a 7z named `.sgf` inside a zip).
#[test]
fn an_archive_or_compressed_file_under_an_sgf_name_is_read_as_what_it_is() {
    let games = repo().join("data-samples/games");
    let name = "19x19-korean-territory.sgf";
    let one = std::fs::read(games.join(name)).unwrap();
    let loose = audit_paths(&[games.join(name)], &options(), 1).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&one).unwrap();
    let gzipped = dir.path().join("gzipped.sgf");
    std::fs::write(&gzipped, gz.finish().unwrap()).unwrap();
    let rows = audit_paths(&[gzipped], &options(), 1).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(findings(&rows[0]), findings(&loose[0]));

    let zipped = dir.path().join("collection.sgf");
    std::fs::copy(repo().join("data-samples/archives/samples.zip"), &zipped).unwrap();
    let rows = audit_paths(&[zipped], &options(), 1).unwrap();
    let zip = sample_zip_rows();
    assert_eq!(rows.len(), zip.len());
    for (a, b) in rows.iter().zip(&zip) {
        assert_eq!((&a.member, findings(a)), (&b.member, findings(b)));
    }

    let outer = dir.path().join("outer.zip");
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&outer).unwrap());
    writer
        .start_file(
            "kifu/really-a-7z.sgf",
            zip::write::SimpleFileOptions::default(),
        )
        .unwrap();
    writer
        .write_all(&std::fs::read(fixture("games-ppmd.7z")).unwrap())
        .unwrap();
    writer.finish().unwrap();
    let rows = audit_paths(&[outer], &options(), 1).unwrap();
    assert_eq!(by_name(&rows), by_name(&loose_games()));
    assert!(rows.iter().all(|r| r
        .member
        .as_deref()
        .unwrap()
        .starts_with("kifu/really-a-7z.sgf::")));
}

/// LZH archives, the format of the Japanese archiver LHA in which many Japanese collections
/// come, made by jLHA (see the fixtures' README): `-lh5-` with level-2 headers (its default),
/// level-0 headers (as older LHAs and Pandanet's `.ugz` write them) and stored (`-lh0-`)
/// members. The games read as the loose files do; a text file inside is passed over and
/// counted.
#[test]
fn lzh_archives_read_like_their_files() {
    each_reads_as_the_loose_games(&[
        "lzh/games-lh5.lzh",
        "lzh/games-level0.lzh",
        "lzh/games-stored.lzh",
    ]);
    let dir = tempfile::tempdir().unwrap();
    let summary = scan(dir.path(), vec![fixture("lzh/games-lh5.lzh")]);
    assert_eq!(summary.games, 10);
    assert_eq!(skipped(&summary), [(".txt", 1)]);
}

/// Each fixture archive named reads as the ten sample games do loose, every row's source the
/// archive.
fn each_reads_as_the_loose_games(names: &[&str]) {
    let loose = by_name(&loose_games());
    for name in names {
        let rows = audit_paths(&[fixture(name)], &options(), 1).unwrap();
        assert_eq!(by_name(&rows), loose, "{name}");
        assert!(rows.iter().all(|r| r.source.ends_with(name)), "{name}");
    }
}

/// Pandanet's `.ugz`: UGF records in an LZH archive behind two bytes of its own (`PP`): each
/// record reads as it does loose, its recorded result the count.
#[test]
fn a_ugz_file_reads_as_its_ugf_records() {
    let rows = audit_paths(&[fixture("lzh/panda.ugz")], &options(), 1).unwrap();
    let loose = audit_paths(&[repo().join("data-samples/ugf")], &options(), 1).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(by_name(&rows), by_name(&loose));
    for r in &rows {
        assert_eq!(
            r.score.as_ref().unwrap().record_agreement.name(),
            "exact",
            "{:?}",
            r.member
        );
    }
}

/// An LZH archive damaged in a member's packed data: that member is an error row naming it
/// (its decoding or its CRC fails), and every other member is read, since each header says
/// where the next begins. Cut short, it keeps the members before the cut, and a row says the
/// end is missing; bytes that are no LZH archive are one error row; no damage anywhere
/// panics.
#[test]
fn a_damaged_lzh_accounts_for_every_game() {
    let good = std::fs::read(fixture("lzh/games-lh5.lzh")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.lzh");
    let audit = |bytes: &[u8]| {
        std::fs::write(&path, bytes).unwrap();
        audit_paths(std::slice::from_ref(&path), &options(), 1).unwrap()
    };
    // a level-2 header begins with its own length: the first member's data follows it
    let first_data = usize::from(u16::from_le_bytes([good[0], good[1]]));
    let mut bad = good.clone();
    bad[first_data + 40] ^= 0x55;
    let rows = audit(&bad);
    assert_eq!(rows.len(), 10);
    assert_eq!(rows[0].ingest.error_kind, Some(ErrorKind::ArchiveError));
    assert!(
        message(&rows[0]).contains("19x19-aga-area.sgf"),
        "{}",
        message(&rows[0])
    );
    assert!(rows[1..].iter().all(|r| r.ingest.status == Status::Ok));

    let rows = audit(&good[..good.len() / 2]);
    let ok = rows
        .iter()
        .take_while(|r| r.ingest.status == Status::Ok)
        .count();
    assert!((3..10).contains(&ok), "{ok} members before the cut");
    assert!(rows[ok..]
        .iter()
        .all(|r| r.ingest.error_kind == Some(ErrorKind::ArchiveError)));

    // cut at a member's boundary (here without its closing zero byte), nothing says a member
    // is missing but the end-of-archive byte's absence
    let rows = audit(&good[..good.len() - 1]);
    assert_eq!(rows.len(), 11);
    assert!(rows[..10].iter().all(|r| r.ingest.status == Status::Ok));
    assert!(
        message(&rows[10]).contains("no end-of-archive byte"),
        "{}",
        message(&rows[10])
    );

    let rows = audit(b"-lh5- is no archive");
    assert_eq!(rows.len(), 1);
    assert!(
        message(&rows[0]).contains("not a readable LZH archive"),
        "{}",
        message(&rows[0])
    );

    every_flip_gives_rows(&good, audit);
}

/// `good` with one byte flipped every 61 bytes, each read by `audit`: rows, never a panic,
/// and every error row with a message.
fn every_flip_gives_rows(good: &[u8], audit: impl Fn(&[u8]) -> Vec<GameRow>) {
    for at in (0..good.len()).step_by(61) {
        let mut bad = good.to_vec();
        bad[at] ^= 0xA5;
        let rows = audit(&bad);
        assert!(!rows.is_empty(), "flipped at {at}");
        assert!(rows
            .iter()
            .all(|r| r.ingest.status != Status::Error || !message(r).is_empty()));
    }
}

/// RAR archives made by RAR itself (see the fixtures' README): RAR 5 solid with a text file
/// and a zip inside, RAR 4 (made by RAR 6.23, which still writes it) not solid, RAR 4 solid
/// with PPMd, and stored members. The games read as the loose files do; the zip's games
/// follow, named through it; the text file is passed over and counted; the progress bar's
/// total counts the game members.
#[test]
fn rar_archives_read_like_their_files() {
    use kifu_audit::sgf::source::{count_items, expand_inputs};
    let loose = by_name(&loose_games());
    each_reads_as_the_loose_games(&[
        "rar/games-rar4.rar",
        "rar/games-rar4-ppmd.rar",
        "rar/games-stored.rar",
    ]);
    let rows = audit_paths(&[fixture("rar/games-rar5.rar")], &options(), 1).unwrap();
    let (games, inner): (Vec<_>, Vec<_>) = rows
        .iter()
        .cloned()
        .partition(|r| !r.member.as_deref().unwrap().contains("::"));
    assert_eq!(by_name(&games), loose);
    let zip = sample_zip_rows();
    assert_eq!(inner.len(), zip.len());
    for (a, b) in inner.iter().zip(&zip) {
        let m = format!("more/inner.zip::{}", b.member.as_deref().unwrap());
        assert_eq!(
            (a.member.as_deref(), findings(a)),
            (Some(m.as_str()), findings(b))
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let summary = scan(dir.path(), vec![fixture("rar/games-rar5.rar")]);
    assert_eq!(summary.games, rows.len() as u64);
    // notes.txt, and the zip's README.txt
    assert_eq!(skipped(&summary), [(".txt", 2)]);
    // ten games and the zip
    let paths = expand_inputs(&[fixture("rar/games-rar5.rar")]);
    assert_eq!(count_items(&paths), 11);
}

/// A RAR archive's member names come back in their own characters: RAR 3 and later store a
/// Unicode copy of every name that is not ASCII (here 名人戦.sgf in a RAR 4 archive).
#[test]
fn rar_member_names_keep_their_characters() {
    let rows = audit_paths(&[fixture("rar/names-rar4.rar")], &options(), 1).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].member.as_deref(), Some("名人戦.sgf"));
    assert_eq!(rows[0].ingest.status, Status::Ok);
}

/// A RAR member over the size limit is a row saying so, and the members after it are read:
/// in a solid archive (2.2 MB of one game repeated, 2 KB packed) it is decoded and dropped,
/// as the next members need it; in one not solid it is not decoded at all.
#[test]
fn a_rar_member_over_the_limit_is_a_row_and_the_others_are_read() {
    let limited = |max_file_bytes| GameOptions {
        limits: Limits {
            max_file_bytes,
            ..Limits::default()
        },
        ..options()
    };
    let rows = audit_paths(&[fixture("rar/bomb.rar")], &limited(1 << 20), 1).unwrap();
    let got: Vec<_> = rows
        .iter()
        .map(|r| (r.member.as_deref().unwrap(), r.ingest.error_kind))
        .collect();
    assert_eq!(
        got,
        [
            ("a.sgf", None),
            ("b-big.sgf", Some(ErrorKind::FileTooLarge)),
            ("c.sgf", None)
        ]
    );
    assert!(message(&rows[1]).contains("--max-file-bytes"));
    let rows = audit_paths(&[fixture("rar/bomb.rar")], &options(), 1).unwrap();
    assert!(rows.iter().all(|r| r.ingest.status != Status::Error));

    // not solid: the games over 3,050 bytes are refused by their headers, the rest read
    let loose = loose_games();
    let rows = audit_paths(&[fixture("rar/games-rar4.rar")], &limited(3050), 1).unwrap();
    assert_eq!(rows.len(), 10);
    for (r, l) in rows.iter().zip(&loose) {
        let size = std::fs::metadata(&l.source).unwrap().len();
        let want = (size > 3050).then_some(ErrorKind::FileTooLarge);
        assert_eq!(r.ingest.error_kind, want, "{:?} {size}", r.member);
    }
    assert!(rows.iter().any(|r| r.ingest.status == Status::Ok));
}

/// A RAR archive damaged in a member's packed data: in an archive that is not solid that
/// member is an error row naming it and every other member is read; in a solid one the
/// members after it cannot be decoded, and each is a row naming it. An archive cut short, or
/// whose headers are damaged, keeps the members before the cut or the damage, and a row says
/// where; bytes that are no RAR archive are one error row; no damage anywhere panics.
#[test]
fn a_damaged_rar_accounts_for_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.rar");
    let audit = |bytes: &[u8]| {
        std::fs::write(&path, bytes).unwrap();
        audit_paths(std::slice::from_ref(&path), &options(), 1).unwrap()
    };
    // the packed data of the first member, which begins a few bytes after its name
    let first_data = |archive: &[u8]| {
        let name = b"19x19-aga-area.sgf";
        archive.windows(name.len()).position(|w| w == name).unwrap() + name.len() + 60
    };
    // RAR 4, not solid
    let good = std::fs::read(fixture("rar/games-rar4.rar")).unwrap();
    let mut bad = good.clone();
    bad[first_data(&good)] ^= 0x55;
    let rows = audit(&bad);
    assert_eq!(rows.len(), 10);
    assert_eq!(rows[0].ingest.error_kind, Some(ErrorKind::ArchiveError));
    assert!(
        message(&rows[0]).contains("19x19-aga-area.sgf") && message(&rows[0]).contains("damaged"),
        "{}",
        message(&rows[0])
    );
    assert!(rows[1..].iter().all(|r| r.ingest.status == Status::Ok));

    // RAR 5, solid: the first game damaged, every later member a row naming why
    let good = std::fs::read(fixture("rar/games-rar5.rar")).unwrap();
    let whole = audit(&good);
    let mut bad = good.clone();
    bad[first_data(&good) + 140] ^= 0x55;
    let rows = audit(&bad);
    // the zip inside is one row now, not its games
    assert_eq!(rows.len(), 11);
    assert!(rows
        .iter()
        .all(|r| r.ingest.error_kind == Some(ErrorKind::ArchiveError)));
    assert!(
        message(&rows[0]).contains("damaged"),
        "{}",
        message(&rows[0])
    );
    assert!(
        message(&rows[10]).contains("earlier member"),
        "{}",
        message(&rows[10])
    );
    assert!(whole.len() > rows.len());
    // the text file before the games damaged: every game a row naming the earlier member
    let notes = good.windows(9).position(|w| w == b"notes.txt").unwrap();
    let mut bad = good.clone();
    bad[notes + 29] ^= 0x55;
    let rows = audit(&bad);
    assert_eq!(rows.len(), 11);
    assert!(rows
        .iter()
        .all(|r| message(r).contains("earlier member") && message(r).contains("notes.txt")));

    // cut short: the members whose headers and data lie before the cut are read (RAR 5's
    // headers say where they fail), and a row says where it was cut
    for (cut, read) in [(good.len() / 2, 6), (good.len() - 1, whole.len())] {
        let rows = audit(&good[..cut]);
        assert_eq!(rows.len(), read + 1, "cut at {cut}");
        assert_eq!(by_name(&rows[..read]), by_name(&whole[..read]));
        assert!(
            message(&rows[read]).contains("cut short or damaged at byte"),
            "{}",
            message(&rows[read])
        );
    }
    // RAR 4's headers do not say where they fail: the blocks before the cut, and before a
    // header whose CRC fails, are found by walking them
    let rar4 = std::fs::read(fixture("rar/games-rar4.rar")).unwrap();
    let rows = audit(&rar4[..rar4.len() / 2]);
    assert_eq!(rows.len(), 6);
    assert!(rows[..5].iter().all(|r| r.ingest.status == Status::Ok));
    assert!(message(&rows[5]).contains("cut short or damaged at byte"));
    let third = b"19x19-chinese-area-2.sgf";
    let at = rar4.windows(third.len()).position(|w| w == third).unwrap();
    let mut bad = rar4.clone();
    bad[at + 3] ^= 0x55;
    let rows = audit(&bad);
    assert_eq!(rows.len(), 3);
    assert!(rows[..2].iter().all(|r| r.ingest.status == Status::Ok));
    assert!(message(&rows[2]).contains("cut short or damaged at byte"));
    let rows = audit(b"Rar!\x1a\x07\x01\x00 is no archive");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].ingest.error_kind, Some(ErrorKind::ArchiveError));

    for name in ["rar/games-rar4-ppmd.rar", "rar/games-rar5.rar"] {
        every_flip_gives_rows(&std::fs::read(fixture(name)).unwrap(), audit);
    }
}

/// RAR's own volume sets, made by RAR with `-v3k`: `games.part01.rar` … `games.part04.rar`
/// (RAR 5) and `old.rar`, `old.r00` … `old.r02` (RAR 4, the old naming), both solid, with
/// members split across volumes. Each set reads as the games do loose, from its first volume,
/// whichever volumes are named or walked, once; the progress total counts each set's games.
#[test]
fn rar_volume_sets_read_as_one_archive() {
    use kifu_audit::sgf::source::{count_items, expand_inputs};
    let loose = by_name(&loose_games());
    let volumes = fixture("rar/volumes");
    let rows = audit_paths(std::slice::from_ref(&volumes), &options(), 1).unwrap();
    assert_eq!(rows.len(), 20);
    for first in ["games.part01.rar", "old.rar"] {
        let set: Vec<_> = rows
            .iter()
            .filter(|r| r.source.ends_with(&format!("volumes/{first}")))
            .cloned()
            .collect();
        assert_eq!(by_name(&set), loose, "{first}");
    }
    // named by its volumes, a later one or several: read once, from its first
    for named in [
        vec!["games.part03.rar"],
        vec!["games.part01.rar", "games.part02.rar", "games.part04.rar"],
        vec!["old.r01", "old.rar"],
    ] {
        let paths: Vec<PathBuf> = named.iter().map(|n| volumes.join(n)).collect();
        let rows = audit_paths(&paths, &options(), 1).unwrap();
        assert_eq!(by_name(&rows), loose, "{named:?}");
        assert_eq!(count_items(&expand_inputs(&paths)), 10, "{named:?}");
    }
    assert_eq!(count_items(&expand_inputs(&[volumes])), 20);
}

/// A RAR volume set with a volume missing or damaged accounts for every game it can: the
/// members before the gap are read, the member split into it is an error row, and a row
/// names the missing or unreadable volume; a later volume whose first is missing is an error
/// row; the first volume alone reads its whole members and names the one split out of it.
#[test]
fn a_rar_volume_set_with_a_volume_missing_says_so() {
    let volumes = fixture("rar/volumes");
    let part = |n: u32| format!("games.part{n:02}.rar");
    let with = |keep: &[u32], damaged: Option<u32>| {
        let dir = tempfile::tempdir().unwrap();
        for &n in keep {
            std::fs::copy(volumes.join(part(n)), dir.path().join(part(n))).unwrap();
        }
        if let Some(n) = damaged {
            std::fs::write(dir.path().join(part(n)), b"not a volume").unwrap();
        }
        let rows = audit_paths(&[dir.path().to_path_buf()], &options(), 1).unwrap();
        let got: Vec<(Option<String>, Status, String)> = rows
            .iter()
            .map(|r| (r.member.clone(), r.ingest.status, message(r).to_string()))
            .collect();
        got
    };
    let ok = |rows: &[(Option<String>, Status, String)]| {
        rows.iter().take_while(|r| r.1 == Status::Ok).count()
    };
    // volume 2 missing, 3 and 4 there
    let rows = with(&[1, 3, 4], None);
    assert_eq!(ok(&rows), 2);
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert_eq!(rows[2].0.as_deref(), Some("19x19-chinese-area-2.sgf"));
    assert!(rows[3].2.contains("games.part02.rar") && rows[3].2.contains("missing"));
    // volume 2 damaged
    let rows = with(&[1, 3, 4], Some(2));
    assert_eq!((ok(&rows), rows.len()), (2, 4), "{rows:?}");
    assert!(rows[3].2.contains("games.part02.rar") && rows[3].2.contains("cannot be read"));
    // the first volume missing: each later volume is a row saying so
    let rows = with(&[2, 3, 4], None);
    assert_eq!(rows.len(), 3);
    assert!(rows
        .iter()
        .all(|r| r.1 == Status::Error && r.2.contains("first volume") && r.2.contains("missing")));
    // the first volume alone
    let rows = with(&[1], None);
    assert_eq!((ok(&rows), rows.len()), (2, 3), "{rows:?}");
    assert!(
        rows[2].2.contains("split across the volumes"),
        "{}",
        rows[2].2
    );
    // named the old way (`.r00` … `.z99`), a later volume is one only when it begins as a
    // RAR volume does: `old.r00` without `old.rar` is a row, `board.s19` and `data.t01`
    // (other programs' files) are passed over, as any file that holds no game
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(volumes.join("old.r00"), dir.path().join("old.r00")).unwrap();
    std::fs::write(dir.path().join("board.s19"), "S00F00\n").unwrap();
    std::fs::write(dir.path().join("data.t01"), "x\n").unwrap();
    let rows = audit_paths(&[dir.path().to_path_buf()], &options(), 1).unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(rows[0].source.ends_with("old.r00") && message(&rows[0]).contains("first volume"));
}

/// A RAR archive inside a zip is read from memory like any archive inside another, its games
/// named through it; a RAR saved under an SGF name is read as what it is; and a game under
/// the `.mgt` name of Many Faces of Go is read as the SGF it is.
#[test]
fn a_rar_inside_a_zip_and_an_mgt_file_are_read() {
    let rar = std::fs::read(fixture("rar/games-rar4-ppmd.rar")).unwrap();
    let game = repo().join("data-samples/games/19x19-korean-territory.sgf");
    let dir = tempfile::tempdir().unwrap();
    let outer = dir.path().join("outer.zip");
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&outer).unwrap());
    let opts = zip::write::SimpleFileOptions::default();
    writer.start_file("kifu/games.rar", opts).unwrap();
    writer.write_all(&rar).unwrap();
    writer.start_file("kifu/old.MGT", opts).unwrap();
    writer.write_all(&std::fs::read(&game).unwrap()).unwrap();
    writer.finish().unwrap();
    let rows = audit_paths(&[outer], &options(), 1).unwrap();
    assert_eq!(rows.len(), 11);
    let (from_rar, mgt): (Vec<_>, Vec<_>) = rows
        .into_iter()
        .partition(|r| r.member.as_deref().unwrap().starts_with("kifu/games.rar::"));
    assert_eq!(by_name(&from_rar), by_name(&loose_games()));
    let loose = audit_paths(&[game], &options(), 1).unwrap();
    assert_eq!(mgt[0].member.as_deref(), Some("kifu/old.MGT"));
    assert_eq!(findings(&mgt[0]), findings(&loose[0]));

    let misnamed = dir.path().join("really-a-rar.sgf");
    std::fs::write(&misnamed, &rar).unwrap();
    let rows = audit_paths(&[misnamed], &options(), 1).unwrap();
    assert_eq!(by_name(&rows), by_name(&loose_games()));
}

/// The progress bar's total counts the game members of a tar archive too, compressed or not
/// (read through once), as it counts a zip's: one a member, whatever the member holds; a tar
/// that cannot be read counts one, its error row.
#[test]
fn the_progress_total_counts_a_tars_game_members() {
    use kifu_audit::sgf::source::{count_items, expand_inputs};
    let tgz = repo().join("data-samples/archives/samples.tar.gz");
    let rows = audit_paths(std::slice::from_ref(&tgz), &options(), 1).unwrap();
    let members: std::collections::BTreeSet<_> = rows.iter().map(|r| r.member.clone()).collect();
    assert_eq!(count_items(&expand_inputs(&[tgz])), members.len() as u64);
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.tar.gz");
    std::fs::write(&broken, b"\x1f\x8b not gzip").unwrap();
    assert_eq!(count_items(&expand_inputs(&[broken])), 1);
}

/// Two zips joined into one file (`cat a.zip a.zip`, three of them): the last one's directory
/// names only its own members, and the others' were lost (then a row said so). Every zip is
/// read, in file order, the later copies of a name numbered; the count for the progress bar
/// says as many. Before the archives, a program is no zip (a self-extracting archive).
#[test]
fn zips_joined_in_one_file_are_all_read() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = repo().join("tests/fixtures/archives/methods.zip");
    let one = std::fs::read(&fixture).unwrap();
    let alone = crate::common::audit(&fixture);
    for copies in [2, 3] {
        let path = dir.path().join(format!("joined{copies}.zip"));
        std::fs::write(&path, one.repeat(copies)).unwrap();
        let rows = crate::common::audit(&path);
        assert_eq!(rows.len(), copies * alone.len(), "{copies}");
        assert!(
            rows.iter().all(|r| r.ingest.error_kind.is_none()),
            "{copies}"
        );
        let first = alone[0].member.clone().unwrap();
        assert_eq!(rows[0].member.as_deref(), Some(first.as_str()));
        let second = format!("{first} (2)");
        assert_eq!(rows[alone.len()].member.as_deref(), Some(second.as_str()));
        let members: std::collections::BTreeSet<_> = rows.iter().map(|r| &r.member).collect();
        assert_eq!(members.len(), rows.len(), "every row its own member name");
        use kifu_audit::sgf::source::{count_items, expand_inputs};
        let items = count_items(&expand_inputs(std::slice::from_ref(&path)));
        assert_eq!(items, (copies * alone.len()) as u64);
    }
    // a zip cut short (its directory lost) between two good ones, or first: its members are
    // read from their own headers, and a row says so; the zips after it are read too
    let cut = &one[..one.len() - 40];
    for (name, bytes) in [
        ("middle.zip", [one.as_slice(), cut, &one].concat()),
        ("first.zip", [cut, &one, &one].concat()),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let rows = crate::common::audit(&path);
        let ok = rows
            .iter()
            .filter(|r| r.ingest.error_kind.is_none())
            .count();
        assert_eq!(ok, 3 * alone.len(), "{name}");
        let errors: Vec<_> = rows
            .iter()
            .filter(|r| r.ingest.error_kind.is_some())
            .collect();
        assert_eq!(errors.len(), 1, "{name}");
        let message = errors[0].ingest.error_message.as_deref().unwrap_or("");
        assert!(message.contains("read from their own headers"), "{message}");
    }
}

/// A stored member's local header and data, with no directory after it: a zip cut short.
fn stored_member(name: &str, data: &[u8]) -> Vec<u8> {
    let size = (data.len() as u32).to_le_bytes();
    let mut v = b"PK\x03\x04".to_vec();
    v.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0]); // version, flags, stored, time, date
    v.extend_from_slice(&crc32fast::hash(data).to_le_bytes());
    v.extend_from_slice(&size);
    v.extend_from_slice(&size);
    v.extend_from_slice(&(name.len() as u16).to_le_bytes());
    v.extend_from_slice(&[0, 0]);
    v.extend_from_slice(name.as_bytes());
    v.extend_from_slice(data);
    v
}

/// The zip cut short after a good one is found from where the good one's directory ends, not
/// from the last end-of-directory record within 64 KB of the end (a cut zip of 65,536 to
/// 65,550 bytes after it was lost without a row: the third diff review); and bytes of empty directories before a zip, each a zip of its
/// own to the zip crate, are read as one piece, not one zip each (44 MB took 32 s).
#[test]
fn a_long_cut_zip_after_a_good_one_and_empty_directories_before_one() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = repo().join("tests/fixtures/archives/methods.zip");
    let one = std::fs::read(&fixture).unwrap();
    let alone = crate::common::audit(&fixture).len();
    // 65,540 bytes after the good zip's end: past the last 64 KB and its record's 22 bytes,
    // within the zip crate's reach (beyond it, the file reads as one zip cut short, its
    // walk stopping at the good one's directory: left open)
    let short = stored_member("short.sgf", b"(;GM[1]SZ[9];B[ee])");
    let room = 65_540 - short.len() - stored_member("long.sgf", b"").len();
    let long = format!("(;GM[1]SZ[9]C[{}];B[ee];W[cc])", "x".repeat(room - 28));
    let cut = [stored_member("long.sgf", long.as_bytes()), short].concat();
    assert_eq!(cut.len(), 65_540);
    let path = dir.path().join("good-then-cut.zip");
    std::fs::write(&path, [one.as_slice(), &cut].concat()).unwrap();
    let rows = crate::common::audit(&path);
    let ok = rows
        .iter()
        .filter(|r| r.ingest.error_kind.is_none())
        .count();
    assert_eq!((ok, rows.len()), (alone + 2, alone + 3));
    let empties = [b"PK\x05\x06".as_slice(), &[0; 18]].concat().repeat(20_000);
    let path = dir.path().join("empties-then-good.zip");
    std::fs::write(&path, [b"PK\x03\x04".as_slice(), &empties, &one].concat()).unwrap();
    let rows = crate::common::audit(&path);
    let ok = rows
        .iter()
        .filter(|r| r.ingest.error_kind.is_none())
        .count();
    assert_eq!((ok, rows.len()), (alone, alone + 1));
}

/// Two 7z archives joined into one file (`cat a.7z b.7z`): a reader finds only the first (its
/// start header names its own end), and the other's games were lost without a word. They
/// get a row saying so.
#[test]
fn two_7z_archives_joined_in_one_file_are_not_lost_without_a_word() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = repo().join("tests/fixtures/archives/games-lzma2.7z");
    let one = std::fs::read(&fixture).unwrap();
    let alone = crate::common::audit(&fixture);
    let path = dir.path().join("joined.7z");
    std::fs::write(&path, [one.clone(), one].concat()).unwrap();
    let rows = crate::common::audit(&path);
    assert_eq!(rows.len(), alone.len() + 1);
    let errors: Vec<_> = rows
        .iter()
        .filter(|r| r.ingest.error_kind == Some(kifu_audit::sgf::ErrorKind::ArchiveError))
        .collect();
    assert_eq!(errors.len(), 1);
    let message = errors[0].ingest.error_message.as_deref().unwrap_or("");
    assert!(
        message.contains("another 7z archive follows this one"),
        "{message}"
    );
}
