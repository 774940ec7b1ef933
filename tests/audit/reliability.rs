//! Reliability (issue 6): limits that turn oversized input into clear error rows while memory
//! stays bounded (huge games, decompression bombs, node counts, boards over 25), a scan killed
//! with SIGKILL that leaves the previous output intact, paths that cannot be read (permissions,
//! dangling symlinks, FIFOs found while walking, devices, broken archives) that become rows
//! while the run goes on, and the regression inputs found by fuzzing (`fuzz/README.md`).

use crate::common::{corpus, options, parquet_strings, repo};
use kifu_audit::output::GameRow;
use kifu_audit::pipeline::{audit_paths, GameOptions};
use kifu_audit::sgf::{ingest_bytes, ErrorKind, Limits, Status};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn limits(max_file_bytes: u64, max_game_bytes: usize, max_nodes: usize) -> GameOptions {
    GameOptions {
        limits: Limits {
            max_file_bytes,
            max_game_bytes,
            max_nodes,
        },
        ..options()
    }
}

fn message(row: &GameRow) -> &str {
    row.ingest.error_message.as_deref().unwrap_or("")
}

/// The row is an `archive_error` whose message says `what`.
fn assert_archive_error(row: &GameRow, what: &str) {
    assert_eq!(row.ingest.error_kind, Some(ErrorKind::ArchiveError));
    assert!(message(row).contains(what), "{}", message(row));
}

fn kinds(rows: &[GameRow]) -> Vec<Option<ErrorKind>> {
    rows.iter().map(|r| r.ingest.error_kind).collect()
}

// ---------------------------------------------------------------------------------------------
// Limits.

#[test]
fn the_default_limits_are_documented_values() {
    let d = Limits::default();
    assert_eq!(d.max_game_bytes, 16 << 20, "16 MiB per game");
    assert_eq!(d.max_file_bytes, 256 << 20, "256 MiB per file or member");
    assert_eq!(d.max_nodes, 1_000_000);
}

#[test]
fn a_game_over_16_mib_is_an_error_row_and_the_next_game_is_read() {
    let mut text = String::with_capacity(17 << 20);
    text.push_str("(;SZ[9]C[");
    text.extend(std::iter::repeat_n('x', 16 << 20));
    text.push_str("];B[aa])\n(;SZ[9];B[ee])");
    let rows = ingest_bytes(text.as_bytes(), &Limits::default());
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].error_kind, Some(ErrorKind::GameTooLarge));
    let m = rows[0].error_message.as_deref().unwrap();
    assert!(
        m.contains("game at byte 0") && m.contains("--max-game-bytes"),
        "{m}"
    );
    assert_eq!(rows[1].status, Status::Ok);
}

fn write_zip(path: &Path, members: &[(&str, &[u8], usize)]) {
    use zip::write::SimpleFileOptions;
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let opts = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(1))
        .large_file(true);
    for (name, chunk, repeat) in members {
        zip.start_file(*name, opts).unwrap();
        for _ in 0..*repeat {
            zip.write_all(chunk).unwrap();
        }
    }
    zip.finish().unwrap();
}

/// A zip whose first member's deflate stream is damaged in the middle, then a stored (not
/// deflated) member, then an ordinary one: the damage is an error row naming the member, and
/// the members after it are read, whichever way they are compressed.
#[test]
fn a_damaged_zip_member_is_an_error_row_and_the_next_members_are_read() {
    use zip::write::SimpleFileOptions;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.zip");
    let game: Vec<u8> = b"(;SZ[19]C[a longer comment so the stream has some length]"
        .iter()
        .chain(b";B[pd];W[dp];B[pp];W[dd];B[fc];W[cf])".iter())
        .copied()
        .collect();
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
    let deflated =
        SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    zip.start_file("a.sgf", deflated).unwrap();
    zip.write_all(&game).unwrap();
    zip.start_file(
        "b.sgf",
        deflated.compression_method(zip::CompressionMethod::Stored),
    )
    .unwrap();
    zip.write_all(GAME).unwrap();
    zip.start_file("c.sgf", deflated).unwrap();
    zip.write_all(GAME).unwrap();
    zip.finish().unwrap();
    // a.sgf's data follows its 30-byte local header, name and extra field
    let mut bytes = std::fs::read(&path).unwrap();
    let name_len = u16::from_le_bytes([bytes[26], bytes[27]]) as usize;
    let extra_len = u16::from_le_bytes([bytes[28], bytes[29]]) as usize;
    let packed = u32::from_le_bytes(bytes[18..22].try_into().unwrap()) as usize;
    bytes[30 + name_len + extra_len + packed / 2] ^= 0x55;
    std::fs::write(&path, &bytes).unwrap();
    let rows = audit_paths(&[path], &options(), 1).unwrap();
    let got: Vec<_> = rows
        .iter()
        .map(|r| (r.member.as_deref().unwrap_or(""), r.ingest.error_kind))
        .collect();
    assert_eq!(
        got,
        [
            ("a.sgf", Some(ErrorKind::ArchiveError)),
            ("b.sgf", None),
            ("c.sgf", None)
        ]
    );
    assert!(
        message(&rows[0]).contains("damaged.zip::a.sgf"),
        "{}",
        message(&rows[0])
    );
}

fn write_gz(path: &Path, chunk: &[u8], repeat: usize) {
    let mut enc = flate2::write::GzEncoder::new(
        std::fs::File::create(path).unwrap(),
        flate2::Compression::fast(),
    );
    for _ in 0..repeat {
        enc.write_all(chunk).unwrap();
    }
    enc.finish().unwrap();
}

fn write_tar_gz(path: &Path, members: &[(&str, &[u8], usize)]) {
    let enc = flate2::write::GzEncoder::new(
        std::fs::File::create(path).unwrap(),
        flate2::Compression::fast(),
    );
    let mut tar = tar::Builder::new(enc);
    for (name, chunk, repeat) in members {
        let mut header = tar::Header::new_gnu();
        header.set_size((chunk.len() * repeat) as u64);
        header.set_mode(0o644);
        header.set_cksum();
        tar.append_data(&mut header, name, RepeatChunk(chunk, *repeat, 0))
            .unwrap();
    }
    tar.into_inner().unwrap().finish().unwrap();
}

/// A reader of `chunk` repeated `n` times (a bomb without holding it in memory).
struct RepeatChunk<'a>(&'a [u8], usize, usize);

impl Read for RepeatChunk<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let total = self.0.len() * self.1;
        if self.2 >= total {
            return Ok(0);
        }
        let at = self.2 % self.0.len();
        let n = buf.len().min(self.0.len() - at);
        buf[..n].copy_from_slice(&self.0[at..at + n]);
        self.2 += n;
        Ok(n)
    }
}

/// Bomb size once decompressed; the limit in the tests is 1 MiB.
const BOMB_MIB: usize = 192;
const GAME: &[u8] = b"(;SZ[9];B[ee];W[cc])";

/// Writes a zip bomb (one member of many MB of zeros between two ordinary games), a gzip bomb
/// and a tar.gz bomb into `dir`.
fn write_bombs(dir: &Path) {
    let zeros = vec![0u8; 1 << 20];
    write_zip(
        &dir.join("bomb.zip"),
        &[
            ("a.sgf", GAME, 1),
            ("zeros.sgf", &zeros, BOMB_MIB),
            ("c.sgf", GAME, 1),
        ],
    );
    write_gz(&dir.join("bomb.sgf.gz"), &zeros, BOMB_MIB);
    write_tar_gz(
        &dir.join("bomb.tar.gz"),
        &[("x/zeros.sgf", &zeros, BOMB_MIB), ("x/d.sgf", GAME, 1)],
    );
}

/// The rows every bomb directory must give with `--max-file-bytes 1048576`.
fn check_bomb_rows(rows: &[GameRow]) {
    let got: Vec<(String, Option<String>, Option<ErrorKind>)> = rows
        .iter()
        .map(|r| {
            (
                Path::new(&r.source)
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned(),
                r.member.clone(),
                r.ingest.error_kind,
            )
        })
        .collect();
    let too_large = Some(ErrorKind::FileTooLarge);
    let want = vec![
        ("bomb.sgf.gz".to_string(), None, too_large),
        (
            "bomb.tar.gz".into(),
            Some("x/zeros.sgf".to_string()),
            too_large,
        ),
        ("bomb.tar.gz".into(), Some("x/d.sgf".into()), None),
        ("bomb.zip".into(), Some("a.sgf".into()), None),
        ("bomb.zip".into(), Some("zeros.sgf".into()), too_large),
        ("bomb.zip".into(), Some("c.sgf".into()), None),
    ];
    assert_eq!(got, want);
    for r in rows.iter().filter(|r| r.ingest.error_kind == too_large) {
        let m = message(r);
        assert!(
            m.contains("1048576") && m.contains("--max-file-bytes") && m.contains("bomb."),
            "the message names the file, the limit and the flag: {m}"
        );
    }
}

/// Peak resident memory of this process (`VmHWM`), in KiB; `None` off Linux.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs the ignored test `name` of this binary in a process of its own, with `env` set to
/// `value`, and reads the peak memory it printed (`peak_rss_kib=…`; `None` off Linux), with
/// the child's output.
fn child_peak_kib(name: &str, env: &str, value: &Path) -> (Option<u64>, String) {
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            name,
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(env, value)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "child failed: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("1 passed"), "the child ran: {stdout}");
    // The harness prints `test … ` before the child's own output, on the same line.
    let peak = stdout
        .split("peak_rss_kib=")
        .nth(1)
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse::<u64>().ok());
    (peak, stdout)
}

const BOMB_DIR_ENV: &str = "KIFU_AUDIT_TEST_BOMB_DIR";

/// Run by [`decompression_bombs_are_error_rows_and_memory_stays_bounded`] in a process of its
/// own, so that the peak memory it reads is its own; does nothing when run by hand.
#[test]
#[ignore = "child process of decompression_bombs_are_error_rows_and_memory_stays_bounded"]
fn bomb_reader_child() {
    audit_in_child(
        BOMB_DIR_ENV,
        &limits(1 << 20, 16 << 20, 1_000_000),
        check_bomb_rows,
    );
}

/// The body of a child test: audits the path in `env` (nothing when it is unset: the test
/// run by hand), checks the rows and prints the peak memory for [`child_peak_kib`].
fn audit_in_child(env: &str, options: &GameOptions, check: impl FnOnce(&[GameRow])) {
    let Some(path) = std::env::var_os(env) else {
        return;
    };
    let rows = audit_paths(&[PathBuf::from(path)], options, 1).expect("audit runs");
    check(&rows);
    if let Some(kib) = peak_rss_kib() {
        println!("peak_rss_kib={kib}");
    }
}

#[test]
fn decompression_bombs_are_error_rows_and_memory_stays_bounded() {
    let dir = tempfile::tempdir().unwrap();
    write_bombs(dir.path());
    // In this process (other tests run alongside): the rows.
    let rows = audit_paths(
        &[dir.path().to_path_buf()],
        &limits(1 << 20, 16 << 20, 1_000_000),
        1,
    )
    .unwrap();
    check_bomb_rows(&rows);
    // In a process of its own: the peak memory. Reading stops at the limit, so the bombs
    // (192 MiB each once decompressed) never get near memory.
    let (peak, stdout) = child_peak_kib("reliability::bomb_reader_child", BOMB_DIR_ENV, dir.path());
    assert_eq!(peak.is_some(), peak_rss_kib().is_some(), "{stdout}");
    if let Some(kib) = peak {
        eprintln!("peak memory while rejecting the bombs: {kib} KiB");
        assert!(
            kib < 96 * 1024,
            "peak memory {kib} KiB while rejecting {BOMB_MIB} MiB bombs"
        );
    }
}

const FAT_ZIP_ENV: &str = "KIFU_AUDIT_TEST_FAT_ZIP";

/// Members of [`a_zip_of_large_members_is_read_in_chunks_of_bounded_bytes`]: 60 games of
/// 4 MiB (a long comment), 240 MiB in all.
const FAT_MEMBERS: usize = 60;

/// Run by [`a_zip_of_large_members_is_read_in_chunks_of_bounded_bytes`] in a process of its
/// own: scans the zip into Parquet and prints its peak memory; does nothing when run by hand.
#[test]
#[ignore = "child process of a_zip_of_large_members_is_read_in_chunks_of_bounded_bytes"]
fn fat_zip_scan_child() {
    let Some(zip) = std::env::var_os(FAT_ZIP_ENV) else {
        return;
    };
    let zip = PathBuf::from(zip);
    let config = crate::common::scan_config(vec![zip.clone()], &zip.with_extension("parquet"), 1);
    let summary = kifu_audit::pipeline::run(&config, &std::sync::atomic::AtomicBool::new(false))
        .expect("scan runs");
    assert_eq!(summary.games, FAT_MEMBERS as u64);
    assert_eq!(summary.errors, 0);
    if let Some(kib) = peak_rss_kib() {
        println!("peak_rss_kib={kib}");
    }
}

/// A zip of 60 members of 4 MiB: chunks cut by item count alone held them all at once, and a
/// decoded copy of each (550 MB peak); cut by bytes too, memory stays near a few chunks of
/// 16 MiB (145 MB).
#[test]
fn a_zip_of_large_members_is_read_in_chunks_of_bounded_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let zip = dir.path().join("fat.zip");
    let game = format!("(;GM[1]SZ[9]C[{}];B[ee])", " ".repeat(4 << 20));
    let names: Vec<String> = (0..FAT_MEMBERS).map(|i| format!("g{i:02}.sgf")).collect();
    let members: Vec<(&str, &[u8], usize)> = names
        .iter()
        .map(|n| (n.as_str(), game.as_bytes(), 1))
        .collect();
    write_zip(&zip, &members);
    let (peak, _) = child_peak_kib("reliability::fat_zip_scan_child", FAT_ZIP_ENV, &zip);
    if let Some(kib) = peak {
        eprintln!("peak memory scanning {FAT_MEMBERS} members of 4 MiB: {kib} KiB");
        assert!(kib < 256 * 1024, "peak memory {kib} KiB");
    }
}

const OVERSIZE_ENV: &str = "KIFU_AUDIT_TEST_OVERSIZE";

/// The limit of [`an_item_over_the_limit_is_dropped_at_the_limit_s_worth_of_memory`].
const OVERSIZE_LIMIT: u64 = 64 << 20;

/// Run by [`an_item_over_the_limit_is_dropped_at_the_limit_s_worth_of_memory`] in a process of
/// its own: reads the oversize `.sgf.gz` and prints its peak memory; does nothing by hand.
#[test]
#[ignore = "child process of an_item_over_the_limit_is_dropped_at_the_limit_s_worth_of_memory"]
fn oversize_reader_child() {
    audit_in_child(
        OVERSIZE_ENV,
        &limits(OVERSIZE_LIMIT, 16 << 20, 1_000_000),
        |rows| {
            assert_eq!(rows.len(), 1);
            assert_eq!(rows[0].ingest.error_kind, Some(ErrorKind::FileTooLarge));
        },
    );
}

/// A `.sgf.gz` whose size nobody states, over the limit: read into a vector that doubled as it
/// filled, every smaller copy stayed with the allocator and the item peaked at three times the
/// limit (64 MiB: 216 MiB) before it was refused. Read in chunks, it peaks at the limit's worth
/// (88 MiB, the test binary included).
#[test]
fn an_item_over_the_limit_is_dropped_at_the_limit_s_worth_of_memory() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.sgf.gz");
    write_gz(&path, &[b' '; 1 << 20], 80);
    let (peak, stdout) = child_peak_kib("reliability::oversize_reader_child", OVERSIZE_ENV, &path);
    assert_eq!(peak.is_some(), peak_rss_kib().is_some(), "{stdout}");
    if let Some(kib) = peak {
        eprintln!("peak memory refusing an item over a limit of 64 MiB: {kib} KiB");
        assert!(kib < 128 * 1024, "peak memory {kib} KiB");
    }
}

#[test]
fn node_count_and_board_size_limits_give_clear_rows() {
    let dir = tempfile::tempdir().unwrap();
    let many = format!("(;SZ[9]{})", ";B[aa];W[bb]".repeat(60));
    let cases: &[(&str, &str, ErrorKind, &[&str])] = &[
        (
            "nodes.sgf",
            &many,
            ErrorKind::TooManyNodes,
            &["121 nodes", "--max-nodes"],
        ),
        (
            "sz26.sgf",
            "(;SZ[26];B[aa])",
            ErrorKind::BoardSize,
            &["26x26", "2..25"],
        ),
        (
            "sz30x9.sgf",
            "(;SZ[30:9];B[aa])",
            ErrorKind::BoardSize,
            &["30x9", "2..25"],
        ),
        ("sz52.sgf", "(;SZ[52])", ErrorKind::BoardSize, &["52x52"]),
        (
            "sz300.sgf",
            "(;SZ[300];B[aa])",
            ErrorKind::BoardSize,
            &["SZ[300]", "2..25"],
        ),
        (
            "szbig.sgf",
            "(;SZ[big];B[aa])",
            ErrorKind::BoardSize,
            &["SZ[big]"],
        ),
    ];
    for (name, text, _, _) in cases {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let rows = audit_paths(
        &[dir.path().to_path_buf()],
        &limits(1 << 20, 1 << 20, 100),
        1,
    )
    .unwrap();
    assert_eq!(rows.len(), cases.len());
    let mut sorted: Vec<_> = cases.to_vec();
    sorted.sort_by_key(|c| c.0);
    for (row, (name, _, kind, words)) in rows.iter().zip(sorted) {
        assert!(row.source.ends_with(name));
        assert_eq!(row.ingest.status, Status::Error, "{name}");
        assert_eq!(
            row.ingest.error_kind,
            Some(kind),
            "{name}: {}",
            message(row)
        );
        for w in words {
            assert!(
                message(row).contains(w),
                "{name}: {w:?} in {:?}",
                message(row)
            );
        }
    }
}

/// The limits reach the binary's flags and come out as `error_kind` values in the Parquet file.
#[test]
fn the_cli_limit_flags_give_error_rows_in_the_parquet_file() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    std::fs::write(input.join("a-ok.sgf"), GAME).unwrap();
    std::fs::write(
        input.join("b-nodes.sgf"),
        format!("(;SZ[9]{})", ";B[aa]".repeat(50)),
    )
    .unwrap();
    std::fs::write(
        input.join("c-game.sgf"),
        format!("(;SZ[9]C[{}])", "x".repeat(3000)),
    )
    .unwrap();
    std::fs::write(input.join("d-file.sgf"), vec![b' '; 9000]).unwrap();
    std::fs::write(input.join("e-board.sgf"), "(;SZ[26])").unwrap();
    write_gz(&input.join("f-bomb.sgf.gz"), &[0u8; 4096], 64);
    let out = dir.path().join("games.parquet");
    let status = scan_cli(
        &input,
        &out,
        &[
            "--quiet",
            "--threads",
            "1",
            "--max-nodes",
            "40",
            "--max-game-bytes",
            "2000",
            "--max-file-bytes",
            "8192",
        ],
    );
    assert_eq!(status.code(), Some(1), "some games unreadable: exit 1");
    let kinds = parquet_strings(&out, "error_kind");
    assert_eq!(
        kinds,
        [
            None,
            Some("too_many_nodes"),
            Some("game_too_large"),
            Some("file_too_large"),
            Some("board_size"),
            Some("file_too_large"),
        ]
        .map(|k| k.map(String::from))
    );
}

/// `kifu-audit scan INPUT -o OUT ARGS…`, standard input closed: its exit status.
fn scan_cli(input: &Path, out: &Path, args: &[&str]) -> std::process::ExitStatus {
    Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
        .arg("scan")
        .arg(input)
        .arg("-o")
        .arg(out)
        .args(args)
        .stdin(Stdio::null())
        .status()
        .unwrap()
}

// ---------------------------------------------------------------------------------------------
// A killed scan.

/// A directory of `n` generated games (about 1 KB each) for scans that must take a while.
fn generated_games(dir: &Path, n: usize) {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for i in 0..n {
        let mut s = String::from("(;GM[1]FF[4]SZ[19]KM[6.5]RE[B+R]");
        for m in 0..200 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (x, y) = ((seed % 19) as u8, ((seed >> 8) % 19) as u8);
            let c = if m % 2 == 0 { 'B' } else { 'W' };
            s.push_str(&format!(
                ";{c}[{}{}]",
                (b'a' + x) as char,
                (b'a' + y) as char
            ));
        }
        s.push(')');
        std::fs::write(dir.join(format!("g{i:05}.sgf")), s).unwrap();
    }
}

fn dir_names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_scan_killed_with_sigkill_leaves_the_previous_output_intact() {
    let work = tempfile::tempdir().unwrap();
    let input = match corpus("tygem-9d-2006.zip") {
        Some(p) => p,
        None => {
            let d = work.path().join("games");
            std::fs::create_dir(&d).unwrap();
            generated_games(&d, 20_000);
            d
        }
    };
    let out_dir = work.path().join("out");
    std::fs::create_dir(&out_dir).unwrap();
    let out = out_dir.join("games.parquet");
    // The previous output: a real file from an earlier scan.
    let previous = Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
        .arg("scan")
        .arg(repo().join("data-samples/games"))
        .arg("-o")
        .arg(&out)
        .arg("--quiet")
        .status()
        .unwrap();
    assert!(previous.success());
    let before = std::fs::read(&out).unwrap();

    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
        .arg("scan")
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .args(["--quiet", "--threads", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let tmp_name = format!(".games.parquet.tmp-{}", child.id());
    let tmp = out_dir.join(&tmp_name);
    let started = Instant::now();
    while !tmp.exists() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the scan ended before it could be killed"
        );
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    // Mid-run: reading, auditing and writing row groups.
    std::thread::sleep(Duration::from_millis(700));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the scan finished too fast to be killed mid-run; give it more input"
    );
    child.kill().unwrap(); // SIGKILL on unix: no handler, no cleanup
    let status = child.wait().unwrap();
    assert!(!status.success());

    // The final name is never truncated: the previous file is untouched, byte for byte.
    assert!(
        std::fs::read(&out).unwrap() == before,
        "games.parquet changed"
    );
    // The only other file is the killed run's temporary file, which it could not remove.
    assert_eq!(
        dir_names(&out_dir),
        vec![tmp_name.clone(), "games.parquet".into()]
    );

    // The next run removes the dead run's temporary file and replaces the output.
    let next = Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
        .arg("scan")
        .arg(repo().join("data-samples/boards"))
        .arg("-o")
        .arg(&out)
        .arg("--quiet")
        .status()
        .unwrap();
    assert!(next.success());
    assert_eq!(dir_names(&out_dir), vec!["games.parquet".to_string()]);
    assert_ne!(std::fs::read(&out).unwrap(), before);
    assert_eq!(parquet_strings(&out, "status").len(), 5);
}

#[cfg(target_os = "linux")]
#[test]
fn only_temporary_files_of_dead_runs_are_removed() {
    use kifu_audit::output::{AtomicParquetWriter, WriterOptions};
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("games.parquet");
    // PID 1 is always alive; PIDs above the kernel's maximum (4,194,304) never are.
    let keep = [
        ".games.parquet.tmp-1",
        ".games.parquet.tmp-x",
        ".other.parquet.tmp-99999999",
        "games.parquet.tmp-99999999",
    ];
    let dead = [".games.parquet.tmp-99999999", ".games.parquet.tmp-4194305"];
    for name in keep.iter().chain(&dead) {
        std::fs::write(dir.path().join(name), b"partial").unwrap();
    }
    let w = AtomicParquetWriter::create(&target, &WriterOptions::default()).unwrap();
    w.finish().unwrap();
    let mut want: Vec<String> = keep.iter().map(|s| s.to_string()).collect();
    want.push("games.parquet".into());
    want.sort();
    assert_eq!(dir_names(dir.path()), want);
}

// ---------------------------------------------------------------------------------------------
// Paths that cannot be read (extends hostile.rs: missing paths, explicit FIFOs, symlink loops).

fn is_root() -> bool {
    // Root reads a file whatever its mode: probe instead of asking for the uid (no libc here).
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("probe");
    std::fs::write(&p, b"x").unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o000)).unwrap();
    std::fs::File::open(&p).is_ok()
}

#[cfg(unix)]
#[test]
fn permission_errors_are_rows_and_the_run_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    if is_root() {
        // Tests run as root in CI: mode 000 denies nothing to root, so there is no error to see.
        eprintln!("skipping: running as root, chmod 000 does not deny reading");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.sgf"), GAME).unwrap();
    let locked = dir.path().join("b-locked.sgf");
    std::fs::write(&locked, GAME).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let sub = dir.path().join("c-locked-dir");
    std::fs::create_dir(&sub).unwrap();
    std::fs::write(sub.join("inside.sgf"), GAME).unwrap();
    std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o000)).unwrap();
    std::fs::write(dir.path().join("d.sgf"), GAME).unwrap();
    let rows = audit_paths(&[dir.path().to_path_buf()], &options(), 1).unwrap();
    std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(
        kinds(&rows),
        vec![
            None,
            Some(ErrorKind::IoError),
            Some(ErrorKind::IoError),
            None
        ]
    );
    assert!(message(&rows[1]).contains("b-locked.sgf"));
    assert!(message(&rows[1]).contains("ermission denied"));
    assert!(message(&rows[2]).contains("c-locked-dir"));
}

#[cfg(unix)]
#[test]
fn fifos_and_dangling_symlinks_found_while_walking_are_rows() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.sgf"), GAME).unwrap();
    std::os::unix::fs::symlink(
        dir.path().join("nowhere.sgf"),
        dir.path().join("b-dangling.sgf"),
    )
    .unwrap();
    let fifo = dir.path().join("c-pipe.sgf");
    let have_fifo = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    std::fs::write(dir.path().join("d.sgf"), GAME).unwrap();
    let rows = audit_paths(&[dir.path().to_path_buf()], &options(), 1).unwrap();
    let mut want = vec![None, Some(ErrorKind::IoError)];
    if have_fifo {
        want.push(Some(ErrorKind::IoError));
    }
    want.push(None);
    assert_eq!(
        kinds(&rows),
        want,
        "{:?}",
        rows.iter().map(message).collect::<Vec<_>>()
    );
    assert!(
        message(&rows[1]).contains("b-dangling.sgf"),
        "{}",
        message(&rows[1])
    );
    if have_fifo {
        assert!(message(&rows[2]).contains("c-pipe.sgf"));
        assert!(message(&rows[2]).contains("not a regular file"));
    }
}

#[cfg(unix)]
#[test]
fn devices_given_as_inputs_are_rows_not_endless_reads() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.sgf"), GAME).unwrap();
    let inputs = [
        PathBuf::from("/dev/zero"),
        PathBuf::from("/dev/null"),
        dir.path().to_path_buf(),
    ];
    let rows = audit_paths(&inputs, &options(), 1).unwrap();
    assert_eq!(
        kinds(&rows),
        vec![Some(ErrorKind::IoError), Some(ErrorKind::IoError), None]
    );
    assert!(message(&rows[0]).contains("/dev/zero: not a regular file"));
}

#[test]
fn broken_archives_are_rows_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a-garbage.zip"), b"PK\x03\x04 this is not a zip").unwrap();
    std::fs::write(d.join("b-garbage.tar.gz"), b"\x1f\x8b\x08\x00 not gzip").unwrap();
    // A tar.gz cut in the middle of its second member.
    let full = d.join("full.tar.gz.tmp");
    write_tar_gz(
        &full,
        &[("one.sgf", GAME, 1), ("two.sgf", &[b' '; 4096], 64)],
    );
    let bytes = std::fs::read(&full).unwrap();
    std::fs::remove_file(&full).unwrap();
    std::fs::write(d.join("c-cut.tar.gz"), &bytes[..bytes.len() / 2]).unwrap();
    // A zip whose central directory is cut off.
    let zip = d.join("zip.tmp");
    write_zip(&zip, &[("one.sgf", GAME, 1)]);
    let bytes = std::fs::read(&zip).unwrap();
    std::fs::remove_file(&zip).unwrap();
    std::fs::write(d.join("d-cut.zip"), &bytes[..bytes.len() - 10]).unwrap();
    std::fs::write(d.join("e.sgf"), GAME).unwrap();
    let rows = audit_paths(&[d.to_path_buf()], &options(), 1).unwrap();
    let summary: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                Path::new(&r.source).file_name().unwrap().to_owned(),
                r.ingest.error_kind,
            )
        })
        .collect();
    // The cut tar.gz: its first member, the member cut short, and the rest of the stream; the
    // cut zip: its member, read from its own header, and the archive's row.
    assert_eq!(rows.len(), 8, "{summary:?}");
    assert_eq!(rows[0].ingest.error_kind, Some(ErrorKind::ArchiveError));
    assert!(message(&rows[0]).contains("a-garbage.zip"));
    assert_eq!(rows[1].ingest.status, Status::Error);
    assert!(
        message(&rows[1]).contains("b-garbage.tar.gz"),
        "{}",
        message(&rows[1])
    );
    assert_eq!(
        rows[2].ingest.status,
        Status::Ok,
        "the first member is read"
    );
    assert_eq!(rows[3].ingest.error_kind, Some(ErrorKind::ArchiveError));
    assert_eq!(rows[3].member.as_deref(), Some("two.sgf"));
    assert!(
        message(&rows[3]).contains("c-cut.tar.gz::two.sgf"),
        "{}",
        message(&rows[3])
    );
    // the archive's own row names the member it breaks in, and what is lost after it
    assert_eq!(rows[4].ingest.error_kind, Some(ErrorKind::ArchiveError));
    assert!(
        message(&rows[4]).contains("c-cut.tar.gz: the archive cannot be read past member two.sgf")
            && message(&rows[4]).contains("the members after it"),
        "{}",
        message(&rows[4])
    );
    assert_eq!(rows[5].member.as_deref(), Some("one.sgf"));
    assert_eq!(
        rows[5].ingest.status,
        Status::Ok,
        "read from its local header"
    );
    assert_eq!(rows[6].ingest.error_kind, Some(ErrorKind::ArchiveError));
    assert!(
        message(&rows[6]).contains("d-cut.zip: not a readable zip")
            && message(&rows[6]).contains("1 of its entries read from their own headers"),
        "{}",
        message(&rows[6])
    );
    assert_eq!(rows[7].ingest.status, Status::Ok, "the run goes on");
}

/// A compressed collection cut short (an interrupted download) keeps the games inflated before
/// the cut: their rows, the game the cut falls in (recovered, as in an SGF file cut short),
/// then a row after them saying the stream breaks. The whole file was one `io_error` row, and
/// every game in it was lost. `explain` finds that last row by its index.
#[test]
fn a_compressed_collection_cut_short_keeps_the_games_before_the_cut() {
    let dir = tempfile::tempdir().unwrap();
    let games: Vec<u8> = (0..400)
        .flat_map(|i| format!("(;SZ[9]C[game {i}];B[ee];W[cc];B[gg])\n").into_bytes())
        .collect();
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(&games).unwrap();
    let full = enc.finish().unwrap();
    let path = dir.path().join("games.sgf.gz");
    std::fs::write(&path, &full[..full.len() * 3 / 4]).unwrap();
    let rows = audit_paths(std::slice::from_ref(&path), &options(), 2).unwrap();
    let n = rows.len();
    assert!(n > 200 && n < 400, "{n} rows");
    assert!(rows[..n - 2].iter().all(|r| r.ingest.status == Status::Ok));
    assert_eq!(rows[n - 2].ingest.status, Status::Recovered);
    let last = &rows[n - 1];
    assert_eq!(last.ingest.error_kind, Some(ErrorKind::IoError));
    assert!(
        message(last).contains("the compressed data ends early, after")
            && message(last).contains("the games before are read"),
        "{}",
        message(last)
    );
    // one key each: the row of the cut is one past the last game
    let indices: Vec<u32> = rows.iter().map(|r| r.ingest.game_index).collect();
    assert_eq!(indices, (0..n as u32).collect::<Vec<_>>());
    let out = Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
        .arg("explain")
        .arg(&path)
        .args(["--game", &(n - 1).to_string()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("the compressed data ends early"), "{text}");
    // a small file cut in its closing checksum keeps its game too
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(b"(;SZ[9];B[ee];W[cc])").unwrap();
    let small = enc.finish().unwrap();
    std::fs::write(&path, &small[..small.len() - 3]).unwrap();
    let rows = audit_paths(std::slice::from_ref(&path), &options(), 1).unwrap();
    let status: Vec<Status> = rows.iter().map(|r| r.ingest.status).collect();
    assert_eq!(status, [Status::Ok, Status::Error]);
    // Damaged, not cut short: gzip finds a flipped bit only at its closing checksum, after
    // inflating wrong games; none of them is a row, the file is one error row
    let mut damaged = full.clone();
    let at = damaged.len() / 2;
    damaged[at] ^= 0x10;
    std::fs::write(&path, &damaged).unwrap();
    let rows = audit_paths(&[path], &options(), 1).unwrap();
    assert_eq!(
        rows.len(),
        1,
        "{:?}",
        rows.iter().map(message).collect::<Vec<_>>()
    );
    assert_eq!(rows[0].ingest.error_kind, Some(ErrorKind::IoError));
}

/// A zip cut short loses its central directory first (it lies at the end): the members before
/// the cut are read from their own local headers, the member cut in is an error row, and the
/// archive's row says how far the walk went. The whole archive was one error row.
#[test]
fn a_zip_cut_short_keeps_the_members_before_the_cut() {
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full.tmp");
    let names: Vec<String> = (0..20).map(|i| format!("g{i:02}.sgf")).collect();
    // games of 2 KB that deflate does not shrink much: the members fill the file, not the
    // central directory
    let mut state = 1u32;
    let games: Vec<Vec<u8>> = (0..20)
        .map(|_| {
            let comment: String = (0..2048)
                .map(|_| {
                    state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    char::from(b'a' + (state >> 16) as u8 % 26)
                })
                .collect();
            format!("(;SZ[9]C[{comment}];B[ee];W[cc])").into_bytes()
        })
        .collect();
    let members: Vec<(&str, &[u8], usize)> = names
        .iter()
        .zip(&games)
        .map(|(n, g)| (n.as_str(), &g[..], 1))
        .collect();
    write_zip(&full, &members);
    let bytes = std::fs::read(&full).unwrap();
    let cut = dir.path().join("cut.zip");
    std::fs::write(&cut, &bytes[..bytes.len() * 6 / 10]).unwrap();
    let rows = audit_paths(&[cut], &options(), 1).unwrap();
    let n = rows.len();
    assert!(n > 5 && n < 20, "{n} rows");
    assert!(rows[..n - 2].iter().all(|r| r.ingest.status == Status::Ok));
    let read: Vec<&str> = rows[..n - 2]
        .iter()
        .map(|r| r.member.as_deref().unwrap())
        .collect();
    assert_eq!(
        read,
        names[..n - 2]
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
    );
    assert_eq!(rows[n - 2].member.as_deref(), Some(names[n - 2].as_str()));
    assert_eq!(rows[n - 2].ingest.error_kind, Some(ErrorKind::ArchiveError));
    assert_eq!(rows[n - 1].member, None);
    assert_archive_error(
        &rows[n - 1],
        &format!("the walk stops after member {}", names[n - 2]),
    );
}

/// A zip written to a pipe puts each member's sizes after its data (a data descriptor), so
/// its local headers do not say where the next begins: cut short, its deflated members are
/// found where their deflate streams end, and read up to the cut as any zip's are. A
/// descriptor that holds other sizes than the data before it ends the walk.
#[test]
fn a_streamed_zip_cut_short_keeps_the_members_before_the_cut() {
    use zip::write::SimpleFileOptions;
    let names: Vec<String> = (0..20).map(|i| format!("g{i:02}.sgf")).collect();
    let mut state = 7u32;
    let mut zip = zip::ZipWriter::new_stream(Vec::new());
    let opts = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for name in &names {
        let comment: String = (0..2048)
            .map(|_| {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                char::from(b'a' + (state >> 16) as u8 % 26)
            })
            .collect();
        zip.start_file(name.as_str(), opts).unwrap();
        zip.write_all(format!("(;SZ[9]C[{comment}];B[ee];W[cc])").as_bytes())
            .unwrap();
    }
    let bytes = zip.finish().unwrap().into_inner();
    // the first member's flags: bit 3, sizes after the data
    assert_eq!(bytes[6] & 0x8, 0x8, "a streamed zip");
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.zip");
    std::fs::write(&cut, &bytes[..bytes.len() * 6 / 10]).unwrap();
    let rows = audit_paths(std::slice::from_ref(&cut), &options(), 1).unwrap();
    // every member before the cut, then the row saying where the walk stopped (the member
    // cut in is found cut before its header is read: no row of its own)
    let n = rows.len();
    assert!(n > 5 && n < 20, "{n} rows");
    assert!(rows[..n - 1].iter().all(|r| r.ingest.status == Status::Ok));
    let read: Vec<&str> = rows[..n - 1]
        .iter()
        .map(|r| r.member.as_deref().unwrap())
        .collect();
    assert_eq!(
        read,
        names[..n - 1]
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
    );
    assert_eq!(rows[n - 1].member, None);
    let stop = format!(
        "{} of its entries read from their own headers, the walk stops after member {} (i/o \
         error: unexpected end of file)",
        n - 1,
        names[n - 2]
    );
    assert_archive_error(&rows[n - 1], &stop);
    // the second member's descriptor damaged (its compressed size): the first member, then
    // the walk's row
    let mut damaged = bytes[..bytes.len() * 6 / 10].to_vec();
    let second = damaged
        .windows(4)
        .enumerate()
        .filter(|(_, w)| *w == b"PK\x07\x08")
        .nth(1)
        .unwrap()
        .0;
    damaged[second + 8] ^= 1;
    std::fs::write(&cut, &damaged).unwrap();
    let rows = audit_paths(std::slice::from_ref(&cut), &options(), 1).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].member.as_deref(), Some("g00.sgf"));
    assert_archive_error(&rows[1], "a data descriptor whose sizes are not those");
    // an empty zip64 member: its descriptor's sizes of 8 bytes, all zero, read as sizes of 4
    // bytes too; the header's zip64 block says which (the walk stopped at it)
    let mut zip = zip::ZipWriter::new_stream(Vec::new());
    let large = opts.large_file(true);
    for (name, text) in [
        ("a.sgf", &b"(;SZ[9];B[ee])"[..]),
        ("e.sgf", b""),
        ("z.sgf", b"(;SZ[9];B[cc])"),
    ] {
        zip.start_file(name, large).unwrap();
        zip.write_all(text).unwrap();
    }
    let bytes64 = zip.finish().unwrap().into_inner();
    std::fs::write(&cut, &bytes64[..bytes64.len() - 40]).unwrap();
    let rows = audit_paths(std::slice::from_ref(&cut), &options(), 1).unwrap();
    let members: Vec<_> = rows.iter().map(|r| r.member.as_deref()).collect();
    assert_eq!(
        members,
        [Some("a.sgf"), Some("e.sgf"), Some("z.sgf"), None],
        "{rows:?}"
    );
    // the whole streamed zip reads every member from its central directory, as before
    let whole = dir.path().join("whole.zip");
    std::fs::write(&whole, &bytes).unwrap();
    let rows = audit_paths(&[whole], &options(), 1).unwrap();
    assert_eq!(rows.len(), 20);
}

/// A member of a cut streamed zip over the size limit is a row of its own and the walk goes
/// on past it; one so large that finding its end would cost more than reading four times
/// the limit ends the walk.
#[test]
fn a_streamed_zip_cut_short_refuses_a_large_member_and_goes_on() {
    use zip::write::SimpleFileOptions;
    let opts = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let game = |moves: usize| {
        let mut g = String::from("(;SZ[9]");
        for _ in 0..moves {
            g.push_str(";B[ee];W[cc]");
        }
        g + ")"
    };
    let streamed = |big: &str| {
        let mut zip = zip::ZipWriter::new_stream(Vec::new());
        for (name, text) in [
            ("a.sgf", game(1)),
            ("big.sgf", big.to_string()),
            ("z.sgf", game(1)),
        ] {
            zip.start_file(name, opts).unwrap();
            zip.write_all(text.as_bytes()).unwrap();
        }
        let bytes = zip.finish().unwrap().into_inner();
        bytes[..bytes.len() - 40].to_vec()
    };
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.zip");
    let limit = 4096;
    let run = |big: &str| {
        std::fs::write(&cut, streamed(big)).unwrap();
        audit_paths(
            std::slice::from_ref(&cut),
            &limits(limit, 1 << 20, 100_000),
            1,
        )
        .unwrap()
    };
    // three times the limit: refused, and the next member read
    let big = game(3 * limit as usize / 12);
    assert!(big.len() as u64 > 2 * limit && (big.len() as u64) < 4 * limit);
    let rows = run(&big);
    let members: Vec<_> = rows.iter().map(|r| r.member.as_deref()).collect();
    assert_eq!(
        members,
        [Some("a.sgf"), Some("big.sgf"), Some("z.sgf"), None]
    );
    assert_eq!(rows[0].ingest.status, Status::Ok);
    assert_eq!(rows[1].ingest.error_kind, Some(ErrorKind::FileTooLarge));
    assert_eq!(rows[2].ingest.status, Status::Ok);
    assert_archive_error(&rows[3], "3 of its entries read from their own headers");
    // five times the limit: the walk ends at it
    let rows = run(&game(5 * limit as usize / 12));
    let members: Vec<_> = rows.iter().map(|r| r.member.as_deref()).collect();
    assert_eq!(members, [Some("a.sgf"), None]);
    assert_archive_error(&rows[1], "inflates far past the size limit");
}

/// `cat a.tar.gz b.tar.gz` is one gzip stream of two archives: both are read.
#[test]
fn concatenated_tar_gz_archives_are_all_read() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.tmp"), dir.path().join("b.tmp"));
    write_tar_gz(&a, &[("first.sgf", GAME, 1)]);
    write_tar_gz(&b, &[("second.sgf", GAME, 1)]);
    let mut both = std::fs::read(&a).unwrap();
    both.extend(std::fs::read(&b).unwrap());
    let path = dir.path().join("both.tar.gz");
    std::fs::write(&path, both).unwrap();
    let rows = audit_paths(&[path], &options(), 1).unwrap();
    let members: Vec<_> = rows.iter().map(|r| r.member.as_deref()).collect();
    assert_eq!(members, [Some("first.sgf"), Some("second.sgf")]);
    assert!(rows.iter().all(|r| r.ingest.status == Status::Ok));
}

/// A plain tar that ends inside a member's data: the member is an error row naming it, not
/// the first half of a game scored as if complete.
#[test]
fn a_tar_member_cut_short_is_an_error_row_not_a_game() {
    let game = format!("(;GM[1]SZ[19]KM[6.5]RE[B+R]{})", ";B[dd];W[pp]".repeat(30));
    let mut tar = tar::Builder::new(Vec::new());
    let mut header = tar::Header::new_gnu();
    header.set_size(game.len() as u64);
    header.set_mode(0o644);
    header.set_cksum();
    tar.append_data(&mut header, "mid.sgf", game.as_bytes())
        .unwrap();
    let bytes = tar.into_inner().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cut.tar");
    // the 512-byte header, then half of the game
    std::fs::write(&path, &bytes[..512 + game.len() / 2]).unwrap();
    let rows = audit_paths(&[path], &options(), 1).unwrap();
    assert_eq!(rows[0].member.as_deref(), Some("mid.sgf"));
    assert_archive_error(&rows[0], "truncated");
    assert!(rows.iter().all(|r| r.ingest.status == Status::Error));
    // the archive's row says where it ends, not the tar library's "unexpected EOF during skip"
    assert_eq!(rows.len(), 2);
    assert_archive_error(
        &rows[1],
        "the archive ends inside member mid.sgf (cut short)",
    );
    assert!(!message(&rows[1]).contains("EOF"), "{}", message(&rows[1]));
}

/// A tar.gz whose compressed data has one byte changed: gzip finds it only at its closing
/// checksum, after the members before were read and handed on (each an `ok` row, perhaps
/// holding a changed game); the archive's row says the stream fails and those members are
/// in doubt if it is damaged, not that the archive was cut short. A tar broken inside a
/// sound stream says nothing of the stream.
#[test]
fn a_damaged_tar_gz_says_the_members_read_are_in_doubt() {
    use std::io::Write as _;
    let bytes = tar_bytes(&[("one.sgf", GAME), ("two.sgf", GAME)]);
    // stored blocks: a changed byte is a changed byte of the tar, which deflate reads on
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::none());
    gz.write_all(&bytes).unwrap();
    let mut gz = gz.finish().unwrap();
    let at = gz.windows(6).position(|w| w == b"B[ee];").unwrap() + 2;
    gz[at] = b'f';
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.tar.gz");
    std::fs::write(&path, &gz).unwrap();
    let rows = audit_paths(&[path], &options(), 1).unwrap();
    assert_eq!(rows.len(), 3);
    assert_archive_error(&rows[2], "the compressed stream fails (corrupt gzip stream");
    assert_archive_error(&rows[2], "the members read before may hold damaged bytes");
    assert!(!message(&rows[2]).contains("cut short or corrupt"));
    // a tar whose header is broken inside a sound stream: no word of a damaged stream
    let mut broken = tar_bytes(&[("one.sgf", GAME), ("two.sgf", GAME)]);
    broken[1024 + 148] ^= 1;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&broken).unwrap();
    let path = dir.path().join("broken.tar.gz");
    std::fs::write(&path, gz.finish().unwrap()).unwrap();
    let rows = audit_paths(&[path], &options(), 1).unwrap();
    let last = rows.last().unwrap();
    assert_archive_error(last, "after member one.sgf");
    assert!(
        !message(last).contains("compressed stream"),
        "{}",
        message(last)
    );
}

/// A plain tar of these members, with its end-of-archive blocks.
fn tar_bytes(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut tar = tar::Builder::new(Vec::new());
    for (name, data) in members {
        let mut header = tar::Header::new_gnu();
        header.set_size(data.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        tar.append_data(&mut header, name, *data).unwrap();
    }
    tar.into_inner().unwrap()
}

/// A tar cut exactly where a member ends: the tar reader takes the cut for the archive's end,
/// so the members after it would vanish without a row. The missing end-of-archive blocks
/// tell: the file gets an error row after the members that were read.
#[test]
fn a_tar_cut_between_members_is_reported() {
    let bytes = tar_bytes(&[("one.sgf", GAME), ("two.sgf", GAME)]);
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.tar");
    std::fs::write(&whole, &bytes).unwrap();
    let rows = audit_paths(&[whole], &options(), 1).unwrap();
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.ingest.status == Status::Ok));
    // the first member: a 512-byte header and its data padded to a block
    let cut = dir.path().join("cut.tar");
    std::fs::write(&cut, &bytes[..512 + 512]).unwrap();
    let rows = audit_paths(&[cut], &options(), 1).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].member.as_deref(), Some("one.sgf"));
    assert_eq!(rows[0].ingest.status, Status::Ok);
    assert_eq!(rows[1].member, None);
    assert_archive_error(&rows[1], "cut short");
}

/// Links inside a tar hold no bytes, and a stream cannot go back for their target's: each is
/// an error row that names it and its target, not a silent skip.
#[test]
fn tar_links_named_like_games_are_error_rows() {
    let mut tar = tar::Builder::new(Vec::new());
    let mut header = tar::Header::new_gnu();
    header.set_size(GAME.len() as u64);
    header.set_mode(0o644);
    header.set_cksum();
    tar.append_data(&mut header, "games/a.sgf", GAME).unwrap();
    for (kind, name) in [
        (tar::EntryType::Link, "games/hard.sgf"),
        (tar::EntryType::Symlink, "games/soft.sgf"),
        (tar::EntryType::Symlink, "games/notes.txt"),
    ] {
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(kind);
        header.set_size(0);
        header.set_mode(0o644);
        tar.append_link(&mut header, name, "games/a.sgf").unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("links.tar");
    std::fs::write(&path, tar.into_inner().unwrap()).unwrap();
    let rows = audit_paths(&[path], &options(), 1).unwrap();
    let members: Vec<_> = rows.iter().map(|r| r.member.as_deref()).collect();
    assert_eq!(
        members,
        [
            Some("games/a.sgf"),
            Some("games/hard.sgf"),
            Some("games/soft.sgf")
        ]
    );
    assert_eq!(rows[0].ingest.status, Status::Ok);
    for (row, what) in rows[1..]
        .iter()
        .zip(["a hard link to", "a symbolic link to"])
    {
        assert_archive_error(row, &format!("{what} games/a.sgf"));
    }
}

/// Bytes with every `from` replaced by `to` (of the same length): a member renamed in its
/// local header and the central directory alike.
pub fn renamed(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let mut out = bytes.to_vec();
    let mut i = 0;
    while i + from.len() <= out.len() {
        if out[i..].starts_with(from) {
            out[i..i + from.len()].copy_from_slice(to);
            i += from.len();
        } else {
            i += 1;
        }
    }
    out
}

/// Two zip members of one name (an archive appended to by a tool that adds a name again, as
/// Python's `zipfile` does): zip's archive reader keeps the last, and the first was lost (an
/// error row said so). Each is now a member, read in the central directory's order, and the
/// progress bar's total counts both. The second is named `a.sgf (2)`, so that each row names
/// its game (both rows were `a.sgf` game 0, and `explain` found the first for either).
#[test]
fn zip_members_sharing_a_name_are_each_read() {
    use kifu_audit::sgf::source::{count_items, expand_inputs};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dup.zip");
    let second = b"(;SZ[13];B[aa])";
    write_zip(
        &path,
        &[
            ("a.sgf", GAME, 1),
            ("notes.txt", b"not a game", 1),
            ("b.sgf", second, 1),
            ("c.sgf", GAME, 1),
        ],
    );
    let bytes = renamed(&std::fs::read(&path).unwrap(), b"b.sgf", b"a.sgf");
    std::fs::write(&path, bytes).unwrap();
    let rows = audit_paths(std::slice::from_ref(&path), &options(), 1).unwrap();
    let members: Vec<_> = rows.iter().map(|r| r.member.as_deref()).collect();
    assert_eq!(members, [Some("a.sgf"), Some("a.sgf (2)"), Some("c.sgf")]);
    assert!(rows.iter().all(|r| r.ingest.status == Status::Ok));
    let size = |r: &GameRow| r.ingest.record.as_ref().unwrap().board_width;
    assert_eq!(rows.iter().map(size).collect::<Vec<_>>(), [9, 13, 9]);
    let explained = std::process::Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
        .arg("explain")
        .arg(&path)
        .args(["--member", "a.sgf (2)"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&explained.stdout);
    assert!(text.contains("on a 13x13 board"), "{text}");
    assert_eq!(count_items(&expand_inputs(&[path])), 3);
}

/// Central directory entries that share one member's data (how a small zip decompresses to
/// a great many members): the second is an error row naming the first, not its game again,
/// whether or not the two share a name.
#[test]
fn zip_members_sharing_data_are_reported() {
    use zip::write::SimpleFileOptions;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for name in ["a.sgf", "b.sgf"] {
        zip.start_file(name, SimpleFileOptions::default()).unwrap();
        zip.write_all(GAME).unwrap();
    }
    let mut bytes = zip.finish().unwrap().into_inner();
    // point b.sgf's central directory entry at a.sgf's local header (offset 0)
    let central = bytes
        .windows(4)
        .enumerate()
        .filter(|(_, w)| w == b"PK\x01\x02")
        .map(|(i, _)| i)
        .nth(1)
        .unwrap();
    assert_eq!(&bytes[central + 46..central + 51], b"b.sgf");
    bytes[central + 42..central + 46].copy_from_slice(&0u32.to_le_bytes());
    let dir = tempfile::tempdir().unwrap();
    // and the same named a.sgf twice (read by zip's entry-by-entry reader then)
    for (file, second) in [("shared.zip", "b.sgf"), ("shared-name.zip", "a.sgf")] {
        let path = dir.path().join(file);
        std::fs::write(&path, renamed(&bytes, b"b.sgf", second.as_bytes())).unwrap();
        let rows = audit_paths(&[path], &options(), 1).unwrap();
        let members: Vec<_> = rows.iter().map(|r| r.member.as_deref()).collect();
        let second = if second == "a.sgf" {
            "a.sgf (2)"
        } else {
            second
        };
        assert_eq!(members, [Some("a.sgf"), Some(second)]);
        assert_eq!(rows[0].ingest.status, Status::Ok);
        assert_archive_error(&rows[1], "overlaps that of a.sgf");
    }
}

/// `--limit` stops inside a file: of a collection of 20,000 games only the first are
/// audited, and the file has as many rows; the same inside archives.
#[test]
fn the_limit_stops_inside_one_big_collection() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("many.sgf");
    std::fs::write(&input, "(;GM[1]SZ[9];B[ee])\n".repeat(20_000)).unwrap();
    let out = dir.path().join("games.parquet");
    let status = scan_cli(&input, &out, &["--quiet", "--limit", "5"]);
    assert_eq!(status.code(), Some(0));
    assert_eq!(parquet_strings(&out, "source").len(), 5);
    // and inside a RAR archive, and a RAR volume set (whose decoding is then broken off)
    let rar = crate::common::repo().join("tests/fixtures/archives/rar");
    for input in [rar.join("games-rar5.rar"), rar.join("volumes")] {
        let status = scan_cli(&input, &out, &["--quiet", "--limit", "3"]);
        assert_eq!(status.code(), Some(0), "{input:?}");
        assert_eq!(parquet_strings(&out, "source").len(), 3, "{input:?}");
    }
}

/// Archives inside archives are read (a zip in a zip, a tar.gz in a zip), their games named
/// `inner::member` under the outer archive; nesting deeper than `MAX_NESTING` is an error
/// row, not a silent skip nor an endless descent.
#[test]
fn archives_inside_archives_are_read_and_their_depth_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_zip(&d.join("inner.zip"), &[("x/A.SGF", GAME, 1)]);
    write_tar_gz(&d.join("inner.tgz"), &[("t/c.sgf", GAME, 1)]);
    let inner = std::fs::read(d.join("inner.zip")).unwrap();
    let tgz = std::fs::read(d.join("inner.tgz")).unwrap();
    write_zip(
        &d.join("outer.zip"),
        &[
            ("inner.zip", &inner, 1),
            ("y/b.sgf", GAME, 1),
            ("z.tgz", &tgz, 1),
        ],
    );
    // outer3 holds outer2 holds outer1 holds inner: one level too deep
    write_zip(&d.join("outer1.zip"), &[("inner.zip", &inner, 1)]);
    let outer1 = std::fs::read(d.join("outer1.zip")).unwrap();
    write_zip(&d.join("outer2.zip"), &[("outer1.zip", &outer1, 1)]);
    let outer2 = std::fs::read(d.join("outer2.zip")).unwrap();
    write_zip(&d.join("outer3.zip"), &[("outer2.zip", &outer2, 1)]);
    let rows = audit_paths(&[d.join("outer.zip"), d.join("outer3.zip")], &options(), 1).unwrap();
    let got: Vec<_> = rows
        .iter()
        .map(|r| (r.member.clone().unwrap_or_default(), r.ingest.status))
        .collect();
    assert_eq!(
        got,
        vec![
            ("inner.zip::x/A.SGF".to_string(), Status::Ok),
            ("y/b.sgf".to_string(), Status::Ok),
            ("z.tgz::t/c.sgf".to_string(), Status::Ok),
            (
                "outer2.zip::outer1.zip::inner.zip".to_string(),
                Status::Error
            ),
        ]
    );
    assert!(rows[0].source.ends_with("outer.zip"));
    assert_archive_error(&rows[3], "nested more than 3 deep");
}

// ---------------------------------------------------------------------------------------------
// Fuzz regressions: inputs found by `fuzz/` (see fuzz/README.md), checked in under
// tests/fixtures/fuzz/, each run the way the fuzz target runs it: every game of the file in
// order through one reused `Scratch`, as one pipeline worker does.

fn fuzz_fixture(name: &str) -> Vec<u8> {
    let p = repo().join("tests/fixtures/fuzz").join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Every game of `bytes` through one scratch, in order; checks the row contract and that each
/// game's facts equal those from a fresh scratch (no state leaks from one game to the next).
fn fuzz_rows(bytes: &[u8]) -> Vec<GameRow> {
    use kifu_audit::pipeline::game::row_from_ingested;
    use kifu_audit::pipeline::Scratch;
    let opts = options();
    let mut scratch = Scratch::new();
    let ingested = ingest_bytes(bytes, &opts.limits);
    assert_eq!(
        ingested.len(),
        kifu_audit::sgf::prepare_file(bytes).game_count()
    );
    let mut rows = Vec::new();
    for ingest in ingested {
        let row = row_from_ingested("fuzz.sgf", None, ingest.clone(), &opts, &mut scratch);
        let fresh = row_from_ingested("fuzz.sgf", None, ingest, &opts, &mut Scratch::new());
        assert_eq!(row.replay, fresh.replay);
        assert_eq!(format!("{:?}", row.score), format!("{:?}", fresh.score));
        assert_eq!(row.score.is_some(), row.ingest.record.is_some());
        rows.push(row);
    }
    rows
}

/// A game with stones, then a board with none: the scorer skipped its dead-stone estimator on
/// the empty board and reported the previous game's unsettled stones, whose padded 13×13
/// indices underflowed on the 9×9 board (`attempt to subtract with overflow` in
/// `scoring::geom::Geom::point`, debug builds; garbage points, dropped later, in release).
#[test]
fn fuzz_stale_scorer_state() {
    let rows = fuzz_rows(&fuzz_fixture("stale-scorer-state-13x13-then-empty-9x9.sgf"));
    assert_eq!(rows.len(), 2);
    let empty = rows[1].score.as_ref().unwrap();
    assert!(empty.unsettled_stones.is_empty());
    assert_eq!(empty.unsettled_points, 0);
}

/// A panic in replay or scoring is a bug (no input should cause one), but one game's bug must
/// not end a batch of millions: the pipeline catches it per game and writes that game as an
/// `internal_error` row, with the panic's message, on scratch state made anew.
#[test]
fn a_panic_while_scoring_one_game_is_caught_with_its_message() {
    use kifu_audit::pipeline::game::{guarded, Scratch};
    let mut scratch = Scratch::new();
    let caught: Result<(), String> = guarded(&mut scratch, |_| panic!("point 0 is off the board"));
    assert_eq!(caught, Err("point 0 is off the board".to_string()));
    let caught: Result<(), String> = guarded(&mut scratch, |_| panic!("chain {} lost", 7));
    assert_eq!(caught, Err("chain 7 lost".to_string()));
    // the scratch state serves the next game
    let scored = guarded(&mut scratch, |s| s.scorer.settle_playouts());
    assert_eq!(scored, Ok(kifu_audit::scoring::SETTLE_PLAYOUTS));
}
