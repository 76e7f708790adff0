/** The element's content-hashed file in a build (`element-<hash>.js`; `element.js` in builds before hashing). */
import { readdirSync } from 'node:fs';

export function builtElementFile(distDir: string): string {
  const file = readdirSync(distDir).find((name) => /^element(-[\w-]+)?\.js$/.test(name));
  if (!file) throw new Error(`No element in ${distDir}: run npm run build (it builds the element, then the loader).`);
  return file;
}
