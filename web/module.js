// Loads one of the site's wasm modules and passes text in and out of it, over the plain
// interface the Rust side documents (crates/web-page/src/io.rs): no bindgen, no glue
// generated at build time. `prefix` names the module's exports (`game_`, `playground_`).
export async function load(url, prefix, env = {}) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), { env });
  const x = instance.exports;
  const call = (name) => x[prefix + name];
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return {
    exports: x,
    call: (name, ...args) => call(name)(...args),
    // Writes `text` into the module's inbox, for the next call to read.
    send(text) {
      const bytes = encoder.encode(text);
      const at = call('inbox')(bytes.length);
      new Uint8Array(x.memory.buffer, at, bytes.length).set(bytes);
    },
    // The bytes the last call left in the outbox (a copy).
    bytes() {
      const at = call('outbox_ptr')();
      const len = call('outbox_len')();
      return new Uint8Array(x.memory.buffer, at, len).slice();
    },
    text() {
      return decoder.decode(this.bytes());
    },
    // `len` u32s of the module's memory from `at` (a view: valid until memory grows).
    u32s(at, len) {
      return new Uint32Array(x.memory.buffer, at, len);
    },
  };
}

// The message of a trap: the panic the module kept in its outbox, if any.
export function crashText(module, error) {
  try {
    const kept = module.text();
    if (kept.startsWith('the module crashed')) return kept;
  } catch (_) { /* the module is unusable */ }
  return String(error);
}
