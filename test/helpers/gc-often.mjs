// Preloaded into a child started with --expose-gc, by tests that prove something still works when
// garbage is collected at any moment (a timer or signal nothing holds strongly): a full collection
// every 20 ms, without keeping the process alive.
setInterval(() => globalThis.gc?.(), 20).unref();
