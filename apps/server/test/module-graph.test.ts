import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's modules (apps/server/src/modules/*) form a one-way graph (ADR 064): no module
 * imports another that imports it back, directly or through others. ESLint's file-level cycle
 * rules do not see this (journals.service → prayers.service → journals.repository is no file
 * cycle, yet journals and prayers would need each other), so this test reads every import of
 * every source file (tests aside, types included), folds the files into their modules and fails
 * on any cycle, naming the modules caught in it and the imports between them.
 */

const MODULES = path.resolve(import.meta.dirname, '../src/modules');

/** `from '…'`, `import '…'` and `import('…')`, over one or several lines. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Module name → the other modules its files import, with one file that does, for the message. */
function moduleGraph(root = MODULES): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const name of readdirSync(root, { withFileTypes: true })) {
    if (!name.isDirectory()) continue;
    const edges = new Map<string, string>();
    graph.set(name.name, edges);
    for (const file of sourceFiles(path.join(root, name.name))) {
      const text = readFileSync(file, 'utf8');
      for (const [, specifier] of text.matchAll(IMPORT)) {
        if (!specifier?.startsWith('.')) continue;
        const target = path.relative(root, path.resolve(path.dirname(file), specifier));
        const [other] = target.split(path.sep);
        if (!other || other === '..' || other === name.name || target.startsWith('..')) continue;
        if (!edges.has(other)) edges.set(other, path.relative(root, file));
      }
    }
  }
  return graph;
}

/**
 * The groups of modules that import each other in a circle: the strongly connected components
 * of more than one module (Tarjan's algorithm), each sorted, with the imports inside it.
 */
function tangles(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (at: string) => {
    index.set(at, index.size);
    low.set(at, index.get(at)!);
    stack.push(at);
    for (const next of graph.get(at)?.keys() ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(at, Math.min(low.get(at)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(at, Math.min(low.get(at)!, index.get(next)!));
    }
    if (low.get(at) === index.get(at)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== at);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const name of [...graph.keys()].sort()) if (!index.has(name)) visit(name);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('the module graph', () => {
  it('has no cycle among apps/server/src/modules/*', () => {
    const graph = moduleGraph();
    const cycles = tangles(graph).map((group) =>
      [
        group.join(' ⇄ '),
        ...group.flatMap((from) =>
          group
            .filter((to) => graph.get(from)?.has(to))
            .map((to) => `  ${from} → ${to} (${graph.get(from)?.get(to)})`),
        ),
      ].join('\n'),
    );
    expect(cycles, `modules importing each other in a circle:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a/a.ts']])],
      ['b', new Map([['c', 'b/b.ts']])],
      ['c', new Map([['a', 'c/c.ts']])],
      ['d', new Map([['a', 'd/d.ts']])],
    ]);
    expect(tangles(graph)).toEqual([['a', 'b', 'c']]);
  });
});
