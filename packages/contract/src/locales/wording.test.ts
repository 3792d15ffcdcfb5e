import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '.';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : flatten(value, path);
  });
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);

/** Issue 22: texts that read wrong once their values are in. */
describe('wording', () => {
  it('no Spanish text agrees a participle with a name it cannot know the gender of', () => {
    // "{product} desvinculado" reads "Cuenta Remunerada desvinculado": lead with the noun instead
    // ("Producto desvinculado: {product}", "Cliente {name} eliminado"). A count is no name: "{count} producto", "{products} asignados".
    const unknownGender = flatten(CATALOGUES.es as unknown as Tree).filter(([, text]) =>
      /^\{(?!count\}|n\}|products\})\w+\}\s+\p{L}+(ado|ido|to|cho)s?\b/u.test(text),
    );
    expect(unknownGender).toEqual([]);
  });

  it('a document is named without nested brackets: "Posiciones en Excel (XLSX)"', () => {
    for (const lang of ['es', 'en'] as const) {
      const texts = CATALOGUES[lang].exports;
      for (const type of [texts.types.positions, texts.types.transactions, texts.types.custom]) {
        for (const format of Object.values(texts.formats)) {
          const name = fill(texts.documents.name, { type, format });
          expect(name).not.toMatch(/\([^)]*\(/);
        }
      }
    }
    expect(
      fill(CATALOGUES.es.exports.documents.name, {
        type: CATALOGUES.es.exports.types.positions,
        format: CATALOGUES.es.exports.formats.xlsx,
      }),
    ).toBe('Posiciones en Excel (XLSX)');
  });

  it('a single credential’s state is singular: "Correcta", not "Correctas"', () => {
    const states = CATALOGUES.es.summary.states;
    expect([states.ok_one, states.blocked_one, states.total_one]).toEqual([
      'Correcta',
      'Bloqueada',
      'Credencial',
    ]);
    expect([states.ok_other, states.blocked_other]).toEqual(['Correctas', 'Bloqueadas']);
  });
});
