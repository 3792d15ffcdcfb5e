import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '.';

/**
 * docs/glossary.md fixes one word per thing in each language (issue 22): this reads its table and holds
 * both catalogues to it, so a text that names a thing another way fails here, not in a user's eyes.
 */

type Tree = { [key: string]: string | Tree };
type Lang = 'es' | 'en';

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
}

export interface GlossaryRow {
  concept: string;
  terms: Record<Lang, string>;
  keys: string[];
  never: Record<Lang, string[]>;
  except: string[];
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

/** "es: Pasivo, Préstamo / en: Loan (except `key`: why)" → the words of each language, and the keys excepted. */
function parseNever(cell: string): Pick<GlossaryRow, 'never' | 'except'> {
  const except = backticked(cell.match(/\(except ([^)]*)\)/)?.[1] ?? '');
  const words = cell.replace(/\([^)]*\)/g, '');
  const never: Record<Lang, string[]> = { es: [], en: [] };
  for (const part of words.split('/')) {
    const match = /^\s*(es|en):(.*)$/.exec(part);
    if (!match) continue;
    never[match[1] as Lang] = (match[2] ?? '')
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean);
  }
  return { never, except };
}

/** The rows of the glossary's first table (the one whose header starts with "Concept"). */
export function parseGlossary(markdown: string): GlossaryRow[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| Concept |'));
  const rows: GlossaryRow[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const [concept = '', es = '', en = '', keys = '', never = ''] = cells;
    rows.push({ concept, terms: { es, en }, keys: backticked(keys), ...parseNever(never) });
  }
  return rows;
}

/** The term, or a plural of it: "Entidad" in "Entidades", "Institution" in "Institutions". */
function usesTerm(text: string, term: string): boolean {
  const [first = '', ...rest] = term.split(' ');
  const forms = [
    term,
    `${term}s`,
    `${term}es`,
    term.replace(/ón$/, 'ones'),
    term.replace(/y$/, 'ies'),
    // "Usuario de portal" → "Usuarios de portal".
    [`${first}s`, ...rest].join(' '),
  ];
  return forms.some((form) => wordPattern(form).test(text));
}

function wordPattern(word: string): RegExp {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, 'iu');
}

const GLOSSARY = parseGlossary(
  readFileSync(join(import.meta.dirname, '../../../../docs/glossary.md'), 'utf8'),
);
const TEXTS: Record<Lang, Map<string, string>> = {
  es: flatten(CATALOGUES.es as unknown as Tree),
  en: flatten(CATALOGUES.en as unknown as Tree),
};

describe('the glossary (docs/glossary.md)', () => {
  it('is read whole: every row has both terms and the keys that name it', () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(20);
    for (const row of GLOSSARY) {
      expect({ concept: row.concept, es: row.terms.es !== '', en: row.terms.en !== '' }).toEqual({
        concept: row.concept,
        es: true,
        en: true,
      });
      expect(row.keys.length, row.concept).toBeGreaterThan(0);
    }
  });

  it('one term per concept in each language: no two concepts share a Spanish or an English term', () => {
    const es = GLOSSARY.map((row) => row.terms.es.toLowerCase());
    expect(new Set(es).size).toBe(es.length);
  });

  for (const lang of ['es', 'en'] as const) {
    it(`is followed by the ${lang} catalogue: each listed key uses the term as written`, () => {
      const wrong: string[] = [];
      for (const row of GLOSSARY) {
        for (const key of row.keys) {
          const text = TEXTS[lang].get(key);
          if (text === undefined) wrong.push(`${key}: no such key`);
          else if (!usesTerm(text, row.terms[lang]))
            wrong.push(`${key}: “${text}” lacks “${row.terms[lang]}”`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it(`is followed by the ${lang} catalogue: no text uses a word the glossary rules out`, () => {
      const wrong: string[] = [];
      for (const row of GLOSSARY) {
        for (const word of row.never[lang]) {
          for (const [key, text] of TEXTS[lang]) {
            // Placeholders ({entity}) are names of values, not words a reader sees.
            const shown = text.replace(/\{\w+\}/g, '');
            if (!row.except.includes(key) && wordPattern(word).test(shown)) {
              wrong.push(`${key}: “${text}” says “${word}” (${row.terms[lang]})`);
            }
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('"Pendientes" alone names only pending products (the navigation): no other text says it bare', () => {
    const bare = [...TEXTS.es].filter(([, text]) => /^pendientes$/i.test(text.trim())).map(([key]) => key);
    expect(bare).toEqual(['shell.nav.unmatched']);
  });
});

describe('parseGlossary', () => {
  it('reads terms, keys, ruled-out words and their exceptions', () => {
    const [row] = parseGlossary(
      [
        '| Concept | Español | English | Keys that name it | Never (es / en) |',
        '|---|---|---|---|---|',
        '| A liability | Financiación | Liability | `a.b`, `c.d` | es: Pasivo, Préstamo / en: Loan (except `x.y`: a type) |',
        '',
      ].join('\n'),
    );
    expect(row).toEqual({
      concept: 'A liability',
      terms: { es: 'Financiación', en: 'Liability' },
      keys: ['a.b', 'c.d'],
      never: { es: ['Pasivo', 'Préstamo'], en: ['Loan'] },
      except: ['x.y'],
    });
  });

  it('matches a ruled-out word whole, accents included, in any case', () => {
    expect(wordPattern('Pasivo').test('Un pasivo')).toBe(true);
    expect(wordPattern('Pasivo').test('Pasivos')).toBe(false);
    expect(wordPattern('Loan').test('Loans')).toBe(false);
    expect(usesTerm('Entidades', 'Entidad')).toBe(true);
    expect(usesTerm('Inversiones de la cartera', 'Inversión')).toBe(true);
    expect(usesTerm('Sin entidad', 'Institution')).toBe(false);
  });
});
