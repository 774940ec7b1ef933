//! Tests of reading sources.

use super::expand::{is_record_or_archive, path_from_bytes, read_stdin, stdin_paths, stdin_record};
use super::lzh_archive::lzh_name;
use super::sniff::sniff;
use super::*;

#[test]
fn names() {
    assert_eq!(classify("a.SGF"), Some(InputKind::Sgf));
    assert_eq!(classify("honinbo.MGT"), Some(InputKind::Sgf));
    assert_eq!(
        classify("a.sgf.gz"),
        Some(InputKind::SgfCompressed(Codec::Gzip))
    );
    assert_eq!(
        classify("a.SGF.ZST"),
        Some(InputKind::SgfCompressed(Codec::Zstd))
    );
    assert_eq!(classify("x.TGZ"), Some(InputKind::Tar(Some(Codec::Gzip))));
    assert_eq!(classify("x.tar.xz"), Some(InputKind::Tar(Some(Codec::Xz))));
    for tbz in ["x.tbz", "x.TB2", "x.tbz2", "x.tar.bz2"] {
        assert_eq!(classify(tbz), Some(InputKind::Tar(Some(Codec::Bzip2))));
    }
    assert_eq!(classify("x.tzst"), Some(InputKind::Tar(Some(Codec::Zstd))));
    assert_eq!(classify("x.tar"), Some(InputKind::Tar(None)));
    assert_eq!(classify("kifu.7Z"), Some(InputKind::SevenZ));
    assert_eq!(classify("kifu.rar"), Some(InputKind::Rar));
    assert_eq!(classify("kifu.cab"), Some(InputKind::Unsupported("CAB")));
    assert_eq!(classify("kifu.LZH"), Some(InputKind::Lzh));
    assert_eq!(classify("meijin.ugz"), Some(InputKind::Lzh));
    assert_eq!(
        classify("meijin.ugi"),
        Some(InputKind::Record(RecordFormat::Ugf))
    );
    // a record or a tar compressed on its own, by what its name says it holds
    assert_eq!(
        classify("2006-01-02.GIB.gz"),
        Some(InputKind::RecordCompressed(RecordFormat::Gib, Codec::Gzip))
    );
    assert_eq!(
        classify("a.ugi.xz"),
        Some(InputKind::RecordCompressed(RecordFormat::Ugf, Codec::Xz))
    );
    assert_eq!(
        classify("a.ngf.bz2"),
        Some(InputKind::RecordCompressed(RecordFormat::Ngf, Codec::Bzip2))
    );
    assert_eq!(
        classify("honinbo.mgt.zst"),
        Some(InputKind::SgfCompressed(Codec::Zstd))
    );
    assert_eq!(
        classify("x.TAR.GZ"),
        Some(InputKind::Tar(Some(Codec::Gzip)))
    );
    assert_eq!(
        classify("x.tar.bz2"),
        Some(InputKind::Tar(Some(Codec::Bzip2)))
    );
    assert_eq!(classify("x.zip.gz"), None);
    assert_eq!(classify("x.ugz.gz"), None);
    assert_eq!(classify("x.gz"), None);
    assert_eq!(classify("x.sgf.gz.gz"), None);
    assert_eq!(classify("MANIFEST.tsv"), None);
}

/// LZH member names, as delharc escapes their bytes: Shift_JIS (名人.sgf), UTF-8, or
/// neither.
#[test]
fn lzh_member_names_come_back_in_their_own_characters() {
    assert_eq!(lzh_name("%96%bc%90l.sgf"), "名人.sgf");
    assert_eq!(lzh_name("%e5%90%8d.ugf"), "名.ugf");
    assert_eq!(lzh_name("100%.sgf"), "100%.sgf");
    assert_eq!(lzh_name("%ff%fe.sgf"), "\\xFF\\xFE.sgf");
}

#[cfg(unix)]
#[test]
fn a_path_list_keeps_every_line_as_its_bytes() {
    use std::os::unix::ffi::OsStrExt;
    let list = b"a.sgf\r\nbad\xff.sgf\n\n   \n lead.sgf\nlast.sgf";
    let mut out = Vec::new();
    stdin_paths(&mut &list[..], &mut out, &mut Vec::new());
    let got: Vec<Vec<u8>> = out
        .into_iter()
        .map(|p| p.unwrap().path().unwrap().as_os_str().as_bytes().to_vec())
        .collect();
    let want: [&[u8]; 4] = [b"a.sgf", b"bad\xff.sgf", b" lead.sgf", b"last.sgf"];
    assert_eq!(got, want);
}

#[test]
fn standard_input_is_a_record_or_an_archive_only_when_it_begins_as_one() {
    for head in [
        b"(;GM[1]SZ[19])".as_slice(),
        b"\xEF\xBB\xBF\r\n ( ;SZ[9])",
        b"PK\x03\x04\x14\x00",
        b"\x1F\x8B\x08\x00",
        b"Rar!\x1a\x07\x01\x00",
        b"(\x10-lh5-\x90\x04",
        b"PP(\x10-lh5-",
        b"\\HS\r\n\\[GIBOKIND=Korea\\]",
        b"\n[Header]\nVer=UGF3",
        b"# written by hand\r\n#\n[Header]\nVer=UGF3",
        b"\x00\x01binary",
        // Fox's file without its `(`, and a game after text
        b";GM[1]FF[4]SZ[19]AP[foxwq];B[pd])",
        b"Downloaded from KGS\n(;GM[1]SZ[19];B[pd])",
        b"Kim (9d) vs Lee\r\n( ; FF[4]",
    ] {
        assert!(is_record_or_archive(head), "{:?}", bytes_text(head));
    }
    assert_eq!(sniff(b"(\x10-lh5-\x90\x04"), Some(InputKind::Lzh));
    assert_eq!(
        stdin_record(b"\\HS\r\n"),
        Some(InputKind::Record(RecordFormat::Gib))
    );
    // comment lines before a record, but not before an SGF game
    assert_eq!(
        stdin_record(b"# saved\r\n\\HS\r\n"),
        Some(InputKind::Record(RecordFormat::Gib))
    );
    assert_eq!(
        stdin_record(b"# saved\r# by hand\r[Header]\r"),
        Some(InputKind::Record(RecordFormat::Ugf))
    );
    assert_eq!(stdin_record(b"# saved\n(;GM[1])"), None);
    assert_eq!(stdin_record(b"# a comment cut short"), None);
    for head in [
        b"".as_slice(),
        b"\n\n",
        b"games/a.sgf\n",
        b"(1) Honinbo/game.sgf\n",
        b";games/a.sgf\n",
        b"a (;b).sgf\n",
        b"games/a(;B[x]).sgf\n",
        b"(;",
    ] {
        let record = head == b"(;";
        assert_eq!(is_record_or_archive(head), record, "{:?}", bytes_text(head));
    }
    let mut out = Vec::new();
    let dir = tempfile::tempdir().unwrap();
    let listed = dir.path().join("(1) a.sgf");
    let list = format!("{}\n\n", listed.display());
    read_stdin(list.as_bytes(), 1 << 20, &mut out, &mut Vec::new());
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].as_ref().unwrap().path(), Some(listed.as_path()));
    out.clear();
    // a terminal: its end (Ctrl-D) ends it once, and a read after it would wait for more,
    // here given as a second list; a list or a game ended is read once
    for first in [list.clone(), "(;SZ[9];B[ee])".to_string()] {
        let mut terminal = Terminal(vec![first.into_bytes(), b"later.sgf\n".to_vec()]);
        read_stdin(&mut terminal, 1 << 20, &mut out, &mut Vec::new());
        assert_eq!((out.len(), terminal.0.len()), (1, 1));
        out.clear();
    }
    read_stdin(
        b"(;SZ[9];B[ee])".as_slice(),
        1 << 20,
        &mut out,
        &mut Vec::new(),
    );
    read_stdin(b"(;SZ[9];B[ee])".as_slice(), 4, &mut out, &mut Vec::new());
    // a list naming a file whose name holds a control byte, past the first bytes, is a list
    let odd = dir.path().join("odd\u{1}name.sgf");
    std::fs::write(&odd, "(;SZ[9];B[ee])").unwrap();
    let mut listing = String::new();
    for _ in 0..40 {
        listing.push_str(&format!("{}\n", listed.display()));
    }
    listing.push_str(&format!("{}\n", odd.display()));
    assert!(!is_record_or_archive(listing.as_bytes()));
    // a short list ending with DOS's end-of-file byte is a list
    let dos = format!("{}\r\n\x1a", listed.display());
    assert!(!is_record_or_archive(dos.as_bytes()));
    // a game after a preface of several kilobytes is a game, not a list of paths
    let prefaced = format!(
        "{}\n(;SZ[9];B[ee])",
        "Downloaded from a forum.\n".repeat(200)
    );
    read_stdin(prefaced.as_bytes(), 1 << 20, &mut out, &mut Vec::new());
    let mut items = Vec::new();
    read_all(&out, 1 << 20, &mut |item| {
        items.push((item.source, item.data.map_err(|e| e.kind_name())));
        true
    });
    assert_eq!(
        items,
        [
            ("-".to_string(), Ok(b"(;SZ[9];B[ee])".to_vec())),
            ("-".to_string(), Err("file_too_large")),
            ("-".to_string(), Ok(prefaced.into_bytes())),
        ]
    );
}

#[test]
fn names_that_are_not_utf8_keep_their_bytes() {
    assert_eq!(bytes_text("棋譜/a.sgf".as_bytes()), "棋譜/a.sgf");
    // Latin-1 `é` and Shift_JIS `棋`: each stray byte written out, two names stay two
    assert_eq!(bytes_text(b"caf\xe9.sgf"), "caf\\xE9.sgf");
    assert_eq!(bytes_text(b"\x8a\xfb.sgf"), "\\x8A\\xFB.sgf");
    // and back, as `explain` reads a row's `source`
    for name in [
        &b"caf\xe9.sgf"[..],
        b"\x8a\xfb.sgf",
        "棋譜/a.sgf".as_bytes(),
    ] {
        assert_eq!(path_of_text(&bytes_text(name)), path_from_bytes(name));
    }
    // a backslash not followed by two hex digits stays as written, and so does an escape
    // no `source` holds (an ASCII byte's)
    assert_eq!(path_of_text("a\\xZ1\\x4"), PathBuf::from("a\\xZ1\\x4"));
    assert_eq!(path_of_text("a\\x41.sgf"), PathBuf::from("a\\x41.sgf"));
    assert_eq!(bytes_text(b"a\\xZ1\\x4\\"), "a\\xZ1\\x4\\");
    // one that would read as a byte's escape is one itself: a name written `x\xE9.sgf` and
    // a Latin-1 `x<E9>.sgf` are two texts, each naming its own file again
    assert_eq!(bytes_text(b"x\\xE9.sgf"), "x\\x5CxE9.sgf");
    assert_eq!(bytes_text(b"x\\x5C\xe9"), "x\\x5Cx5C\\xE9");
    for name in [&b"x\\xE9.sgf"[..], b"x\\x5C\xe9", b"dir\\a.sgf", b"\\\\xff"] {
        assert_eq!(path_of_text(&bytes_text(name)), path_from_bytes(name));
    }
    #[cfg(unix)]
    {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(path_from_bytes(b"caf\xe9.sgf"));
        std::fs::write(&path, "(;SZ[9];B[ee])").unwrap();
        let mut sources = Vec::new();
        read_all(&[Ok(path.into())], 1 << 20, &mut |item| {
            sources.push(item.source);
            true
        });
        assert_eq!(sources.len(), 1);
        assert!(sources[0].ends_with("/caf\\xE9.sgf"), "{}", sources[0]);
    }
}

/// A Tygem GIB record gzipped under its own name (`.gib.gz`) reads as the record; bytes that
/// are no GIB record under that name make the record's error row.
#[test]
fn a_compressed_record_reads_as_the_record_it_holds() {
    use std::io::Write;
    let gib = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data-samples/gib/tygem-korean.gib"),
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let gzip = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        let mut enc = flate2::write::GzEncoder::new(
            File::create(&path).unwrap(),
            flate2::Compression::fast(),
        );
        enc.write_all(bytes).unwrap();
        enc.finish().unwrap();
        Ok(path.into())
    };
    let paths = vec![
        gzip("korean.GIB.gz", &gib),
        gzip("not-a-record.gib.gz", b"(;GM[1]SZ[19];B[pd])"),
    ];
    let mut items = Vec::new();
    read_all(&paths, 1 << 20, &mut |i| {
        items.push(i);
        true
    });
    assert_eq!(items.len(), 2);
    assert_eq!(
        items[0].data,
        RecordFormat::Gib.to_sgf(&gib).map_err(|_| unreachable!())
    );
    assert!(items[0].data.as_ref().unwrap().starts_with(b"(;"));
    match &items[1].data {
        Err(SourceError::Record(m)) => assert!(m.contains("not a readable GIB record"), "{m}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn gzip_bomb_is_bounded() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bomb.sgf.gz");
    let mut enc =
        flate2::write::GzEncoder::new(File::create(&path).unwrap(), flate2::Compression::best());
    let zeros = vec![b' '; 1 << 20];
    for _ in 0..64 {
        enc.write_all(&zeros).unwrap();
    }
    enc.finish().unwrap();
    let paths = vec![Ok(path.into())];
    let mut items = Vec::new();
    read_all(&paths, 1 << 20, &mut |i| {
        items.push(i);
        true
    });
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].data, Err(SourceError::TooLarge { limit: 1 << 20 }));
}

#[test]
fn a_gzip_file_is_its_members_and_the_padding_after_them_is_ignored() {
    use std::io::Write;
    let member = |text: &[u8]| {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(text).unwrap();
        enc.finish().unwrap()
    };
    let mut bytes = member(b"(;SZ[9];B[aa])");
    bytes.extend(member(b"(;SZ[9];W[bb])"));
    let read = |bytes: &[u8]| {
        let mut out = Vec::new();
        GzMembers::new(bytes).read_to_end(&mut out).map(|_| out)
    };
    assert_eq!(read(&bytes).unwrap(), b"(;SZ[9];B[aa])(;SZ[9];W[bb])");
    // a block device's zeros, or text appended, end the data, as to `gzip -d`
    for tail in [&[0u8; 70_000][..], b"garbage\n", b"\n", b"note\r\n\x1a"] {
        let mut padded = bytes.clone();
        padded.extend_from_slice(tail);
        assert_eq!(read(&padded).unwrap(), b"(;SZ[9];B[aa])(;SZ[9];W[bb])");
    }
    // binary bytes that begin no member, as a third member cut after its first byte, with
    // its first or second byte damaged, or after zeros, are an early end: the games before
    // are kept, and a row says so
    let third = member(b"(;SZ[9];B[cc])");
    let damaged = |at: usize| {
        let mut d = third.clone();
        d[at] ^= 1;
        d
    };
    let padded = [&[0u8; 512][..], &third].concat();
    for (tail, left) in [
        (third[..1].to_vec(), "1 byte "),
        (damaged(0), &*format!("{} bytes ", third.len())),
        (damaged(1), &*format!("{} bytes ", third.len())),
        (padded, &*format!("{} bytes ", third.len() + 512)),
    ] {
        let mut more = bytes.clone();
        more.extend_from_slice(&tail);
        let e = read(&more).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::UnexpectedEof);
        assert!(
            e.to_string().contains(&format!("{left}of binary data")),
            "{e}"
        );
        let mut items = Vec::new();
        read_bytes("x.sgf.gz", more, 1 << 20, &mut |i| {
            items.push((i.data, i.cut));
            true
        });
        assert_eq!(items.len(), 1);
        assert_eq!(
            items[0].0.as_deref().ok(),
            Some(&b"(;SZ[9];B[aa])(;SZ[9];W[bb])"[..])
        );
        assert!(matches!(&items[0].1, Some(SourceError::Io(m)) if m.contains("binary data")));
    }
    // a damaged member is still an error, and so is a file that is no gzip at all
    let mut cut = bytes.clone();
    cut.truncate(bytes.len() - 4);
    assert!(read(&cut).is_err());
    assert!(read(b"(;SZ[9])").is_err());
}

/// Tar members of every type that holds a file's bytes are read: a GNU sparse file (its
/// holes filled with zeros) and a type no standard names, as GNU tar extracts it. A GNU
/// multi-volume continuation is a row saying so. They were dropped without a row.
#[test]
fn tar_members_of_other_file_types_are_read() {
    let game = b"(;SZ[9];B[ee])";
    let mut tar = tar::Builder::new(Vec::new());
    let mut add = |name: &str, kind: tar::EntryType, data: &[u8], sparse: Option<u64>| {
        let mut header = tar::Header::new_gnu();
        header.set_path(name).unwrap();
        header.set_size(data.len() as u64);
        header.set_mode(0o644);
        header.set_entry_type(kind);
        if let Some(real) = sparse {
            let gnu = header.as_gnu_mut().unwrap();
            gnu.sparse[0].set_offset(0);
            gnu.sparse[0].set_length(data.len() as u64);
            // a hole to the end: a last block of no bytes where the file ends
            gnu.sparse[1].set_offset(real);
            gnu.sparse[1].set_length(0);
            gnu.set_real_size(real);
        }
        header.set_cksum();
        tar.append(&header, data).unwrap();
    };
    add("sparse.sgf", tar::EntryType::GNUSparse, game, Some(64));
    add("nine.sgf", tar::EntryType::new(b'9'), game, None);
    add("rest.sgf", tar::EntryType::new(b'M'), b"W[cc])", None);
    add("label.sgf", tar::EntryType::new(b'V'), b"", None);
    add("plain.sgf", tar::EntryType::Regular, game, None);
    let tar = tar.into_inner().unwrap();
    let mut items = Vec::new();
    read_bytes("x.tar", tar, 1 << 20, &mut |i| {
        items.push((i.member.unwrap_or_default(), i.data));
        true
    });
    let names: Vec<&str> = items.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(names, ["sparse.sgf", "nine.sgf", "rest.sgf", "plain.sgf"]);
    let mut filled = game.to_vec();
    filled.resize(64, 0);
    assert_eq!(items[0].1.as_deref().ok(), Some(&filled[..]));
    assert_eq!(items[1].1.as_deref().ok(), Some(&game[..]));
    match &items[2].1 {
        Err(SourceError::Archive(m)) => assert!(m.contains("multi-volume tar"), "{m}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(items[3].1.as_deref().ok(), Some(&game[..]));
}

/// A game whose text holds `ustar` at byte 257 (a comment's "custard") is a game, not a
/// tar: a tar header's checksum must match too. GNU's and POSIX's headers both sniff as tar.
#[test]
fn ustar_in_a_game_s_text_is_no_tar() {
    let mut sgf = b"(;GM[1]SZ[9]C[".to_vec();
    sgf.resize(256, b'x');
    sgf.extend_from_slice(b"custard pie];B[ee];W[cc])");
    assert_eq!(&sgf[257..262], b"ustar");
    assert_eq!(sniff(&sgf), None);
    sgf.resize(600, b' ');
    assert_eq!(sniff(&sgf), None);
    for mut header in [tar::Header::new_gnu(), tar::Header::new_ustar()] {
        header.set_path("a.sgf").unwrap();
        header.set_size(3);
        header.set_cksum();
        assert_eq!(sniff(header.as_bytes()), Some(InputKind::Tar(None)));
        // one byte changed: the checksum no longer matches
        let mut bytes = header.as_bytes().to_vec();
        bytes[0] ^= 1;
        assert_eq!(sniff(&bytes), None);
    }
}

/// A tar compressed, then named as anything but a tar (or piped in): read as the tar it is,
/// member by member (its members were skipped as stray text before the first game, and the
/// row said only `leading_text`). So is a zip compressed again; a stream compressed over and
/// over stops at the nesting bound.
#[test]
fn a_compressed_tar_under_any_name_reads_as_a_tar() {
    use std::io::Write;
    let mut tar = tar::Builder::new(Vec::new());
    for (name, text) in [("a.sgf", "(;SZ[9];B[aa])"), ("b.sgf", "(;SZ[9];W[bb])")] {
        let mut header = tar::Header::new_gnu();
        header.set_size(text.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        tar.append_data(&mut header, name, text.as_bytes()).unwrap();
    }
    let tar = tar.into_inner().unwrap();
    let gzip = |bytes: &[u8]| {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(bytes).unwrap();
        enc.finish().unwrap()
    };
    let read = |name: &str, bytes: Vec<u8>| {
        let mut items = Vec::new();
        read_bytes(name, bytes, 1 << 20, &mut |i| {
            items.push((i.member, i.data));
            true
        });
        items
    };
    type Items = [(Option<String>, Result<Vec<u8>, SourceError>)];
    let members = |items: &Items| items.iter().map(|(m, _)| m.clone()).collect::<Vec<_>>();
    let both = vec![Some("a.sgf".to_string()), Some("b.sgf".to_string())];
    for name in ["download", "games.sgf", "games.sgf.gz", "games.tar.gz"] {
        let items = read(name, gzip(&tar));
        assert_eq!(members(&items), both, "{name}");
        assert_eq!(items[0].1.as_deref().ok(), Some(&b"(;SZ[9];B[aa])"[..]));
    }
    let zstd = zstd::encode_all(&tar[..], 1).unwrap();
    assert_eq!(members(&read("download", zstd)), both);
    // a zip compressed again
    let mut zip = zip::ZipWriter::new(io::Cursor::new(Vec::new()));
    zip.start_file("c.sgf", zip::write::SimpleFileOptions::default())
        .unwrap();
    zip.write_all(b"(;SZ[9];B[cc])").unwrap();
    let zip = zip.finish().unwrap().into_inner();
    let items = read("games.sgf.gz", gzip(&zip));
    assert_eq!(members(&items), vec![Some("c.sgf".to_string())]);
    // a compressed SGF is still its text, and a record compressed under its own name too
    let items = read("download", gzip(b"(;SZ[9];B[dd])"));
    assert_eq!(items, vec![(None, Ok(b"(;SZ[9];B[dd])".to_vec()))]);
    // gzip in gzip in gzip…: bounded, an error row
    let mut nested = gzip(b"(;SZ[9];B[ee])");
    for _ in 0..MAX_NESTING {
        nested = gzip(&nested);
    }
    let items = read("deep.sgf.gz", nested);
    assert_eq!(items.len(), 1);
    match &items[0].1 {
        Err(SourceError::Archive(m)) => assert!(m.contains("nested more than"), "{m}"),
        other => panic!("{other:?}"),
    }
}

/// An entry the walk cannot read (a dangling link, a link loop) is one row however many
/// inputs reach it: a directory named twice, or by two spellings.
#[cfg(unix)]
#[test]
fn an_unreadable_entry_reached_twice_is_one_row() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("dd");
    std::fs::create_dir(&games).unwrap();
    std::fs::write(games.join("a.sgf"), "(;SZ[9];B[ee])").unwrap();
    std::os::unix::fs::symlink("missing.sgf", games.join("b.sgf")).unwrap();
    std::os::unix::fs::symlink("c.sgf", games.join("c.sgf")).unwrap();
    let with_slash = PathBuf::from(format!("{}/", games.display()));
    let dotted = dir.path().join(".").join("dd");
    for inputs in [
        vec![games.clone(), games.clone()],
        vec![with_slash, dotted],
        vec![games.clone(), games.join("b.sgf"), games.join("c.sgf")],
        vec![games.join("b.sgf"), games.clone()],
    ] {
        let mut skipped = Skipped::new();
        let out = super::expand::expand_inputs_noting(&inputs, 1 << 20, &mut skipped);
        let (mut ok, mut errors) = (0, Vec::new());
        for e in &out {
            match e {
                Ok(_) => ok += 1,
                Err((source, _)) => errors.push(Path::new(source).file_name().unwrap().to_owned()),
            }
        }
        assert_eq!((ok, errors.len()), (1, 2), "{inputs:?}: {out:?}");
        errors.sort();
        assert_eq!(errors, ["b.sgf", "c.sgf"], "{inputs:?}");
    }
}

/// The last part of a zip split by `zip -s` (`games.zip` beside `games.z01`, …) says so: the
/// members whose headers lie in it are read, and its row says the other parts' are not and
/// how to join them (it said every member was read).
#[test]
fn the_last_part_of_a_split_zip_says_so() {
    use std::io::Write;
    let mut zip = zip::ZipWriter::new(io::Cursor::new(Vec::new()));
    for name in ["a.sgf", "b.sgf"] {
        zip.start_file(name, zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(b"(;SZ[9];B[ee])").unwrap();
    }
    let mut bytes = zip.finish().unwrap().into_inner();
    // the end of central directory of part 3 of 3, its directory in that part
    let end = bytes.windows(4).rposition(|w| w == b"PK\x05\x06").unwrap();
    bytes[end + 4..end + 8].copy_from_slice(&[2, 0, 2, 0]);
    let mut items = Vec::new();
    read_bytes("games.zip", bytes, 1 << 20, &mut |i| {
        items.push((i.member, i.data));
        true
    });
    let members: Vec<_> = items.iter().map(|(m, _)| m.as_deref()).collect();
    assert_eq!(members, [Some("a.sgf"), Some("b.sgf"), None]);
    match &items[2].1 {
        Err(SourceError::Archive(m)) => {
            assert!(
                m.contains("the last part of a zip split into 3 parts"),
                "{m}"
            );
            assert!(m.contains("zip -s 0 games.zip --out whole.zip"), "{m}");
        }
        other => panic!("{other:?}"),
    }
}

/// Walking a directory, a file named only by its compression (`games.gz`) is read when it
/// holds games (SGF text, or a tar of them); a compressed log beside it is passed over.
#[test]
fn a_compressed_file_named_only_by_its_compression_is_read_when_it_holds_games() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let gzip = |name: &str, bytes: &[u8]| {
        let file = std::fs::File::create(dir.path().join(name)).unwrap();
        let mut enc = flate2::write::GzEncoder::new(file, flate2::Compression::fast());
        enc.write_all(bytes).unwrap();
        enc.finish().unwrap();
    };
    gzip("games.gz", b"(;GM[1]SZ[9];B[ee])(;GM[1]SZ[9];B[dd])");
    gzip("app.log.gz", b"12:00 started\n");
    // `(;` within text opens no game
    gzip("prog.c.gz", b"int main() { for(;;) {} }\n");
    gzip("data.json.gz", b"{\"a\": \"(;\"}\n");
    // a FIFO is not opened (it would wait for a writer)
    #[cfg(unix)]
    {
        let fifo = dir.path().join("pipe.gz");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()));
    }
    let mut tar = tar::Builder::new(Vec::new());
    for name in ["a.sgf", "b.sgf"] {
        let mut header = tar::Header::new_gnu();
        header.set_size(14);
        header.set_mode(0o644);
        header.set_cksum();
        tar.append_data(&mut header, name, &b"(;SZ[9];B[aa])"[..])
            .unwrap();
    }
    gzip("pack.gz", &tar.into_inner().unwrap());
    let mut skipped = Skipped::new();
    let inputs = [dir.path().to_path_buf()];
    let out = super::expand::expand_inputs_noting(&inputs, 1 << 20, &mut skipped);
    let mut names: Vec<String> = out
        .iter()
        .map(|e| {
            let path = e.as_ref().unwrap().path().unwrap();
            path.file_name().unwrap().to_string_lossy().into_owned()
        })
        .collect();
    names.sort();
    assert_eq!(names, ["games.gz", "pack.gz"]);
    assert_eq!(skipped.get(".gz"), Some(&if cfg!(unix) { 4 } else { 3 }));
    let mut items = Vec::new();
    read_all(&out, 1 << 20, &mut |item| {
        items.push((item.member, item.data.is_ok()));
        true
    });
    assert_eq!(items.len(), 3, "{items:?}");
    assert!(items.iter().all(|(_, ok)| *ok));
    // the progress total counts the tar's members, as they are read
    assert_eq!(super::count_items(&out), 3);
}

/// Standard input on a terminal: each chunk one read, then one end of input (Ctrl-D), then
/// the next chunk.
struct Terminal(Vec<Vec<u8>>);

impl std::io::Read for Terminal {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some(chunk) = self.0.first_mut() else {
            return Ok(0);
        };
        if chunk.is_empty() {
            self.0.remove(0);
            return Ok(0);
        }
        let n = chunk.len().min(buf.len());
        buf[..n].copy_from_slice(&chunk[..n]);
        chunk.drain(..n);
        Ok(n)
    }
}
