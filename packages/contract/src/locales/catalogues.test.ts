import { describe, expect, it } from 'vitest';
import { CATALOGUE_PARTS, CATALOGUES, LOCALE_CODES, loadCatalogueParts } from '.';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('locale catalogues', () => {
  const es = flatten(CATALOGUES.es as unknown as Tree);
  const en = flatten(CATALOGUES.en as unknown as Tree);

  it('have the same keys in Spanish and English', () => {
    expect([...en.keys()].sort()).toEqual([...es.keys()].sort());
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of es) {
      expect({ key, placeholders: placeholders(en.get(key) ?? '') }).toEqual({
        key,
        placeholders: placeholders(text),
      });
    }
  });

  it('have no empty texts', () => {
    for (const [key, text] of [...es, ...en])
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  });

  it('keep the spec texts verbatim', () => {
    expect(CATALOGUES.es.validation.required).toBe('Este campo es requerido');
    expect(CATALOGUES.es.validation.maxLength).toBe(
      'Demasiado largo. Puede tener como máximo {n} caracteres',
    );
    expect(CATALOGUES.es.errors.linkDuplicatedName).toBe('Ya existe un Link con este nombre');
    expect(CATALOGUES.en.errors.pageNotFound).toBe('This page could not be found');
  });
});

describe('catalogue parts', () => {
  it('make up each whole catalogue, every section in exactly one part', async () => {
    for (const locale of LOCALE_CODES) {
      const parts = await Promise.all(CATALOGUE_PARTS.map((part) => loadCatalogueParts(locale, [part])));
      const sections = parts.flatMap((texts) => Object.keys(texts));
      expect(sections.sort()).toEqual(Object.keys(CATALOGUES[locale]).sort());
      expect(await loadCatalogueParts(locale, CATALOGUE_PARTS)).toEqual(CATALOGUES[locale]);
    }
  });

  it('load only the parts asked for', async () => {
    expect(Object.keys(await loadCatalogueParts('es', ['core'])).sort()).toEqual([
      'auth',
      'errors',
      'pages',
      'shell',
      'validation',
    ]);
  });
});
