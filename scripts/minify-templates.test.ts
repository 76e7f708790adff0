import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aliasesIn, minifyCss, minifyTemplates } from './minify-templates.js';

describe('minifyCss', () => {
  it('drops comments and spare whitespace', () => {
    assert.equal(
      minifyCss('\n  /* why */\n  .a ,\n  .b {\n    color : red;\n    margin: 0 auto;\n  }\n'),
      '.a,.b{color :red;margin:0 auto}',
    );
  });

  it('keeps quoted strings exactly, including " : " and comment-like text', () => {
    const css = `.sep::after { content: " : "; } .q::before { content: '/* not a comment */  x'; }`;
    assert.equal(minifyCss(css), `.sep::after{content:" : "}.q::before{content:'/* not a comment */  x'}`);
  });

  it('reads an apostrophe inside a comment as part of the comment', () => {
    assert.equal(minifyCss(`/* the host's */ .a { content: 'b c'; }`), `.a{content:'b c'}`);
  });

  it('gives private custom properties short names, the same across templates, and leaves public ones and strings alone', () => {
    const aliases = new Map<string, string>();
    assert.equal(
      minifyCss(
        `:host { --_accent: var(--sv-accent, red); --_accent-contrast: #fff; } .a::after { content: '--_accent'; }`,
        aliases,
      ),
      `:host{--_0:var(--sv-accent,red);--_1:#fff}.a::after{content:'--_accent'}`,
    );
    assert.equal(
      minifyCss(`.b { color: var(--_accent-contrast); background: var(--_accent); }`, aliases),
      `.b{color:var(--_1);background:var(--_0)}`,
    );
    assert.equal(minifyCss(`.b { color: var(--_accent); }`), `.b{color:var(--_accent)}`, 'without aliases, names stay');
  });

  it("names the sources' private custom properties before the build, the same every time, so no build depends on which module came first", async () => {
    const dir = new URL('../src/', import.meta.url).pathname;
    const aliases = await aliasesIn(dir);
    const names = [...aliases.keys()];
    assert.ok(names.includes('--_accent') && names.includes('--_muted'));
    assert.deepEqual(
      [...aliases.values()],
      names.map((_, i) => `--_${i.toString(36)}`),
    );
    assert.deepEqual([...(await aliasesIn(dir))], [...aliases]);
  });
});

describe('minifyTemplates', () => {
  it('collapses the indentation of html templates to one significant space', () => {
    const code = 'const t = html`<b>${a}</b>\n    <i>x</i>\n  ${b}`;';
    assert.equal(minifyTemplates(code), 'const t = html`<b>${a}</b> <i>x</i> ${b}`;');
  });

  it('drops line breaks before a closing > and next to blocks, but not between inline elements', () => {
    const code = 'const t = html`<tr>\n  <td\n    >a</td\n  >\n  <td>${b}</td>\n</tr>\n<span>a</span>\n<b>c</b>`;';
    assert.equal(minifyTemplates(code), 'const t = html`<tr><td>a</td><td>${b}</td></tr><span>a</span> <b>c</b>`;');
  });

  it('keeps a single space between inline elements', () => {
    const code = 'const t = html`<span>a</span> <span>b</span>`;';
    assert.equal(minifyTemplates(code), code);
  });

  it('leaves a template with <pre> exactly as written', () => {
    const code = 'const t = html`<pre>\n  two  spaces\n</pre>`;';
    assert.equal(minifyTemplates(code), code);
  });

  it('touches nothing outside css, html and svg templates', () => {
    const code = 'const s = `a\n   b`;\nconst c = other`x\n  y`;\nconst d = "  /* x */  ";';
    assert.equal(minifyTemplates(code), code);
  });

  it('minifies css templates and nested html templates inside expressions', () => {
    const code =
      'const s = css`\n  .a {\n    content: " : ";\n  }\n`;\nconst t = html`<p>\n  ${x ? html`<b>\n  y</b>` : ""}</p>`;';
    assert.equal(
      minifyTemplates(code),
      'const s = css`.a{content:" : "}`;\nconst t = html`<p> ${x ? html`<b> y</b>` : ""}</p>`;',
    );
  });
});
