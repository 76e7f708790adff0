// What other scripts do to globals on real pages.
const originalFetch = window.fetch;
window.__fetchCalls = 0;
window.fetch = function patchedFetch(...args) {
  window.__fetchCalls++;
  return originalFetch.apply(this, args);
};
Object.defineProperty(Array.prototype, 'toJSON', {
  value() {
    return 'an array, stringified by an old library';
  },
  configurable: true,
});
// A Promise "polyfill" that wraps the native one, as some old bundles still ship.
const NativePromise = window.Promise;
window.__promisesMade = 0;
window.Promise = class PatchedPromise extends NativePromise {
  constructor(executor) {
    super(executor);
    window.__promisesMade++;
  }
};
