import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOT = dirname(fileURLToPath(import.meta.url));

/**
 * The modules a file loads when it runs: its value imports and re-exports. `import type` and
 * `export type` are erased, so they are skipped; so is a specifier marked `type` next to value ones.
 * A declaration whose specifiers are all marked `type` (`import { type A } from`) still counts: with
 * `verbatimModuleSyntax` it stays in the output as `import {} from`, which loads the module.
 */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || !statement.moduleSpecifier) continue;
    } else {
      continue;
    }
    const specifier = statement.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier)) specifiers.push(specifier.text);
  }
  return specifiers;
}

function resolveRelative(from: string, specifier: string): string {
  const base = join(dirname(from), specifier);
  const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`Cannot resolve ${specifier} from ${from}`);
  return found;
}

/** Every import chain from `entry` that ends in zod, as `a.ts → b.ts → zod`. */
function findZodChains(entry: string): string[] {
  const chains: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, path: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...path, relative(SOURCE_ROOT, file)];
    for (const specifier of valueImports(file)) {
      if (specifier.startsWith('.')) visit(resolveRelative(file, specifier), here);
      else if (specifier === 'zod' || specifier.startsWith('zod/'))
        chains.push([...here, specifier].join(' → '));
    }
  };
  visit(entry, []);
  return chains;
}

describe('@caudal/contract/routes', () => {
  it('loads no zod: nothing it imports at runtime, however deep, imports zod', () => {
    expect(findZodChains(join(SOURCE_ROOT, 'routes.ts'))).toEqual([]);
  });

  it('is checked by a walker that does find zod where it is (the package root)', () => {
    expect(findZodChains(join(SOURCE_ROOT, 'index.ts')).length).toBeGreaterThan(0);
  });
});
