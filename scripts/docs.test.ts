/**
 * The README and every page of docs/ as a newcomer follows them: each relative link reaches a file
 * (and its #anchor a heading there), each `npm run <script>` exists, and each repository path named
 * in backticks is there. A moved file or a renamed script breaks this test, not a reader's afternoon.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`)];
const scripts = Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts);
/** Outputs a command writes (git ignores them): named in the docs, absent from a fresh clone. */
const madeByARun = (path: string) => {
  try {
    execFileSync('git', ['check-ignore', '-q', path], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
};
const FOLDERS = /^(src|service|contract|sdk|demo|e2e|bench|scripts|public|docs)\/[\w./-]*$/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const anchorsOf = (text: string) => new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1].replace(/`/g, ''))));

describe('the README and docs/', () => {
  for (const page of PAGES) {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const prose = text.replace(/```[\s\S]*?```/g, '');

    it(`${page}: every relative link and anchor leads somewhere`, () => {
      for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:)/.test(target)) continue;
        const [file, anchor] = target.split('#');
        const path = file ? join(ROOT, dirname(page), file) : join(ROOT, page);
        assert.ok(existsSync(path), `${page} links to ${target}: no such file`);
        if (anchor && path.endsWith('.md'))
          assert.ok(anchorsOf(readFileSync(path, 'utf8')).has(anchor), `${page} links to ${target}: no such heading`);
      }
    });

    it(`${page}: every npm script it names exists`, () => {
      for (const [, script] of text.matchAll(/npm run ([\w-]+(?::[\w-]+)*)/g))
        assert.ok(scripts.includes(script), `${page} names npm run ${script}, which package.json does not have`);
    });

    it(`${page}: every repository path it names in backticks is there`, () => {
      for (const [, path] of prose.matchAll(/`([^`\s]+)`/g)) {
        if (!FOLDERS.test(path) || /[<*]/.test(path) || madeByARun(path)) continue;
        assert.ok(existsSync(join(ROOT, path)), `${page} names ${path}, which is not in the repository`);
      }
    });
  }

  it('every page of docs/ is reachable from the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const page of PAGES.slice(1)) assert.ok(readme.includes(`](${relative(ROOT, join(ROOT, page))})`), page);
  });
});
