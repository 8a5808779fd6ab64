//! `--format html` in a real browser: headless Chromium, driven through
//! chromedriver's WebDriver protocol (plain HTTP on the loopback, a few
//! lines here rather than a client crate), opens the page of y25, soma,
//! 6x10, calibron12, big-cats, a pyramid of balls and BurrTools' DiagonalCube (rhombic tetrahedra),
//! fails on any error in the JavaScript
//! console, turns the box (arrow key and mouse drag), peels a layer, steps
//! the build back, picks a piece out of the list and goes to the next
//! solution — and after each, checks by the screenshot's pixels that the
//! picture changed and is not blank. Where the box comes apart by sliding
//! pieces (soma, y25), it also plays a move of the disassembly forwards
//! and back and checks the pieces' shifts the page reports.
//!
//! Needs `chromium` and `chromedriver` on PATH (.ci/run installs Debian's
//! `chromium` and `chromium-driver`); without them the test is skipped
//! with one line, or fails under JIGSAT_REQUIRE_TOOLS=1 (as in CI).
//! JIGSAT_SCREENSHOTS=DIR also saves a screenshot of each page there
//! (docs/ holds two of them).

mod common;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use common::tools::require_tool;
use common::{jigsat, puzzle_path};
use serde_json::{Value, json};

/// The key WebDriver names for an element in its answers.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// chromedriver, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = Driver { child, port };
        // Ready when it answers: a bounded number of tries, no timing.
        for _ in 0..200 {
            if TcpStream::connect(("127.0.0.1", port)).is_ok()
                && driver.call("GET", "/status", None)["ready"] == true
            {
                return driver;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        panic!("chromedriver did not come up on port {port}");
    }

    /// One WebDriver command; its `value`, or a panic with the error.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.port,
            body.len()
        )
        .unwrap();
        let rest = read_answer(&mut stream);
        let value: Value = serde_json::from_str(&rest).unwrap_or(Value::Null);
        let value = value["value"].clone();
        if let Some(error) = value.get("error") {
            panic!("{method} {path}: {error}: {}", value["message"]);
        }
        value
    }
}

/// The body of an HTTP answer, read by its Content-Length (chromedriver
/// keeps the connection open after answering).
fn read_answer(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let mut byte = [0u8; 1];
    while !answer.ends_with(b"\r\n\r\n") {
        assert_eq!(
            stream.read(&mut byte).unwrap(),
            1,
            "the answer ended in its head"
        );
        answer.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&answer).to_ascii_lowercase();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("a Content-Length");
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).unwrap();
    String::from_utf8(body).unwrap()
}

/// A browser window with one page open.
struct Session<'a> {
    driver: &'a Driver,
    id: String,
}

impl Session<'_> {
    fn open<'a>(driver: &'a Driver, page: &Path) -> Session<'a> {
        let chromium = common::tools::on_path("chromium").expect("chromium on PATH");
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1100,850"],
            },
            "goog:loggingPrefs": {"browser": "ALL"},
        }}});
        let value = driver.call("POST", "/session", Some(caps));
        let id = value["sessionId"].as_str().unwrap().to_string();
        let session = Session { driver, id };
        let url = format!("file://{}", page.display());
        session.post("url", json!({ "url": url }));
        session
    }

    fn post(&self, what: &str, body: Value) -> Value {
        let path = format!("/session/{}/{what}", self.id);
        self.driver.call("POST", &path, Some(body))
    }

    fn find(&self, css: &str) -> Option<String> {
        let path = format!("/session/{}/elements", self.id);
        let found = self.driver.call(
            "POST",
            &path,
            Some(json!({"using": "css selector", "value": css})),
        );
        found.as_array()?.first().map(|e| {
            e[ELEMENT]
                .as_str()
                .unwrap_or_else(|| panic!("{e}"))
                .to_string()
        })
    }

    fn element(&self, css: &str) -> String {
        self.find(css)
            .unwrap_or_else(|| panic!("no {css} on the page"))
    }

    fn click(&self, css: &str) {
        self.post(&format!("element/{}/click", self.element(css)), json!({}));
    }

    fn keys(&self, css: &str, text: &str) {
        self.post(
            &format!("element/{}/value", self.element(css)),
            json!({ "text": text }),
        );
    }

    /// Drags the mouse across the element from its middle.
    fn drag(&self, css: &str, dx: i64, dy: i64) {
        let origin = json!({ ELEMENT: self.element(css) });
        self.post(
            "actions",
            json!({"actions": [{"type": "pointer", "id": "mouse",
            "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "duration": 0, "origin": origin, "x": 0, "y": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "duration": 100, "origin": "pointer", "x": dx, "y": dy},
                {"type": "pointerUp", "button": 0},
            ]}]}),
        );
    }

    /// The value of attribute `name` of the element `css`.
    fn attribute(&self, css: &str, name: &str) -> Value {
        let path = format!(
            "/session/{}/element/{}/attribute/{name}",
            self.id,
            self.element(css)
        );
        self.driver.call("GET", &path, None)
    }

    /// The text shown in the element `css`.
    fn text(&self, css: &str) -> Value {
        let path = format!("/session/{}/element/{}/text", self.id, self.element(css));
        self.driver.call("GET", &path, None)
    }

    /// Where the page says each piece is (`data-shifts` of the canvas:
    /// per piece, its shift from the assembly).
    fn shifts(&self) -> Vec<[i64; 3]> {
        let text = self.attribute("#box", "data-shifts");
        serde_json::from_str(text.as_str().expect("data-shifts on the canvas")).unwrap()
    }

    /// The console's errors so far.
    fn errors(&self) -> Vec<String> {
        let log = self.post("se/log", json!({"type": "browser"}));
        log.as_array()
            .unwrap()
            .iter()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].to_string())
            .collect()
    }

    /// The picture's pixels (RGBA), from a screenshot of `#picture`.
    fn picture(&self) -> Pixels {
        let path = format!(
            "/session/{}/element/{}/screenshot",
            self.id,
            self.element("#picture")
        );
        decode(&self.driver.call("GET", &path, None))
    }

    fn save_screenshot(&self, to: &Path) {
        let shot = self
            .driver
            .call("GET", &format!("/session/{}/screenshot", self.id), None);
        std::fs::write(to, base64(shot.as_str().unwrap())).unwrap();
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.id);
        self.driver.call("DELETE", &path, None);
    }
}

struct Pixels {
    rgba: Vec<u8>,
}

fn decode(shot: &Value) -> Pixels {
    let bytes = base64(shot.as_str().expect("a screenshot"));
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        other => panic!("screenshot in {other:?}"),
    };
    Pixels { rgba }
}

fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text
        .bytes()
        .filter(|c| !matches!(c, b'=' | b'\n' | b'\r'))
        .collect();
    digits
        .chunks(4)
        .flat_map(|q| {
            let n =
                q.iter().fold(0u32, |n, &c| n << 6 | u32::from(value(c))) << (6 * (4 - q.len()));
            let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            bytes.into_iter().take(q.len() - 1)
        })
        .collect()
}

impl Pixels {
    /// Not blank: a good share of the pixels are not background white, in
    /// several colours.
    fn assert_drawn(&self, what: &str) {
        let pixels: Vec<&[u8]> = self.rgba.chunks(4).collect();
        let inked = pixels.iter().filter(|p| p[..3] != [255, 255, 255]).count();
        let mut colours: Vec<&[u8]> = pixels.clone();
        colours.sort_unstable();
        colours.dedup();
        assert!(
            inked * 20 > pixels.len(),
            "{what}: nearly blank ({inked} of {} inked)",
            pixels.len()
        );
        assert!(colours.len() > 8, "{what}: {} colours only", colours.len());
    }

    /// Changed: enough pixels differ from `before`.
    fn assert_changed_from(&self, before: &Pixels, what: &str) {
        let differ = if self.rgba.len() != before.rgba.len() {
            self.rgba.len() / 4
        } else {
            self.rgba
                .chunks(4)
                .zip(before.rgba.chunks(4))
                .filter(|(a, b)| a != b)
                .count()
        };
        assert!(
            differ * 500 > self.rgba.len() / 4,
            "{what}: the picture did not change ({differ} pixels)"
        );
    }
}

/// Writes the page of `puzzle` into `dir`.
fn page(dir: &Path, puzzle: &str, extra: &[&str]) -> PathBuf {
    let path = dir.join(format!("{puzzle}.html"));
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path(&format!("{puzzle}.toml")))
        .args(["-q", "--format", "html", "-o"])
        .arg(&path)
        .args(extra)
        .output()
        .unwrap();
    common::assert_success(&output);
    path
}

/// The disassembly's controls: a move forwards slides some pieces (the
/// shifts the page reports change, and so does the picture), a move back
/// puts them where they were, and "take apart" is there to play it all.
fn take_apart(session: &Session, shot: Pixels, puzzle: &str) -> Pixels {
    assert!(
        session.find("#apart-play").is_some(),
        "{puzzle}: a button to play the disassembly"
    );
    let text = session.text("#apart-text");
    let plays = text.as_str().is_some_and(|t| t.starts_with("move 0 of "));
    // Every Soma assembly comes apart (a piece lifts off); a bigger box may
    // not, or not within the few seconds a page spends on it.
    assert!(
        plays || puzzle != "soma",
        "{puzzle}: the page plays a disassembly ({text})"
    );
    if !plays {
        return shot;
    }
    let start = session.shifts();
    assert!(start.iter().all(|s| *s == [0, 0, 0]), "{puzzle}: assembled");
    let shot = after(session, shot, &format!("{puzzle}: a move forwards"), || {
        session.click("#apart-next")
    });
    let moved = session.shifts();
    assert_ne!(moved, start, "{puzzle}: a move forwards slides pieces");
    let shot = after(session, shot, &format!("{puzzle}: a move back"), || {
        session.click("#apart-prev")
    });
    assert_eq!(session.shifts(), start, "{puzzle}: a move back undoes it");
    if let Some(to) = std::env::var_os("JIGSAT_SCREENSHOTS") {
        // In the middle of the disassembly: three moves done.
        for _ in 0..3 {
            session.click("#apart-next");
        }
        session.save_screenshot(&Path::new(&to).join(format!("{puzzle}-apart.png")));
        for _ in 0..3 {
            session.click("#apart-prev");
        }
    }
    shot
}

/// Does `act`, then checks the picture changed from `before` and is drawn;
/// returns the new picture.
fn after(session: &Session, before: Pixels, what: &str, act: impl FnOnce()) -> Pixels {
    act();
    let now = session.picture();
    now.assert_drawn(what);
    now.assert_changed_from(&before, what);
    assert_eq!(
        session.errors(),
        Vec::<String>::new(),
        "{what}: console errors"
    );
    now
}

fn drive(driver: &Driver, dir: &Path, puzzle: &str, extra: &[&str]) {
    let file = page(dir, puzzle, extra);
    let session = Session::open(driver, &file);
    assert_eq!(
        session.errors(),
        Vec::<String>::new(),
        "{puzzle}: console errors on load"
    );
    let mut shot = session.picture();
    shot.assert_drawn(puzzle);
    if session.find("canvas#box").is_some() {
        shot = after(&session, shot, &format!("{puzzle}: arrow key"), || {
            session.keys("body", "\u{E012}")
        });
        shot = after(&session, shot, &format!("{puzzle}: drag"), || {
            session.drag("#box", 90, 40)
        });
        // Back to the first view, where the last piece (on top) shows.
        shot = after(&session, shot, &format!("{puzzle}: reset"), || {
            session.click("#reset")
        });
    }
    if session.find("#apart-next").is_some() {
        shot = take_apart(&session, shot, puzzle);
    }
    shot = after(&session, shot, &format!("{puzzle}: step back"), || {
        session.click("#prev")
    });
    // After stepping: once the top layer is peeled, the last piece may lie
    // in it, out of sight.
    if session.find("#layers").is_some() {
        shot = after(&session, shot, &format!("{puzzle}: peel"), || {
            session.keys("#layers", "\u{E012}")
        });
    }
    shot = after(&session, shot, &format!("{puzzle}: pick a piece"), || {
        session.click("#pieces li")
    });
    if session.find("#next-solution").is_some() {
        after(&session, shot, &format!("{puzzle}: next solution"), || {
            session.click("#next-solution")
        });
    }
    if let Some(to) = std::env::var_os("JIGSAT_SCREENSHOTS") {
        let fresh = Session::open(driver, &file);
        fresh.save_screenshot(&Path::new(&to).join(format!("{puzzle}-page.png")));
    }
}

#[test]
fn pages_turn_peel_and_step_in_a_browser() {
    let install = "apt-get install chromium chromium-driver";
    if !(require_tool("chromium", install) && require_tool("chromedriver", install)) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let driver = Driver::start();
    drive(&driver, dir.path(), "y25", &[]);
    drive(&driver, dir.path(), "soma", &[]);
    drive(&driver, dir.path(), "pentomino-6x10", &["--limit", "3"]);
    drive(&driver, dir.path(), "calibron12", &[]);
    drive(&driver, dir.path(), "big-cats", &[]);
    balls(&driver, dir.path());
    tetrahedra(&driver, dir.path());
}

/// DiagonalCube, on BurrTools' rhombic grid: its tetrahedra's outer faces
/// drawn, turned, a piece taken off (faces behind it come into view) and
/// one picked out. Skipped with one line where ../shared/burrtools is not.
fn tetrahedra(driver: &Driver, dir: &Path) {
    let shelf = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/burrtools");
    let puzzle = shelf.join("DiagonalCube.xmpuzzle");
    if !puzzle.is_file() {
        eprintln!("skipped: {} is not there", puzzle.display());
        return;
    }
    let file = dir.join("DiagonalCube.html");
    let output = jigsat()
        .arg("solve")
        .arg(&puzzle)
        .args(["-q", "--format", "html", "-o"])
        .arg(&file)
        .output()
        .unwrap();
    common::assert_success(&output);
    let session = Session::open(driver, &file);
    assert_eq!(session.errors(), Vec::<String>::new(), "console errors");
    let mut shot = session.picture();
    shot.assert_drawn("DiagonalCube");
    let faces = |s: &Session| {
        s.attribute("#box", "data-parts")
            .as_str()
            .unwrap()
            .parse::<usize>()
            .unwrap()
    };
    let all = faces(&session);
    assert!(all > 0, "faces drawn");
    shot = after(&session, shot, "tetrahedra: arrow key", || {
        session.keys("body", "\u{E012}")
    });
    shot = after(&session, shot, "tetrahedra: step back", || {
        session.click("#prev")
    });
    assert_ne!(faces(&session), all, "a piece off");
    after(&session, shot, "tetrahedra: pick a piece", || {
        session.click("#pieces li")
    });
}

/// A pyramid of balls: a ball drawn for each of its 14 cells; it turns,
/// comes apart and steps as a box of cubes (its top layer is one ball of
/// the last piece, so peeling after a step back shows nothing new).
fn balls(driver: &Driver, dir: &Path) {
    let puzzle = "spheres-pyramid14";
    let session = Session::open(driver, &page(dir, puzzle, &[]));
    assert_eq!(session.errors(), Vec::<String>::new(), "console errors");
    let mut shot = session.picture();
    shot.assert_drawn(puzzle);
    assert_eq!(session.attribute("#box", "data-parts"), "14");
    shot = after(&session, shot, "balls: arrow key", || {
        session.keys("body", "\u{E012}")
    });
    shot = take_apart(&session, shot, puzzle);
    after(&session, shot, "balls: step back", || {
        session.click("#prev")
    });
    assert_eq!(
        session.attribute("#box", "data-parts"),
        "12",
        "a domino off"
    );
}
