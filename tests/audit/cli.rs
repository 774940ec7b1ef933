//! The command line as a demanding user meets it: odd file names, a closed stderr, an output
//! named like an input, an absurd thread count. Each ends with the documented exit status
//! (0 read, 1 some unreadable, 2 fatal) and never with a panic (101).

use crate::common::parquet_strings;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const GAME: &str = "(;GM[1]FF[4]SZ[9]KM[7.5]RE[B+3.5];B[ee];W[cc];B[gg];W[];B[])";

fn kifu(args: &[&std::ffi::OsStr], stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kifu-audit"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        if let Some(bytes) = stdin {
            input.write_all(bytes).unwrap();
        }
    }
    child.wait_with_output().unwrap()
}

fn os(s: &str) -> &std::ffi::OsStr {
    s.as_ref()
}

fn rows(parquet: &Path) -> usize {
    let file = std::fs::File::open(parquet).unwrap();
    let reader = parquet::file::reader::SerializedFileReader::new(file).unwrap();
    parquet::file::reader::FileReader::metadata(&reader)
        .file_metadata()
        .num_rows() as usize
}

/// The value of `key` in the footer's key-value metadata.
fn footer(parquet: &Path, key: &str) -> Option<String> {
    let file = std::fs::File::open(parquet).unwrap();
    let reader = parquet::file::reader::SerializedFileReader::new(file).unwrap();
    let meta = parquet::file::reader::FileReader::metadata(&reader).file_metadata();
    let kv = meta.key_value_metadata()?.iter().find(|kv| kv.key == key)?;
    kv.value.clone()
}

/// A temporary directory holding `GAME` as `game.sgf`.
fn game_file() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("game.sgf");
    std::fs::write(&input, GAME).unwrap();
    (dir, input)
}

/// Exit status 0 (every game read), else the run's stderr in the failure.
fn assert_all_read(o: &Output) {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[cfg(unix)]
#[test]
fn file_names_that_are_not_utf8_are_read_and_written() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join(std::ffi::OsStr::from_bytes(b"bad\xff.sgf"));
    std::fs::write(&input, GAME).unwrap();
    let out = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"out\xff.parquet"));
    let o = kifu(
        &[
            os("scan"),
            os("--quiet"),
            input.as_os_str(),
            os("-o"),
            out.as_os_str(),
        ],
        None,
    );
    assert_all_read(&o);
    assert_eq!(rows(&out), 1);
    // the same name in a list on standard input, between two others: all three are read
    let good = dir.path().join("good.sgf");
    std::fs::write(&good, GAME).unwrap();
    let other = dir.path().join("other.sgf");
    std::fs::write(&other, GAME).unwrap();
    let mut list = Vec::new();
    for p in [&good, &input, &other] {
        list.extend_from_slice(p.as_os_str().as_bytes());
        list.push(b'\n');
    }
    let out2 = dir.path().join("list.parquet");
    let o = kifu(
        &[
            os("scan"),
            os("--quiet"),
            os("-"),
            os("-o"),
            out2.as_os_str(),
        ],
        Some(&list),
    );
    assert_all_read(&o);
    assert_eq!(rows(&out2), 3);
}

#[test]
fn a_closed_stderr_is_not_an_error() {
    let (dir, input) = game_file();
    let out = dir.path().join("out.parquet");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kifu-audit"));
    cmd.arg("scan").arg(&input).arg("-o").arg(&out);
    cmd.stdout(Stdio::null()).stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    // the reader of stderr goes away before the summary is written
    drop(child.stderr.take());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert_eq!(rows(&out), 1);
}

/// An input named as the output (a file without an input's ending, read as SGF because it
/// is named on the command line) is refused, and kept.
#[test]
fn an_output_that_is_an_input_is_refused_and_the_input_kept() {
    let (dir, sgf) = game_file();
    let input = dir.path().join("game");
    std::fs::rename(&sgf, &input).unwrap();
    let o = kifu(
        &[os("scan"), input.as_os_str(), os("-o"), input.as_os_str()],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("is also an input"));
    assert_eq!(std::fs::read_to_string(&input).unwrap(), GAME);
}

/// `scan DIR -o DIR/new.sgf` would write Parquet under a game record's name, which the next
/// scan of DIR reads as a broken record (and the same command then refuses as an input): an
/// output named like a game record, an archive or a split file's volume is refused up front,
/// and nothing is written.
#[test]
fn an_output_named_like_a_game_record_or_archive_is_refused() {
    let (dir, input) = game_file();
    for (name, what) in [
        ("new.sgf", "a game record"),
        ("new.GIB", "a game record"),
        ("new.zip", "an archive"),
        ("new.sgf.gz", "a compressed file"),
        ("new.zip.001", "a volume of a split file"),
        ("new.r00", "a volume of a split file"),
    ] {
        let out = dir.path().join(name);
        let o = kifu(
            &[os("scan"), input.as_os_str(), os("-o"), out.as_os_str()],
            None,
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains(what) && err.contains("new.parquet"),
            "{name}: {err}"
        );
        assert!(!out.exists(), "{name}");
    }
    assert_eq!(std::fs::read_to_string(&input).unwrap(), GAME);
}

/// A typo in an input path is named on screen (the summary's `unreadable` line), not only in
/// the file's `io_error` row, and the other inputs are read (exit 1); an output in a
/// directory that does not exist is fatal (exit 2) and says so, naming the user's path, not
/// the hidden temporary file.
#[test]
fn a_missing_input_and_a_missing_output_directory_are_named() {
    let (dir, input) = game_file();
    let missing = dir.path().join("typo.sgf");
    let out = dir.path().join("out.parquet");
    let o = kifu(
        &[
            os("scan"),
            missing.as_os_str(),
            input.as_os_str(),
            os("-o"),
            out.as_os_str(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&o.stderr);
    let named = format!("unreadable: {}: ", missing.display());
    assert!(stderr.contains(&named), "{stderr}");
    assert!(
        stderr.contains("2 games: 1 ok, 0 recovered, 1 error"),
        "{stderr}"
    );
    assert_eq!(rows(&out), 2);
    // a name holding a newline stays on the summary's one line, the newline escaped
    let odd = dir.path().join("typo\nrest.sgf");
    let o = kifu(
        &[
            os("scan"),
            odd.as_os_str(),
            input.as_os_str(),
            os("-o"),
            out.as_os_str(),
        ],
        None,
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    let line = stderr.lines().find(|l| l.contains("unreadable:")).unwrap();
    assert!(line.contains("typo\\nrest.sgf"), "{stderr}");
    assert!(
        !stderr.lines().any(|l| l.starts_with("rest.sgf")),
        "{stderr}"
    );
    // one game: "game", not "games"
    let o = kifu(
        &[os("scan"), input.as_os_str(), os("-o"), out.as_os_str()],
        None,
    );
    assert_all_read(&o);
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("1 game: 1 ok"));
    let nowhere = dir.path().join("no-such-dir").join("out.parquet");
    let o = kifu(
        &[os("scan"), input.as_os_str(), os("-o"), nowhere.as_os_str()],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains(&format!("cannot write {}", nowhere.display()))
            && stderr.contains("does not exist"),
        "{stderr}"
    );
    // `explain --svg` says so before it explains the game, as of a directory named
    let nowhere = dir.path().join("no-such-dir").join("game.svg");
    for (svg, said) in [
        (nowhere.as_os_str(), "does not exist"),
        (dir.path().as_os_str(), "is a directory"),
    ] {
        let o = kifu(&[os("explain"), input.as_os_str(), os("--svg"), svg], None);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            o.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&o.stdout)
        );
        assert!(String::from_utf8_lossy(&o.stderr).contains(said));
    }
}

#[test]
fn an_absurd_thread_count_is_refused_at_once() {
    let (dir, input) = game_file();
    let out = dir.path().join("out.parquet");
    let o = kifu(
        &[
            os("scan"),
            input.as_os_str(),
            os("--threads"),
            os("100000"),
            os("-o"),
            out.as_os_str(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(!out.exists());
}

/// A limit of 0 bytes or nodes would refuse every game: refused itself, before anything is
/// read or written.
#[test]
fn a_zero_limit_is_refused_at_once() {
    let (dir, input) = game_file();
    let out = dir.path().join("out.parquet");
    for flag in ["--max-nodes", "--max-game-bytes", "--max-file-bytes"] {
        let o = kifu(
            &[
                os("scan"),
                input.as_os_str(),
                os(flag),
                os("0"),
                os("-o"),
                out.as_os_str(),
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(2), "{flag}");
        assert!(!out.exists(), "{flag}");
        let o = kifu(&[os("explain"), input.as_os_str(), os(flag), os("0")], None);
        assert_eq!(o.status.code(), Some(2), "explain {flag}");
    }
}

/// `--password` (repeated) and `--password-file` open an encrypted archive; the file's
/// recorded command line keeps the options but never a password, and a password file that
/// cannot be read is a fatal error (status 2) naming it.
#[test]
fn passwords_open_encrypted_archives_and_stay_out_of_the_file() {
    let zip = crate::common::repo().join("tests/fixtures/archives/games-aes.zip");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.parquet");
    let list = dir.path().join("passwords.txt");
    std::fs::write(&list, "wrong-one\r\n\nkifu\n").unwrap();
    let o = kifu(
        &[
            os("scan"),
            zip.as_os_str(),
            os("--quiet"),
            os("--password"),
            os("nope"),
            os("--password=also-wrong"),
            os("--password-file"),
            list.as_os_str(),
            os("-o"),
            out.as_os_str(),
        ],
        None,
    );
    assert_all_read(&o);
    assert_eq!(rows(&out), 10);
    let file = std::fs::File::open(&out).unwrap();
    let reader = parquet::file::reader::SerializedFileReader::new(file).unwrap();
    let meta = parquet::file::reader::FileReader::metadata(&reader).file_metadata();
    let recorded: Vec<String> = meta
        .key_value_metadata()
        .unwrap()
        .iter()
        .filter_map(|kv| kv.value.clone())
        .collect();
    let command = recorded
        .iter()
        .find(|v| v.starts_with("kifu-audit") || v.contains(" scan "))
        .unwrap();
    assert!(
        command.contains("--password (hidden) --password=(hidden) --password-file"),
        "{command}"
    );
    let words: Vec<&str> = recorded
        .iter()
        .flat_map(|v| v.split(|c: char| c.is_whitespace() || c == '=' || c == '"'))
        .collect();
    for secret in ["nope", "also-wrong", "kifu", "wrong-one"] {
        assert!(!words.contains(&secret), "{secret} recorded: {recorded:?}");
    }
    // without a password: every game a row saying one is needed (status 1)
    let o = kifu(
        &[
            os("scan"),
            zip.as_os_str(),
            os("-q"),
            os("-o"),
            out.as_os_str(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    // a password file that cannot be read: fatal
    let missing = dir.path().join("no-such-file.txt");
    let o = kifu(
        &[
            os("scan"),
            zip.as_os_str(),
            os("--password-file"),
            missing.as_os_str(),
            os("-o"),
            out.as_os_str(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no-such-file.txt"));
}

/// What `-` reads when standard input is a game record or an archive: itself. SGF text (after a
/// byte-order mark and blank lines), a zip (the rows of the same zip read from disk, but for
/// `source`, which is `-`), a gzip stream; more than `--max-file-bytes` is an error row, and
/// `explain -::MEMBER` reads a member of an archive piped in. Anything else is a list of paths,
/// even a path that begins with `(`.
#[test]
fn a_record_or_an_archive_piped_in_is_read_as_itself() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.parquet");
    let scan_stdin = |stdin: &[u8], extra: &[&str]| {
        let mut args = vec![os("scan"), os("-q"), os("-"), os("-o"), out.as_os_str()];
        args.extend(extra.iter().map(|a| os(a)));
        kifu(&args, Some(stdin))
    };
    let text = |v: &[&str]| v.iter().map(|s| Some(s.to_string())).collect::<Vec<_>>();

    assert_all_read(&scan_stdin(format!("\u{feff}\n  {GAME}").as_bytes(), &[]));
    assert_eq!(parquet_strings(&out, "source"), text(&["-"]));
    assert_eq!(parquet_strings(&out, "result_raw"), text(&["B+3.5"]));

    let zip_path = dir.path().join("two.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
    for (name, game) in [("a.sgf", GAME), ("b/c.sgf", "(;SZ[9]RE[W+R];B[cc];W[gg])")] {
        zip.start_file(name, zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(game.as_bytes()).unwrap();
    }
    zip.finish().unwrap();
    let zip_bytes = std::fs::read(&zip_path).unwrap();
    assert_all_read(&scan_stdin(&zip_bytes, &[]));
    assert_eq!(parquet_strings(&out, "source"), text(&["-", "-"]));
    let piped = batch_without_source(&out);
    let from_disk = dir.path().join("disk.parquet");
    assert_all_read(&kifu(
        &[
            os("scan"),
            zip_path.as_os_str(),
            os("-o"),
            from_disk.as_os_str(),
        ],
        None,
    ));
    assert_eq!(piped, batch_without_source(&from_disk));
    assert_eq!(parquet_strings(&out, "member"), text(&["a.sgf", "b/c.sgf"]));

    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(GAME.as_bytes()).unwrap();
    assert_all_read(&scan_stdin(&gz.finish().unwrap(), &[]));
    assert_eq!(parquet_strings(&out, "result_raw"), text(&["B+3.5"]));

    let o = scan_stdin(&zip_bytes, &["--max-file-bytes", "100"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        parquet_strings(&out, "error_kind"),
        text(&["file_too_large"])
    );
    assert_eq!(parquet_strings(&out, "source"), text(&["-"]));

    let o = kifu(&[os("explain"), os("-::b/c.sgf")], Some(&zip_bytes));
    assert_all_read(&o);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.starts_with("game:      -::b/c.sgf game 0"),
        "{stdout}"
    );
    assert!(stdout.contains("result:    W+R"), "{stdout}");

    let odd = dir.path().join("(1) game.sgf");
    std::fs::write(&odd, GAME).unwrap();
    let list = format!("{}\n", odd.display());
    assert_all_read(&scan_stdin(list.as_bytes(), &[]));
    assert_eq!(
        parquet_strings(&out, "source"),
        text(&[&odd.display().to_string()])
    );
}

/// Every row of a small Parquet file (one batch) but its `source` column.
fn batch_without_source(path: &Path) -> arrow_array::RecordBatch {
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    let file = std::fs::File::open(path).unwrap();
    let mut batches: Vec<_> = ParquetRecordBatchReaderBuilder::try_new(file)
        .unwrap()
        .build()
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(batches.len(), 1);
    let mut batch = batches.remove(0);
    let source = batch.schema().index_of("source").unwrap();
    batch.remove_column(source);
    batch
}

/// A typo in the only input, inputs that hold no game (an empty directory), or none that
/// can be read (a typo beside an empty directory, a list of missing paths on standard input:
/// these wrote a file of `io_error` rows over the good one, status 1) are fatal (status 2): a
/// good output from an earlier run is left as it was, not replaced by an empty file.
/// `--limit 0` still writes the schema alone, on purpose. Such a run prints its error alone,
/// not a summary of rows it did not write.
#[test]
fn a_typo_or_an_empty_directory_leaves_the_previous_output() {
    let (dir, input) = game_file();
    let out = dir.path().join("out.parquet");
    assert_all_read(&kifu(
        &[os("scan"), input.as_os_str(), os("-o"), out.as_os_str()],
        None,
    ));
    let good = std::fs::read(&out).unwrap();
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let typo = dir.path().join("gmae.sgf");
    for (input, says) in [
        (&typo, "no input can be read"),
        (&empty, "the inputs hold no game record"),
    ] {
        let o = kifu(
            &[os("scan"), input.as_os_str(), os("-o"), out.as_os_str()],
            None,
        );
        assert_eq!(o.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(stderr.contains(says), "{stderr}");
        // the error alone: no summary of rows that were never written
        assert!(stderr.starts_with("kifu-audit: error:"), "{stderr}");
        assert_eq!(std::fs::read(&out).unwrap(), good, "{says}");
    }
    let listed = format!(
        "{}\n{}\n",
        typo.display(),
        dir.path().join("other.sgf").display()
    );
    for (args, stdin) in [
        (&[typo.as_os_str(), empty.as_os_str()][..], None),
        (&[os("-")], Some(listed.as_bytes())),
        // a `--limit` that stopped nothing
        (&[os("-"), os("--limit"), os("2")], Some(listed.as_bytes())),
    ] {
        let o = kifu(
            &[&[os("scan")], args, &[os("-o"), out.as_os_str()]].concat(),
            stdin,
        );
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(stderr.contains("no input can be read: "), "{stderr}");
        assert!(stderr.contains("gmae.sgf"), "{stderr}");
        assert_eq!(std::fs::read(&out).unwrap(), good, "{args:?}");
    }
    // an empty pipe (a command that failed: `<(zcat missing.gz)`) holds no game, as empty
    // standard input
    let o = kifu(
        &[os("scan"), os("/dev/stdin"), os("-o"), out.as_os_str()],
        Some(b""),
    );
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert_eq!(std::fs::read(&out).unwrap(), good);
    // not fatal: a compressed record cut short (the file was read: the game the cut falls in,
    // and the cut's row), and a run that `--limit` stopped at a typo before a readable input
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, GAME.repeat(50).as_bytes()).unwrap();
    let damaged = dir.path().join("damaged.sgf.gz");
    std::fs::write(&damaged, &gz.finish().unwrap()[..40]).unwrap();
    for (args, n) in [
        (&[damaged.as_os_str()][..], 2),
        (
            &[typo.as_os_str(), input.as_os_str(), os("--limit"), os("1")],
            1,
        ),
    ] {
        let o = kifu(
            &[&[os("scan")], args, &[os("-o"), out.as_os_str()]].concat(),
            None,
        );
        assert_eq!(o.status.code(), Some(1), "{args:?}: {o:?}");
        assert_eq!(rows(&out), n, "{args:?}");
    }
    let o = kifu(
        &[
            os("scan"),
            empty.as_os_str(),
            os("--limit"),
            os("0"),
            os("-o"),
            out.as_os_str(),
        ],
        None,
    );
    assert_all_read(&o);
    assert_eq!(rows(&out), 0);
}

/// A file named twice, or inside a directory also named, is read once and the summary says
/// so; an output that is a file inside a scanned directory is refused before anything is
/// written.
#[test]
fn a_file_named_twice_is_read_once_and_an_input_is_never_the_output() {
    let (dir, input) = game_file();
    let out = dir.path().join("out.parquet");
    let o = kifu(
        &[
            os("scan"),
            dir.path().as_os_str(),
            input.as_os_str(),
            input.as_os_str(),
            os("-o"),
            out.as_os_str(),
        ],
        None,
    );
    assert_all_read(&o);
    assert_eq!(rows(&out), 1);
    assert!(String::from_utf8_lossy(&o.stderr)
        .contains("read once: 2 files the inputs name more than once"));
    // files read once are no files passed over (they were counted there, by a key of theirs)
    let key = kifu_audit::pipeline::PASSED_OVER_KEY;
    assert_eq!(footer(&out, key).as_deref(), Some("{}"));
    let o = kifu(
        &[
            os("scan"),
            dir.path().as_os_str(),
            os("-o"),
            input.as_os_str(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&input).unwrap(), GAME);
    // a link beside the file it names, sorting first: read once, under the file's own name
    #[cfg(unix)]
    {
        let linked = tempfile::tempdir().unwrap();
        let file = linked.path().join("z.sgf");
        std::fs::write(&file, GAME).unwrap();
        std::os::unix::fs::symlink("z.sgf", linked.path().join("a-link.sgf")).unwrap();
        let o = kifu(
            &[
                os("scan"),
                linked.path().as_os_str(),
                os("-o"),
                out.as_os_str(),
            ],
            None,
        );
        assert_all_read(&o);
        assert_eq!(rows(&out), 1);
        let sources = parquet_strings(&out, "source");
        assert_eq!(sources, [Some(file.display().to_string())]);
        // a hard link is the same file under another name: read once, under the first name
        let hard = tempfile::tempdir().unwrap();
        let (a, b) = (hard.path().join("a.sgf"), hard.path().join("b.sgf"));
        std::fs::write(&b, GAME).unwrap();
        std::fs::hard_link(&b, &a).unwrap();
        let o = kifu(
            &[
                os("scan"),
                hard.path().as_os_str(),
                os("-o"),
                out.as_os_str(),
            ],
            None,
        );
        assert_all_read(&o);
        assert_eq!(
            parquet_strings(&out, "source"),
            [Some(a.display().to_string())]
        );
        assert!(String::from_utf8_lossy(&o.stderr).contains("read once: 1 file "));
    }
    // standard input named twice is read once, and said so
    let o = kifu(
        &[os("scan"), os("-"), os("-"), os("-o"), out.as_os_str()],
        Some(GAME.as_bytes()),
    );
    assert_all_read(&o);
    assert_eq!(rows(&out), 1);
    assert!(String::from_utf8_lossy(&o.stderr).contains("read once: 1 file "));
}

/// `-o -` writes the Parquet file to standard output; a named pipe is written in place and
/// stays a pipe (a device such as /dev/null likewise); a symbolic link is followed, the link
/// kept and the file it names replaced, or made.
#[cfg(unix)]
#[test]
fn standard_output_pipes_and_links_are_written_through() {
    use std::os::unix::fs::FileTypeExt;
    let (dir, input) = game_file();
    let o = kifu(&[os("scan"), input.as_os_str(), os("-o"), os("-")], None);
    assert_all_read(&o);
    assert!(o.stdout.starts_with(b"PAR1") && o.stdout.ends_with(b"PAR1"));
    assert!(!Path::new("-").exists());
    // the same by the device's name: a link to a pipe that has no path, written as itself
    let o = kifu(
        &[os("scan"), input.as_os_str(), os("-o"), os("/dev/stdout")],
        None,
    );
    assert_all_read(&o);
    assert!(o.stdout.starts_with(b"PAR1") && o.stdout.ends_with(b"PAR1"));

    let fifo = dir.path().join("pipe.parquet");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    assert_all_read(&kifu(
        &[os("scan"), input.as_os_str(), os("-o"), fifo.as_os_str()],
        None,
    ));
    let bytes = reader.join().unwrap();
    assert!(bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"));
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());

    let real = dir.path().join("real.parquet");
    std::fs::write(&real, b"old").unwrap();
    let link = dir.path().join("link.parquet");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    assert_all_read(&kifu(
        &[os("scan"), input.as_os_str(), os("-o"), link.as_os_str()],
        None,
    ));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(rows(&real), 1);
    // a link to a file not made yet, by a relative path: the file is made, the link kept (it
    // was replaced by the file)
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let dangling = dir.path().join("dangling.parquet");
    std::os::unix::fs::symlink("sub/made.parquet", &dangling).unwrap();
    assert_all_read(&kifu(
        &[
            os("scan"),
            input.as_os_str(),
            os("-o"),
            dangling.as_os_str(),
        ],
        None,
    ));
    assert!(std::fs::symlink_metadata(&dangling)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(rows(&dir.path().join("sub/made.parquet")), 1);
}

/// An output named innocently but linked to a record elsewhere (`out.parquet` → `v2/game.sgf`)
/// is written through its link: refused as the record's own name is, by both commands, the
/// record left as it was.
#[cfg(unix)]
#[test]
fn an_output_linked_to_a_record_is_refused() {
    let (dir, game) = game_file();
    let inputs = tempfile::tempdir().unwrap();
    let other = inputs.path().join("other.sgf");
    std::fs::write(&other, GAME).unwrap();
    for (name, args) in [
        ("out.parquet", ["scan", "-q", "-o"]),
        ("pic.svg", ["explain", "--game", "0"]),
    ] {
        let link = dir.path().join(name);
        std::os::unix::fs::symlink(&game, &link).unwrap();
        let mut argv = vec![os(args[0]), other.as_os_str()];
        argv.extend(args[1..].iter().map(|a| os(a)));
        if args[0] == "explain" {
            argv.push(os("--svg"));
        }
        argv.push(link.as_os_str());
        let o = kifu(&argv, None);
        assert_eq!(o.status.code(), Some(2), "{argv:?}");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(
            stderr.contains("links to") && stderr.contains("would be written there"),
            "{stderr}"
        );
        assert_eq!(std::fs::read_to_string(&game).unwrap(), GAME);
    }
}

/// Neither `scan -o` nor `explain --svg` writes over an input that is not the path named: a
/// later volume of a split archive read from its first, or a record of a directory read.
/// Each was replaced (status 1 or 0); each is now refused with status 2, the file as it was
/// (by the name alone when it ends like an input:
/// `an_output_named_like_a_game_record_or_archive_is_refused`).
#[test]
fn outputs_over_a_volume_or_a_record_in_a_directory_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let volumes = dir.path().join("volumes");
    std::fs::create_dir(&volumes).unwrap();
    let zip = std::fs::read(crate::common::repo().join("data-samples/archives/samples.zip"));
    let zip = zip.unwrap();
    let mut names = Vec::new();
    for (k, part) in zip.chunks(zip.len() / 3 + 1).enumerate() {
        let path = volumes.join(format!("samples.zip.{:03}", k + 1));
        std::fs::write(&path, part).unwrap();
        names.push(path);
    }
    let (games, game) = game_file();
    let first = names[0].as_os_str();
    let cases: [&[&std::ffi::OsStr]; 5] = [
        &[os("scan"), first, os("-o"), names[1].as_os_str()],
        &[
            os("scan"),
            volumes.as_os_str(),
            os("-o"),
            names[2].as_os_str(),
        ],
        &[os("explain"), first, os("--svg"), names[2].as_os_str()],
        &[
            os("explain"),
            games.path().as_os_str(),
            os("--svg"),
            game.as_os_str(),
        ],
        &[
            os("scan"),
            games.path().as_os_str(),
            os("-o"),
            game.as_os_str(),
        ],
    ];
    for args in cases {
        let o = kifu(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&o.stderr);
        // both refuse these names before they read anything: they end like inputs
        assert!(stderr.contains("is named like"), "{args:?}: {stderr}");
    }
    // a file named as the input whatever its name: `explain --svg` names the input it
    // would replace
    let text = games.path().join("game.txt");
    std::fs::write(&text, GAME).unwrap();
    let o = kifu(
        &[
            os("explain"),
            text.as_os_str(),
            os("--svg"),
            text.as_os_str(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("would replace the input"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&text).unwrap(), GAME);
    for (k, part) in zip.chunks(zip.len() / 3 + 1).enumerate() {
        assert_eq!(std::fs::read(&names[k]).unwrap(), part);
    }
    assert_eq!(std::fs::read_to_string(&game).unwrap(), GAME);
    // a volume that is a link to a file elsewhere (by the link, or by the file), and a
    // record listed on standard input: refused too
    #[cfg(unix)]
    {
        let linked = dir.path().join("linked");
        std::fs::create_dir(&linked).unwrap();
        std::fs::copy(&names[0], linked.join("games.zip.001")).unwrap();
        std::fs::copy(&names[1], linked.join("games.zip.002")).unwrap();
        std::os::unix::fs::symlink(&names[2], linked.join("games.zip.003")).unwrap();
        let first = linked.join("games.zip.001");
        for target in [linked.join("games.zip.003"), names[2].clone()] {
            let o = kifu(
                &[os("scan"), first.as_os_str(), os("-o"), target.as_os_str()],
                None,
            );
            assert_eq!(o.status.code(), Some(2), "{}", target.display());
        }
        let listed = format!("{}\n", game.display());
        let o = kifu(
            &[os("explain"), os("-"), os("--svg"), game.as_os_str()],
            Some(listed.as_bytes()),
        );
        assert_eq!(o.status.code(), Some(2), "{o:?}");
        assert_eq!(
            std::fs::read(&names[2]).unwrap(),
            zip.chunks(zip.len() / 3 + 1).nth(2).unwrap()
        );
        assert_eq!(std::fs::read_to_string(&game).unwrap(), GAME);
    }
    // the set is read whole from its first volume all the same
    let out = dir.path().join("games.parquet");
    let o = kifu(&[os("scan"), first, os("-o"), out.as_os_str()], None);
    assert_eq!(o.status.code(), Some(1), "{o:?}"); // the sample zip's bad/ members
    assert_eq!(rows(&out), 8);
}

/// A pipe a shell names as an input (`scan <(zcat games.sgf.gz)`, here `/dev/stdin` on a
/// pipe: a link to a pipe that has no path) is read whole, as standard input's bytes are,
/// its path the rows' `source`: it was an `io_error` row, "not a regular file". A named pipe
/// (`mkfifo`) is still such a row, named or found walking a directory: it might have no
/// writer (`hostile::fifos_and_symlink_loops_do_not_hang_or_stop_the_run`).
#[cfg(unix)]
#[test]
fn a_pipe_a_shell_names_is_read() {
    let (dir, _game) = game_file();
    let out = dir.path().join("out.parquet");
    let o = kifu(
        &[os("scan"), os("/dev/stdin"), os("-o"), out.as_os_str()],
        Some(GAME.as_bytes()),
    );
    assert_all_read(&o);
    assert_eq!(
        parquet_strings(&out, "source"),
        [Some("/dev/stdin".to_string())]
    );
    // a named pipe, with a writer waiting, named and in the directory walked: error rows,
    // never opened
    let fifo = dir.path().join("pipe.sgf");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let o = kifu(
        &[
            os("scan"),
            fifo.as_os_str(),
            dir.path().as_os_str(),
            os("-o"),
            out.as_os_str(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a regular file"));
    assert_eq!(rows(&out), 2, "the pipe once (named twice), and game.sgf");
    // a named pipe whose full path cannot be resolved (the working directory deleted): still
    // no anonymous pipe, never opened (it hung, waiting for a writer)
    let gone = dir.path().join("gone");
    std::fs::create_dir(&gone).unwrap();
    let script = format!(
        "cd {} && rmdir ../gone && exec timeout -s KILL 60 {} scan -q ../pipe.sgf -o ../o.parquet",
        gone.display(),
        env!("CARGO_BIN_EXE_kifu-audit")
    );
    let o = Command::new("sh").args(["-c", &script]).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a regular file"));
}

/// `-o -` into a pipe its reader has closed (`| head -c 100`): no error and no message, as
/// `--help` says, whether the pipe closes before the first row group or at the footer. The
/// flush's error kept its text only, and the scan ended with status 2.
#[test]
fn a_closed_pipe_on_standard_output_is_no_error() {
    let (_dir, input) = game_file();
    let samples = crate::common::repo().join("data-samples/games");
    for inputs in [vec![input.as_os_str()], vec![samples.as_os_str()]] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let o = Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
            .arg("scan")
            .args(&inputs)
            .args(["-q", "-o", "-"])
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{o:?}");
        assert!(
            o.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

/// `explain` names a file it cannot read (status 2), and will not write its picture over
/// its own input.
#[test]
fn explain_refuses_a_missing_file_and_an_svg_over_its_input() {
    let (dir, input) = game_file();
    let missing = dir.path().join("nothing.sgf");
    let o = kifu(&[os("explain"), missing.as_os_str()], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read"));
    let o = kifu(
        &[
            os("explain"),
            input.as_os_str(),
            os("--svg"),
            input.as_os_str(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&input).unwrap(), GAME);
}
