//! Text between a page's JavaScript and the wasm module, without `unsafe` code.
//!
//! Into the module: JavaScript asks for an inbox of `len` bytes ([`inbox`]), writes its
//! UTF-8 text there through the module's memory, and calls the export that reads it
//! ([`take_inbox`]). Out of it: an export leaves its text in the outbox ([`set_outbox`]),
//! and JavaScript reads [`outbox_ptr`] and [`outbox_len`] bytes of memory. Each module
//! exports thin `extern "C"` wrappers of these (an export must be defined in the module's
//! own crate to be kept by the linker).
//!
//! ```
//! let at = web_page::io::inbox(5);
//! assert!(!at.is_null());
//! // (JavaScript writes "hello" at `at` here.)
//! assert_eq!(web_page::io::take_inbox().len(), 5);
//! web_page::io::set_outbox("out".to_string());
//! assert_eq!(web_page::io::outbox_len(), 3);
//! ```

use std::cell::RefCell;

thread_local! {
    static INBOX: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTBOX: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// An inbox of `len` zero bytes for JavaScript to write into: its address in the
/// module's memory, valid until the next call into the module.
pub fn inbox(len: usize) -> *mut u8 {
    INBOX.with_borrow_mut(|inbox| {
        inbox.clear();
        inbox.resize(len, 0);
        inbox.as_mut_ptr()
    })
}

/// The inbox's text (invalid UTF-8 replaced), emptying it.
pub fn take_inbox() -> String {
    let bytes = INBOX.with_borrow_mut(std::mem::take);
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The inbox's bytes, emptying it.
pub fn take_inbox_bytes() -> Vec<u8> {
    INBOX.with_borrow_mut(std::mem::take)
}

/// Leaves `text` in the outbox for JavaScript.
pub fn set_outbox(text: String) {
    OUTBOX.set(text.into_bytes());
}

/// Leaves `bytes` in the outbox for JavaScript (a picture, say).
pub fn set_outbox_bytes(bytes: Vec<u8>) {
    OUTBOX.set(bytes);
}

/// The address of the outbox's bytes.
pub fn outbox_ptr() -> *const u8 {
    OUTBOX.with_borrow(Vec::as_ptr)
}

/// How many bytes the outbox holds.
pub fn outbox_len() -> usize {
    OUTBOX.with_borrow(Vec::len)
}

/// Keeps the message of any panic in the outbox, where the page reads it after the
/// module traps (wasm32-unknown-unknown aborts on a panic, and prints nothing).
pub fn keep_panic_messages() {
    std::panic::set_hook(Box::new(|info| {
        let text = info
            .payload()
            .downcast_ref::<&str>()
            .map(ToString::to_string)
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let message = format!("the module crashed{place}: {text}").into_bytes();
        // A panic while the outbox is borrowed keeps the text that was there.
        OUTBOX.with(|outbox| {
            if let Ok(mut outbox) = outbox.try_borrow_mut() {
                *outbox = message;
            }
        });
    }));
}
