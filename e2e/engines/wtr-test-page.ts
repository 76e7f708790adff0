/**
 * web-test-runner's page for each test file: its own, with one repair. The runner sends a file's
 * results through `structuredClone`, which throws on a DOM element; a failed assertion about an
 * element (`expect(el.shadowRoot.activeElement).to.equal(button)`) then never reports, and the file
 * stalls until `testsFinishTimeout` in every engine, with no word of which test failed. Here the
 * runner's own messages (their `type` starts `wtr-`) fall back to a copy that names each element
 * by its tag; everything else, the code under test included, gets the platform's clone untouched.
 */
// A classic script runs before the runner's modules; its block keeps its names off the global scope (mocha's `describe`).
const repair = `{
  const clone = window.structuredClone;
  const named = (key, value) =>
    value instanceof Node ? '<' + value.nodeName.toLowerCase() + '> ' + (value.textContent ?? '').trim().slice(0, 200) : value;
  window.structuredClone = (value, options) => {
    try {
      return clone(value, options);
    } catch (error) {
      if (typeof value?.type === 'string' && value.type.startsWith('wtr-')) return JSON.parse(JSON.stringify(value, named));
      throw error;
    }
  };
}`;

export const testRunnerHtml = (testFramework: string): string =>
  `<!DOCTYPE html><html><head><script>${repair}</script></head><body><script type="module" src="${testFramework}"></script></body></html>`;
