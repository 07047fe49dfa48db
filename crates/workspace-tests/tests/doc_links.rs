//! The docs hold together: every relative link in the README, in `docs/` and in the crates'
//! and assets' READMEs names a file that exists and, after `#`, a heading of that page (as
//! GitHub makes anchors); every `docs/` page is reachable from the README; every page with
//! a `rust` block has its examples run as doc tests; and no page speaks of the issues the
//! work came from ("issue 12"), which a reader cannot see.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Component, Path, PathBuf};

#[test]
fn every_relative_link_names_a_file_and_a_heading_that_exist() {
    let root = repo_root();
    let pages = markdown_pages(&root);
    let mut broken = Vec::new();
    for page in &pages {
        let text = fs::read_to_string(root.join(page)).unwrap();
        for (line, target) in links(&text) {
            if let Err(problem) = check_link(&root, page, &target) {
                broken.push(format!("{}:{line}: ({target}): {problem}", page.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn every_docs_page_is_reachable_from_the_readme() {
    let root = repo_root();
    let mut seen = BTreeSet::from([PathBuf::from("README.md")]);
    let mut todo = vec![PathBuf::from("README.md")];
    while let Some(page) = todo.pop() {
        let text = fs::read_to_string(root.join(&page)).unwrap();
        for (_, target) in links(&text) {
            let Some(file) = linked_file(&page, &target) else {
                continue;
            };
            let is_page = file.extension().is_some_and(|ext| ext == "md");
            if is_page && root.join(&file).is_file() && seen.insert(file.clone()) {
                todo.push(file);
            }
        }
    }
    let unreachable: Vec<_> = markdown_pages(&root)
        .into_iter()
        .filter(|page| page.starts_with("docs") && !seen.contains(page))
        .collect();
    assert!(
        unreachable.is_empty(),
        "not linked from the README: {unreachable:?}"
    );
}

#[test]
fn every_page_with_rust_examples_runs_them_as_doc_tests() {
    let root = repo_root();
    let listed: BTreeSet<&str> = workspace_tests::PAGES_WITH_EXAMPLES
        .iter()
        .copied()
        .collect();
    for page in markdown_pages(&root) {
        let name = page.to_str().unwrap().replace('\\', "/");
        if name.starts_with("crates/") {
            continue; // a crate's README is its own crate's doc test
        }
        let text = fs::read_to_string(root.join(&page)).unwrap();
        let has_rust = text.lines().any(|line| line.trim_start() == "```rust");
        assert_eq!(
            has_rust,
            listed.contains(name.as_str()),
            "{name}: a page with `rust` blocks must be in pages!() in src/lib.rs, and only such a page"
        );
    }
}

#[test]
fn no_page_refers_to_an_issue_by_number() {
    let root = repo_root();
    for page in markdown_pages(&root) {
        let text = fs::read_to_string(root.join(&page)).unwrap();
        for (number, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            let mut rest = lower.as_str();
            while let Some(at) = rest.find("issue ") {
                rest = &rest[at + "issue ".len()..];
                assert!(
                    !rest.starts_with(|c: char| c.is_ascii_digit()),
                    "{}:{}: names an issue the reader cannot see: {line}",
                    page.display(),
                    number + 1
                );
            }
        }
    }
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    let headings = anchors(
        "# The `mapgen` command\n## Big maps: `PathFinder`\n```sh\n# a comment\n```\n## Gallery\n## Gallery\n",
    );
    let expected = [
        "the-mapgen-command",
        "big-maps-pathfinder",
        "gallery",
        "gallery-1",
    ];
    let expected: BTreeSet<String> = expected.iter().map(ToString::to_string).collect();
    assert_eq!(headings, expected);
    assert_eq!(
        slug("`drunkard`: drunkard's walk"),
        "drunkard-drunkards-walk"
    );
    assert_eq!(slug("Set-up on a bare machine"), "set-up-on-a-bare-machine");
}

#[test]
fn links_are_found_outside_code_only() {
    let text = "see [a](a.md) and `[b](b.md)`\n```sh\n[c](c.md)\n~~~\n[f](f.md)\n```\n![d](d.png#x) [e](https://e)\n";
    let found: Vec<String> = links(text).into_iter().map(|(_, target)| target).collect();
    assert_eq!(found, ["a.md", "d.png#x"]);
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The pages checked, relative to the root, in a stable order: the README, the changelog,
/// and every markdown file under `docs/`, `crates/` and `assets/`.
fn markdown_pages(root: &Path) -> Vec<PathBuf> {
    let mut pages = vec![PathBuf::from("README.md"), PathBuf::from("CHANGELOG.md")];
    for dir in ["docs", "crates", "assets"] {
        let mut found = Vec::new();
        markdown_under(root, Path::new(dir), &mut found);
        found.sort();
        pages.extend(found);
    }
    pages
}

fn markdown_under(root: &Path, dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(root.join(dir)).unwrap() {
        let path = dir.join(entry.unwrap().file_name());
        if root.join(&path).is_dir() {
            markdown_under(root, &path, found);
        } else if path.extension().is_some_and(|ext| ext == "md") {
            found.push(path);
        }
    }
}

/// The lines of a page outside its fenced code blocks, with their line numbers. A block
/// opened by three backticks ends only at three backticks, one opened by `~~~` only at
/// `~~~`.
fn prose_lines(markdown: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut open_fence: Option<&str> = None;
    markdown.lines().enumerate().filter_map(move |(i, line)| {
        let fence = ["```", "~~~"]
            .into_iter()
            .find(|fence| line.trim_start().starts_with(fence));
        match (open_fence, fence) {
            (None, None) => return Some((i + 1, line)),
            (None, Some(fence)) => open_fence = Some(fence),
            (Some(open), Some(fence)) if open == fence => open_fence = None,
            _ => {}
        }
        None
    })
}

/// The relative link targets of a page with their line numbers, outside code blocks and
/// code spans; web and mail links are left out.
fn links(markdown: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in prose_lines(markdown) {
        let prose = without_code_spans(line);
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = rest[..end].trim();
            let external = ["http://", "https://", "mailto:"]
                .iter()
                .any(|scheme| target.starts_with(scheme));
            if !external {
                found.push((number, target.to_string()));
            }
            rest = &rest[end..];
        }
    }
    found
}

fn without_code_spans(line: &str) -> String {
    line.split('`').step_by(2).collect::<Vec<_>>().join("")
}

/// The file a link names, relative to the root; `None` for a link within the page.
fn linked_file(page: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split('#').next().unwrap();
    if path.is_empty() {
        return None;
    }
    let mut resolved = PathBuf::new();
    for part in page.parent().unwrap().join(path).components() {
        match part {
            Component::ParentDir => {
                resolved.pop();
            }
            Component::CurDir => {}
            other => resolved.push(other),
        }
    }
    Some(resolved)
}

fn check_link(root: &Path, page: &Path, target: &str) -> Result<(), String> {
    let file = linked_file(page, target).unwrap_or_else(|| page.to_path_buf());
    if !root.join(&file).exists() {
        return Err(format!("{} does not exist", file.display()));
    }
    let Some((_, anchor)) = target.split_once('#') else {
        return Ok(());
    };
    let text = fs::read_to_string(root.join(&file)).map_err(|e| e.to_string())?;
    if anchors(&text).contains(anchor) {
        Ok(())
    } else {
        Err(format!("{} has no heading #{anchor}", file.display()))
    }
}

/// GitHub's anchors of a page's headings: each heading's slug, `-1`, `-2`... on repeats.
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut found = BTreeSet::new();
    for (_, line) in prose_lines(markdown) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes == 0 || hashes > 6 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(line[hashes..].trim());
        let count = counts.entry(base.clone()).or_insert(0);
        found.insert(match *count {
            0 => base.clone(),
            n => format!("{base}-{n}"),
        });
        *count += 1;
    }
    found
}

/// A heading's anchor as GitHub makes it: lower case, spaces to hyphens, and every
/// character but letters, digits, `-` and `_` left out.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}
