//! Every shell command shown in the docs either runs or is skipped with a reason.
//!
//! The test reads `README.md`, every `*.md` under `docs/` and every `crates/*/README.md`,
//! takes their fenced code blocks (```` ``` ```` or `~~~`, indented or not) tagged `sh`,
//! `bash`, `shell` or `console`, and splits each block into commands: lines ending in `\`
//! are joined, comment lines and trailing `# comments` are dropped (a `#` inside quotes or
//! inside a word is not a comment), blank lines are skipped, and in `console` blocks only
//! lines starting with `$ ` are commands (the rest is output).
//!
//! Each command is classified by the first rule of [`RULES`] whose pattern starts it:
//! - Run: the command runs through `sh -c`, the commands of one block in order in one
//!   fresh temporary directory. That directory links every top-level entry of the
//!   repository (so `crates/fov-case/cases/*.txt` is there) and has
//!   `target/{release,debug}/mapgen` and a `mapgen` first on `PATH`, all the `mapgen` this
//!   test was built with; files a command writes land in it and are removed after.
//! - Skip: not run, for the reason the rule gives (a window, minutes of work, changes to
//!   the machine).
//! - A command no rule matches fails the test, so a new doc command is never silently
//!   ignored: add a rule for it.
//!
//! A command passes when it exits 0 within [`TIMEOUT`]. A command that is shown failing on
//! purpose ends with the comment `# exit N` (for example `mapgen generate --width 0  # exit
//! 2`) and passes when it exits with N. All failures are reported together, each with its
//! file and line.
#![cfg(unix)]

use std::fmt;
use std::fs::{self, File};
use std::os::unix::fs::symlink;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Longest a Run command may take, in the test profile's build of `mapgen`.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Code block tags whose contents are shell commands.
const SHELL_TAGS: [&str; 4] = ["sh", "bash", "shell", "console"];

/// What to do with a doc command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    /// Run it as written.
    Run,
    /// Run it with the matched words replaced by these (`cargo run -p mapgen-cli --`
    /// becomes the `mapgen` already built).
    RunAs(&'static str),
    /// Do not run it, for this reason.
    Skip(&'static str),
}

/// A rule: the words a command starts with, and what to do with it. A pattern word
/// ending in `*` matches any word that starts with the rest (`*` alone, any word).
struct Rule {
    starts_with: &'static str,
    action: Action,
}

const fn rule(starts_with: &'static str, action: Action) -> Rule {
    Rule {
        starts_with,
        action,
    }
}

const WINDOW: Action =
    Action::Skip("opens the game's window; scripts/game-e2e.sh plays the game under Xvfb in CI");
const SET_UP: Action = Action::Skip(
    "sets up a fresh machine (installs, downloads or changes the shell); it changes the machine",
);
const RELEASE_BUILD: Action =
    Action::Skip("a release build takes minutes; this test runs the `mapgen` cargo test built");
const BENCH: Action = Action::Skip("criterion measures for minutes");
const EXAMPLE: Action =
    Action::Skip("builds and runs an example; `cargo test --workspace` compiles every example");
const MEASURING_EXAMPLE: Action =
    Action::Skip("runs a measuring example built by a skipped `cargo build --release --example`");
const MAPGEN: Action = Action::RunAs("mapgen");

/// The one table of doc commands: the first rule whose words start a command decides.
const RULES: &[Rule] = &[
    // The built `mapgen`, however the docs spell it.
    rule("mapgen", Action::Run),
    rule("target/release/mapgen", Action::Run),
    rule("target/debug/mapgen", Action::Run),
    rule("cargo run --release -p mapgen-cli --", MAPGEN),
    rule("cargo run -p mapgen-cli --", MAPGEN),
    // The game.
    rule("cargo run --release -p game", WINDOW),
    rule("cargo run -p game", WINDOW),
    rule("target/release/game", WINDOW),
    rule("target/debug/game", WINDOW),
    rule("game", WINDOW),
    rule("scripts/game-e2e.sh", WINDOW),
    rule(
        "xvfb-run",
        Action::Skip("times the release game in a virtual X server for minutes"),
    ),
    // Cargo beyond `mapgen`.
    rule(
        "cargo test",
        Action::Skip("the test run this test is part of"),
    ),
    rule("cargo bench", BENCH),
    rule("nice cargo bench", BENCH),
    rule("cargo build --release", RELEASE_BUILD),
    rule("cargo run -p * --example", EXAMPLE),
    rule("cargo run --release -p * --example", EXAMPLE),
    rule("target/release/examples/*", MEASURING_EXAMPLE),
    rule("nice target/release/examples/*", MEASURING_EXAMPLE),
    rule("timeout * target/release/examples/*", MEASURING_EXAMPLE),
    rule("cargo install", Action::Skip("writes to ~/.cargo/bin")),
    rule(
        "cargo +nightly fuzz",
        Action::Skip("fuzzing runs for minutes under a nightly toolchain"),
    ),
    rule(
        "valgrind",
        Action::Skip("counts instructions under callgrind for minutes"),
    ),
    rule(
        "pip install",
        Action::Skip("installs Python packages for the libtcod peer of a benchmark"),
    ),
    rule(
        "scripts/gallery.sh",
        Action::Skip("rewrites the gallery pictures under docs/"),
    ),
    // The site in a browser (docs/web.md).
    rule(
        "bash scripts/build-web.sh",
        Action::Skip("builds both wasm modules for minutes; CI runs it before the browser tests"),
    ),
    rule(
        "python3 -m http.server",
        Action::Skip("serves the site until it is stopped"),
    ),
    rule(
        "node --test",
        Action::Skip("drives chromium over the built site; CI runs the browser tests"),
    ),
    rule(
        "node web/tests/measure.mjs",
        Action::Skip("times the pages in chromium for a minute"),
    ),
    rule(
        "npm ci",
        Action::Skip("installs the browser tests' npm packages"),
    ),
    // Setting up a machine.
    rule("sudo", SET_UP),
    rule("sudo=*", SET_UP),
    rule("$sudo", SET_UP),
    rule("apt-get", SET_UP),
    rule("apt", SET_UP),
    rule("dnf", SET_UP),
    rule("curl", SET_UP),
    rule("rustup", SET_UP),
    rule(".", SET_UP),
    rule("source", SET_UP),
    rule("git clone", SET_UP),
    rule("cd", SET_UP),
];

#[test]
fn every_shell_command_in_the_docs_runs_or_is_skipped_with_a_reason() {
    let repo = repo_root();
    let mut report = Report::default();
    for file in doc_files(&repo) {
        let text = fs::read_to_string(&file).unwrap();
        let name = file.strip_prefix(&repo).unwrap().display().to_string();
        for block in code_blocks(&text) {
            if SHELL_TAGS.contains(&block.tag.as_str()) {
                check_block(&repo, &name, &block, &mut report);
            }
        }
    }
    println!("{}", report.summary());
    assert!(
        report.failures.is_empty(),
        "{} of the docs' shell commands failed:\n\n{}",
        report.failures.len(),
        report
            .failures
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    assert!(report.ran > 0, "no doc command ran: {}", report.summary());
}

/// What the test saw, for the assertion and the summary.
#[derive(Default)]
struct Report {
    ran: usize,
    skipped: Vec<&'static str>,
    failures: Vec<Failure>,
}

impl Report {
    fn summary(&self) -> String {
        let mut reasons: Vec<&str> = self.skipped.clone();
        reasons.sort_unstable();
        reasons.dedup();
        let counted: Vec<String> = reasons
            .iter()
            .map(|r| {
                let n = self.skipped.iter().filter(|s| *s == r).count();
                format!("  {n} x {r}")
            })
            .collect();
        format!(
            "doc commands: {} ran, {} skipped, {} failed\n{}",
            self.ran,
            self.skipped.len(),
            self.failures.len(),
            counted.join("\n")
        )
    }
}

/// A doc command that has no rule, or ran and did not exit as expected.
struct Failure {
    at: String,
    command: String,
    problem: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}\n  {}", self.at, self.command, self.problem)
    }
}

/// Classifies a block's commands and runs those to run, in order, in one sandbox.
fn check_block(repo: &Path, file: &str, block: &CodeBlock, report: &mut Report) {
    let mut sandbox = None;
    for command in shell_commands(block) {
        let at = format!("{file}:{}", command.line);
        let fail = |problem: String| Failure {
            at: at.clone(),
            command: command.text.clone(),
            problem,
        };
        let Some((action, end)) = classify(&command.text) else {
            report.failures.push(fail(format!(
                "no rule says whether to run this command: add one to RULES in {} \
                 (Run if it is cheap and needs only the built `mapgen`, Skip(\"why not\") \
                 otherwise)",
                file!()
            )));
            continue;
        };
        let script = match action {
            Action::Skip(reason) => {
                report.skipped.push(reason);
                continue;
            }
            Action::Run => command.text.clone(),
            Action::RunAs(words) => format!("{words}{}", &command.text[end..]),
        };
        let sandbox = sandbox.get_or_insert_with(|| Sandbox::new(repo));
        report.ran += 1;
        if let Err(problem) = sandbox.run(&script, command.expected_exit) {
            report.failures.push(fail(problem));
        }
    }
}

/// The first rule matching `command`: its action and where the matched words end.
fn classify(command: &str) -> Option<(Action, usize)> {
    RULES
        .iter()
        .find_map(|rule| matched_end(command, rule.starts_with).map(|end| (rule.action, end)))
}

/// Where the words of `pattern` end in `command`, if `command` starts with them.
fn matched_end(command: &str, pattern: &str) -> Option<usize> {
    let words = words_with_ends(command);
    let mut end = None;
    for (i, wanted) in pattern.split_whitespace().enumerate() {
        let &(word, word_end) = words.get(i)?;
        let matches = match wanted.strip_suffix('*') {
            Some(start) => word.starts_with(start),
            None => word == wanted,
        };
        if !matches {
            return None;
        }
        end = Some(word_end);
    }
    end
}

/// The whitespace-separated words of `text`, each with the byte offset just past it.
fn words_with_ends(text: &str) -> Vec<(&str, usize)> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                words.push((&text[s..i], i));
                start = None;
            }
            _ => {}
        }
    }
    words
}

// ---------------------------------------------------------------------------------------
// Finding the commands
// ---------------------------------------------------------------------------------------

/// The workspace root, two levels above this crate.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// `README.md`, every `*.md` under `docs/`, every `crates/*/README.md`, in a stable order.
fn doc_files(repo: &Path) -> Vec<PathBuf> {
    let mut files = vec![repo.join("README.md")];
    let mut docs = Vec::new();
    markdown_under(&repo.join("docs"), &mut docs);
    docs.sort();
    files.extend(docs);
    let mut crate_readmes: Vec<PathBuf> = fs::read_dir(repo.join("crates"))
        .unwrap()
        .map(|entry| entry.unwrap().path().join("README.md"))
        .filter(|path| path.is_file())
        .collect();
    crate_readmes.sort();
    files.extend(crate_readmes);
    files
}

fn markdown_under(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            markdown_under(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "md") {
            found.push(path);
        }
    }
}

/// A fenced code block: its tag (the info string's first word) and its lines, each with
/// its line number in the file, the fence's indentation removed.
#[derive(Debug)]
struct CodeBlock {
    tag: String,
    lines: Vec<(usize, String)>,
}

/// An opening fence: three or more backticks or tildes, and how far it is indented.
struct Fence {
    mark: char,
    len: usize,
    indent: usize,
}

/// Every fenced code block of a markdown text; an unclosed one runs to the end.
fn code_blocks(markdown: &str) -> Vec<CodeBlock> {
    let mut blocks = Vec::new();
    let mut open: Option<(Fence, CodeBlock)> = None;
    for (i, line) in markdown.lines().enumerate() {
        match &mut open {
            None => {
                open = opening_fence(line).map(|(fence, tag)| {
                    let lines = Vec::new();
                    (fence, CodeBlock { tag, lines })
                });
            }
            Some((fence, _)) if closes(line, fence) => blocks.push(open.take().unwrap().1),
            Some((fence, block)) => block.lines.push((i + 1, dedent(line, fence.indent))),
        }
    }
    blocks.extend(open.map(|(_, block)| block));
    blocks
}

/// The fence a line opens, and the block's tag.
fn opening_fence(line: &str) -> Option<(Fence, String)> {
    let trimmed = line.trim_start();
    let mark = trimmed.chars().next().filter(|c| matches!(c, '`' | '~'))?;
    let len = trimmed.chars().take_while(|&c| c == mark).count();
    if len < 3 {
        return None;
    }
    let info = &trimmed[len..];
    let tag = info
        .split(|c: char| c.is_whitespace() || c == ',' || c == '{')
        .find(|word| !word.is_empty())
        .unwrap_or("");
    let indent = line.len() - trimmed.len();
    Some((Fence { mark, len, indent }, tag.to_owned()))
}

/// Whether `line` closes the block `fence` opened: as many marks or more, nothing else.
fn closes(line: &str, fence: &Fence) -> bool {
    let trimmed = line.trim();
    let marks = trimmed.chars().take_while(|&c| c == fence.mark).count();
    marks >= fence.len && marks == trimmed.chars().count()
}

/// `line` without up to `indent` leading spaces.
fn dedent(line: &str, indent: usize) -> String {
    let spaces = line.chars().take(indent).take_while(|&c| c == ' ').count();
    line[spaces..].to_owned()
}

/// One command of a block: where it starts, its text, and the exit status it should have.
#[derive(Debug)]
struct DocCommand {
    line: usize,
    text: String,
    expected_exit: i32,
}

/// The commands of a shell block (see the top of this file for the rules).
fn shell_commands(block: &CodeBlock) -> Vec<DocCommand> {
    let console = block.tag == "console";
    let mut commands = Vec::new();
    let mut pending: Option<DocCommand> = None;
    for (line, raw) in &block.lines {
        let raw = match (&pending, console) {
            (None, true) => match raw.trim_start().strip_prefix("$ ") {
                Some(command) => command,
                None => continue,
            },
            (Some(_), true) => raw.trim_start().strip_prefix("> ").unwrap_or(raw),
            (_, false) => raw,
        };
        let (code, comment) = split_comment(raw);
        if pending.is_none() && code.is_empty() {
            continue; // a blank or comment line
        }
        let (code, continues) = match code.strip_suffix('\\') {
            Some(code) => (code.trim(), true),
            None => (code.trim(), false),
        };
        let command = pending.get_or_insert_with(|| DocCommand {
            line: *line,
            text: String::new(),
            expected_exit: 0,
        });
        if !command.text.is_empty() && !code.is_empty() {
            command.text.push(' ');
        }
        command.text.push_str(code);
        if let Some(status) = comment.and_then(expected_exit) {
            command.expected_exit = status;
        }
        if !continues {
            commands.extend(pending.take());
        }
    }
    commands.extend(pending);
    commands
}

/// A line's code and its comment: a `#` that starts a word outside quotes starts it.
fn split_comment(line: &str) -> (&str, Option<&str>) {
    let mut quote = None;
    let mut escaped = false;
    let mut word_start = true;
    for (i, c) in line.char_indices() {
        let was_escaped = escaped;
        if escaped {
            escaped = false;
        } else {
            match (quote, c) {
                (Some('\''), '\'') | (Some('"'), '"') => quote = None,
                (Some('\''), _) => {}
                (_, '\\') => escaped = true,
                (Some(_), _) => {}
                (None, '\'' | '"') => quote = Some(c),
                (None, '#') if word_start => {
                    return (line[..i].trim_end(), Some(line[i + 1..].trim()));
                }
                (None, _) => {}
            }
        }
        word_start = c.is_whitespace() && !was_escaped;
    }
    (line.trim_end(), None)
}

/// The status an `exit N` comment expects.
fn expected_exit(comment: &str) -> Option<i32> {
    let rest = comment.strip_prefix("exit ")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

// ---------------------------------------------------------------------------------------
// Running them
// ---------------------------------------------------------------------------------------

/// A temporary directory to run one block's commands in, removed when dropped:
/// `work/` (the current directory: links to the repository's top-level entries and
/// `target/{release,debug}/mapgen`), `bin/mapgen` (first on `PATH`) and the last
/// command's `stdout` and `stderr`.
struct Sandbox {
    root: PathBuf,
}

impl Sandbox {
    fn new(repo: &Path) -> Sandbox {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "mapgen-docs-commands-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let sandbox = Sandbox {
            root: std::env::temp_dir().join(name),
        };
        let _ = fs::remove_dir_all(&sandbox.root);
        let mapgen = Path::new(env!("CARGO_BIN_EXE_mapgen"));
        for dir in ["bin", "work/target/release", "work/target/debug"] {
            fs::create_dir_all(sandbox.root.join(dir)).unwrap();
        }
        for link in ["bin", "work/target/release", "work/target/debug"] {
            symlink(mapgen, sandbox.root.join(link).join("mapgen")).unwrap();
        }
        for entry in fs::read_dir(repo).unwrap() {
            let entry = entry.unwrap();
            if entry.file_name() != "target" {
                symlink(entry.path(), sandbox.work().join(entry.file_name())).unwrap();
            }
        }
        sandbox
    }

    fn work(&self) -> PathBuf {
        self.root.join("work")
    }

    /// Runs `script` through `sh -c`; an error says how it ended when not with `expected`.
    fn run(&self, script: &str, expected: i32) -> Result<(), String> {
        let (stdout, stderr) = (self.root.join("stdout"), self.root.join("stderr"));
        let path = match std::env::var_os("PATH") {
            Some(path) => format!("{}:{}", self.root.join("bin").display(), path.display()),
            None => self.root.join("bin").display().to_string(),
        };
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(script)
            .current_dir(self.work())
            .env("PATH", path)
            .stdin(Stdio::null())
            .stdout(File::create(&stdout).unwrap())
            .stderr(File::create(&stderr).unwrap())
            .process_group(0)
            .spawn()
            .unwrap();
        let status = wait_or_kill(&mut child, TIMEOUT);
        let shown = |path: &Path| first_lines(&fs::read(path).unwrap_or_default(), 6);
        let ran_as = format!("ran as `{script}`");
        match status {
            Some(status) if status.code() == Some(expected) => Ok(()),
            Some(status) => Err(format!(
                "{} (expected exit {expected}; {ran_as})\n  stderr:\n{}\n  stdout:\n{}\n  \
                 Fix the command in the docs, or end it with `# exit N` if it is shown \
                 failing on purpose.",
                describe(status),
                shown(&stderr),
                shown(&stdout),
            )),
            None => Err(format!(
                "ran past {} s and was killed ({ran_as}). Make the example cheaper, or give \
                 it a Skip rule in RULES saying why it is slow.",
                TIMEOUT.as_secs()
            )),
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        // Removes the links, never what they point to.
        let _ = fs::remove_dir_all(&self.root);
    }
}

/// The child's exit status, or `None` after killing its process group at `timeout`.
fn wait_or_kill(child: &mut std::process::Child, timeout: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if Instant::now() >= deadline {
            // The shell and whatever it started (pipes, `$(...)`): its whole group.
            let kill = format!("kill -s KILL -- -{}", child.id());
            let _ = Command::new("sh").arg("-c").arg(kill).status();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn describe(status: ExitStatus) -> String {
    match status.code() {
        Some(code) => format!("exited with {code}"),
        None => format!("ended by a signal ({status})"),
    }
}

/// The first `count` lines of some output, indented, or "(empty)".
fn first_lines(output: &[u8], count: usize) -> String {
    let text = String::from_utf8_lossy(output);
    if text.trim().is_empty() {
        return "    (empty)".to_owned();
    }
    text.lines()
        .take(count)
        .map(|line| format!("    {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

// ---------------------------------------------------------------------------------------
// The parsing, pinned
// ---------------------------------------------------------------------------------------

fn commands_of(markdown: &str) -> Vec<DocCommand> {
    code_blocks(markdown)
        .iter()
        .filter(|block| SHELL_TAGS.contains(&block.tag.as_str()))
        .flat_map(shell_commands)
        .collect()
}

fn texts(markdown: &str) -> Vec<String> {
    commands_of(markdown).into_iter().map(|c| c.text).collect()
}

#[test]
fn continued_lines_are_one_command_at_the_first_line() {
    let md = "text\n```sh\nmapgen generate \\\n  --seed 1 \\\n  --width 30\nmapgen path\n```\n";
    let commands = commands_of(md);
    assert_eq!(
        commands
            .iter()
            .map(|c| (c.line, c.text.as_str()))
            .collect::<Vec<_>>(),
        [
            (3, "mapgen generate --seed 1 --width 30"),
            (6, "mapgen path")
        ]
    );
}

#[test]
fn comments_are_dropped_but_a_hash_in_quotes_or_inside_a_word_is_kept() {
    let md = "```bash\n# a comment line\n\nmapgen a   # trailing\n\
              game --replay \"#..#\" # shown\ngame --wall '#101030'\n\
              mapgen --tag=a#b\necho \\# not a comment\necho a\\ #b\n```\n";
    assert_eq!(
        texts(md),
        [
            "mapgen a",
            "game --replay \"#..#\"",
            "game --wall '#101030'",
            "mapgen --tag=a#b",
            "echo \\# not a comment",
            "echo a\\ #b"
        ]
    );
}

#[test]
fn a_comment_ending_in_a_backslash_does_not_continue_the_command() {
    assert_eq!(
        texts("```sh\nmapgen a # see \\\nmapgen b\n```\n"),
        ["mapgen a", "mapgen b"]
    );
}

#[test]
fn console_blocks_run_only_dollar_lines() {
    let md = "```console\n$ mapgen vaults list\npillared_hall 9x7\n$ mapgen a \\\n> --seed 2\n\
              output # not a command\n```\n";
    assert_eq!(texts(md), ["mapgen vaults list", "mapgen a --seed 2"]);
}

#[test]
fn tilde_and_indented_fences_are_read_and_other_tags_are_not() {
    let md = "- step\n\n   ~~~sh\n   mapgen a\n   ```\n   mapgen b\n   ~~~\n\
              ````text\n```sh\nnot shell\n```\n````\n``` shell title\nmapgen c\n```\n";
    assert_eq!(texts(md), ["mapgen a", "```", "mapgen b", "mapgen c"]);
}

#[test]
fn an_exit_comment_sets_the_expected_status() {
    let commands =
        commands_of("```sh\nmapgen generate --width 0   # exit 2: too small\nmapgen a\n```");
    let exits: Vec<i32> = commands.iter().map(|c| c.expected_exit).collect();
    assert_eq!(exits, [2, 0]);
}

#[test]
fn rules_match_whole_words_and_rewrite_the_matched_ones() {
    let command = "cargo run --release -p mapgen-cli -- generate --seed 7";
    let (action, end) = classify(command).unwrap();
    assert_eq!(action, MAPGEN);
    assert_eq!(&command[end..], " generate --seed 7");
    assert_eq!(classify("gamer --x"), None);
    assert_eq!(
        classify("timeout 60 target/release/examples/peer 1").map(|(a, _)| a),
        Some(MEASURING_EXAMPLE)
    );
    assert_eq!(
        classify("cargo run -p game-core").map(|(a, _)| a),
        None,
        "`game` is a word, not a prefix"
    );
}
