// Preloaded into a bench server (`node --expose-gc --require heap-probe.cjs`): on the bench's
// message "heap" it runs a full garbage collection and answers with the process's memory, so the
// soak can tell memory still referenced (a leak, or growth) from garbage not yet collected. It
// lives in the bench, not in the server: production has no way to be made to collect.
'use strict';

if (typeof process.send === 'function' && typeof globalThis.gc === 'function') {
  process.on('message', (message) => {
    if (message !== 'heap') return;
    globalThis.gc();
    const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
    process.send({ heapUsed, external, arrayBuffers, rss });
  });
  // The channel must not keep a stopping server alive.
  process.channel?.unref();
}
