// custom-elements.json for editors and docs, from the element's JSDoc. The analyzer also lists
// private fields and Lit's lifecycle; only the data- attributes a site owner writes, their fields,
// and the public API's methods are kept.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';

const PUBLIC_ATTRIBUTE = /^data-/;
const PUBLIC_METHODS = new Set(['search', 'clear']);
execFileSync('cem', ['analyze', '--litelement', '--globs', 'src/element/*.component.ts', 'src/events/*.ts'], {
  stdio: 'ignore',
});

const path = new URL('../custom-elements.json', import.meta.url);
const manifest = JSON.parse(await readFile(path, 'utf8'));
for (const module of manifest.modules) {
  for (const declaration of module.declarations ?? []) {
    if (!declaration.customElement) continue;
    const attributes = (declaration.attributes ?? []).filter((a: { name: string }) => PUBLIC_ATTRIBUTE.test(a.name));
    const publicFields = new Set(attributes.map((a: { fieldName?: string }) => a.fieldName));
    declaration.attributes = attributes;
    declaration.members = (declaration.members ?? []).filter(
      (m: { name: string; privacy?: string; kind: string }) =>
        m.privacy !== 'private' &&
        (m.kind === 'field' ? publicFields.has(m.name) : m.kind === 'method' && PUBLIC_METHODS.has(m.name)),
    );
  }
}
await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`);
console.log('custom-elements.json written');
