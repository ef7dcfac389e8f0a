// ESLint rule: no import cycle through relative imports, type-only imports included (import-x's
// no-cycle skips `import type`, and a cycle of types is still two modules that cannot be read
// apart). Each file's imports are read once per lint run with TypeScript's preProcessFile.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const importsByFile = new Map();

function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const suffix of CANDIDATES) {
    const file = base + suffix;
    if (/\.tsx?$/.test(file) && fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

function importsOf(file) {
  let list = importsByFile.get(file);
  if (!list) {
    const text = fs.readFileSync(file, 'utf8');
    list = ts.preProcessFile(text, true, true).importedFiles.map((i) => resolveRelative(file, i.fileName)).filter((f) => f !== null);
    importsByFile.set(file, list);
  }
  return list;
}

/** The files from `start` back to `target` (exclusive of target), or null when `target` is not reachable. */
function pathTo(start, target) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, route] = stack.pop();
    for (const next of importsOf(file)) {
      if (next === target) return route;
      if (!seen.has(next)) {
        seen.add(next);
        stack.push([next, [...route, next]]);
      }
    }
  }
  return null;
}

export default {
  meta: { type: 'problem', docs: { description: 'No import cycle through relative imports, type-only imports included' }, schema: [] },
  create(context) {
    const filename = context.filename;
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveRelative(filename, source.value);
      if (!target || target === filename) return;
      const route = pathTo(target, filename);
      if (route) {
        const cwd = context.cwd;
        context.report({ node, message: `Import cycle: ${[filename, ...route, filename].map((f) => path.relative(cwd, f)).join(' -> ')}` });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
