/**
 * `floors/no-circle`: no circle of files, inside a folder too. The floors rule sees arrows between
 * folders; this follows every relative import, type-only ones included (import-x's no-cycle skips
 * those, and a circle of types still ties the files into one piece), and names the circle it finds.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A file's relative imports, read from disk; kept per modification time for the length of a run. */
const importsOnDisk = new Map();

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(from), specifier);
  const candidates = target.endsWith('.js')
    ? [`${target.slice(0, -3)}.ts`, target]
    : [target, `${target}.ts`, path.join(target, 'index.ts')];
  return candidates.find((candidate) => /\.[cm]?[jt]s$/.test(candidate) && fs.existsSync(candidate));
}

function importsOf(file) {
  const modified = fs.statSync(file).mtimeMs;
  const known = importsOnDisk.get(file);
  if (known?.modified === modified) return known.targets;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const targets = importedFiles.map((imported) => resolve(file, imported.fileName)).filter(Boolean);
  importsOnDisk.set(file, { modified, targets });
  return targets;
}

/** The shortest way back to `start` from `first`, as a list of files, or undefined. */
function wayBack(start, first) {
  const cameFrom = new Map([[first, undefined]]);
  const queue = [first];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === start) {
      const way = [];
      for (let at = file; at !== undefined; at = cameFrom.get(at)) way.unshift(at);
      return way;
    }
    for (const next of importsOf(file))
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
  }
  return undefined;
}

export const noCircle = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const seen = [];
    const note = (node, specifier) => {
      const target = typeof specifier === 'string' ? resolve(file, specifier) : undefined;
      if (target) seen.push({ node, target });
    };
    return {
      ImportDeclaration: (node) => note(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && note(node, node.source.value),
      ExportAllDeclaration: (node) => note(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && note(node, node.source.value),
      'Program:exit'() {
        for (const { node, target } of seen) {
          const way = target === file ? [file] : wayBack(file, target);
          if (!way) continue;
          const names = [file, ...way].map((f) => path.relative(root, f).split(path.sep).join('/'));
          context.report({
            node,
            message: `A circle of files: ${names.join(' → ')}. Move what both need into a file of its own.`,
          });
        }
      },
    };
  },
};
