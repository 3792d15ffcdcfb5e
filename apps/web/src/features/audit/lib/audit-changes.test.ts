import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contract from '@caudal/contract';
import { CATALOGUES, LOCALE_CODES, MODULES, PERMISSIONS, STAFF_ROLES } from '@caudal/contract';
import { describe, expect, it } from 'vitest';
import {
  actorName,
  actorWithKind,
  changeValueText,
  EXPORT_FORMAT_VALUES,
  EXPORT_TYPE_VALUES,
  fieldLabel,
  SIGN_IN_FACTORS,
  SYSTEM_ACTOR_NAMES,
} from './audit-changes';

type Locale = (typeof LOCALE_CODES)[number];

/** What i18next does with a key: each dot goes one level down the catalogue. */
function lookUp(locale: Locale, key: string): unknown {
  let node: unknown = CATALOGUES[locale];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

/** A `t` over the whole real catalogue, as i18next answers it (the default when the key names no text). */
const translator =
  (locale: Locale) =>
  (key: string, options: { defaultValue: string }): string => {
    const found = lookUp(locale, key);
    return typeof found === 'string' ? found : options.defaultValue;
  };

/** The fields every call of the contract (data API included) records: its `audit.fields`. */
function contractFields(): string[] {
  const fields = new Set<string>();
  for (const namespace of Object.values(contract)) {
    if (!namespace || typeof namespace !== 'object') continue;
    for (const call of Object.values(namespace as Record<string, unknown>)) {
      const route = call as { path?: unknown; audit?: { fields?: readonly string[] } } | null;
      if (typeof route?.path === 'string') for (const field of route.audit?.fields ?? []) fields.add(field);
    }
  }
  return [...fields];
}

/**
 * The fields the API records beyond the calls' declarations, read from the sources that record an
 * event themselves: an allowlist (`fields: [...]`, the operator's commands) or a change written out
 * (`factor: { new: … }` of a sign-in, a consent reminder's own).
 */
function fieldsRecordedByTheApi(): string[] {
  const root = join(import.meta.dirname, '../../../../../api/src');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'),
  );
  const fields = new Set<string>();
  for (const file of files) {
    if (file.startsWith('shared/')) continue;
    const text = readFileSync(join(root, file), 'utf8');
    if (!/\b(appendAuditEvent|appendAuditEventAlone|runAudited)\(/.test(text)) continue;
    for (const list of text.matchAll(/\bfields: \[([^\]]*)\]/g)) {
      for (const field of (list[1] ?? '').matchAll(/'([^']+)'/g)) fields.add(field[1] ?? '');
    }
    for (const change of text.matchAll(/\b(\w+): \{ (?:old|new):/g)) fields.add(change[1] ?? '');
  }
  return [...fields];
}

describe('the audit event’s recorded fields', () => {
  it('name every field any action records, in both languages', () => {
    const byHand = fieldsRecordedByTheApi();
    // The scan still finds what it is for: the operator's allowlist, a sign-in's factor, a reminder's.
    expect(byHand).toEqual(
      expect.arrayContaining(['modules', 'permissions', 'factor', 'days_before', 'sent_to']),
    );
    const recorded = new Set([...contractFields(), ...byHand]);
    expect(recorded.size).toBeGreaterThan(30);
    for (const locale of LOCALE_CODES) {
      const unnamed = [...recorded].filter(
        (field) => typeof lookUp(locale, `audit.fields.${field}`) !== 'string',
      );
      expect(unnamed, locale).toEqual([]);
    }
  });

  it('show a field by its name in the reader’s language, an unknown one by its key', () => {
    expect(fieldLabel(translator('es'), 'is_required')).toBe('Verificación en dos pasos obligatoria');
    expect(fieldLabel(translator('es'), 'entities')).toBe('Entidades');
    expect(fieldLabel(translator('en'), 'entities')).toBe('Institutions');
    expect(fieldLabel(translator('es'), 'a_new_field')).toBe('a_new_field');
  });

  it('name every code of a known set in both languages', () => {
    const sets: [string, readonly string[]][] = [
      ['audit.values.factor', SIGN_IN_FACTORS],
      ['audit.values.role', STAFF_ROLES],
      ['audit.values.permission', PERMISSIONS],
      ['pages.modules', MODULES],
      ['audit.values.language', LOCALE_CODES],
      ['audit.values.exportType', EXPORT_TYPE_VALUES],
      ['audit.values.exportFormat', EXPORT_FORMAT_VALUES],
      ['audit.systemActors', SYSTEM_ACTOR_NAMES],
    ];
    for (const locale of LOCALE_CODES) {
      for (const [prefix, codes] of sets) {
        for (const code of codes)
          expect(typeof lookUp(locale, `${prefix}.${code}`), `${prefix}.${code}`).toBe('string');
      }
    }
    // The export kinds are the contract's.
    expect([...EXPORT_TYPE_VALUES]).toEqual([...contract.exports.EXPORT_TYPES]);
    expect([...EXPORT_FORMAT_VALUES]).toEqual([...contract.exports.EXPORT_FORMATS]);
  });

  it('show recorded values in the reader’s language: codes named, yes/no, lists joined, the rest as recorded', () => {
    const es = translator('es');
    const en = translator('en');
    expect(changeValueText(es, 'factor', 'totp')).toBe('Código de la aplicación');
    expect(changeValueText(es, 'factor', 'recovery-code')).toBe('Código de recuperación');
    expect(changeValueText(en, 'factor', 'enrolment')).toBe('Two-step verification set-up');
    expect(changeValueText(es, 'role', 'admin')).toBe('Administrador');
    expect(changeValueText(en, 'role', 'member')).toBe('Member');
    expect(changeValueText(es, 'permissions', ['wealth', 'customCSS'])).toBe('Clientes, CSS personalizado');
    expect(changeValueText(es, 'modules', ['wealth', 'custom_css', 'a_new_module'])).toBe(
      'Wealth, CSS personalizado, a_new_module',
    );
    expect(changeValueText(es, 'permissions', [])).toBe('Ninguno');
    // Agreed with the field: "entidades" is feminine.
    expect(changeValueText(es, 'entities', [])).toBe('Ninguna');
    expect(changeValueText(en, 'entities', [])).toBe('None');
    expect(changeValueText(es, 'language', 'en')).toBe('Inglés');
    expect(changeValueText(es, 'type', 'transactions')).toBe('Movimientos');
    expect(changeValueText(es, 'format', 'xlsx')).toBe('Excel (XLSX)');
    expect(changeValueText(es, 'is_required', true)).toBe('Sí');
    expect(changeValueText(en, 'enabled', false)).toBe('No');
    expect(changeValueText(es, 'action', 'staff.invite')).toBe('Miembro del equipo invitado (operador)');
    // A name or an address is shown as recorded, even one that happens to read like a code.
    expect(changeValueText(es, 'name', 'admin')).toBe('admin');
    expect(changeValueText(es, 'role', 'owner')).toBe('owner');
    expect(changeValueText(es, 'overlap_hours', 24)).toBe('24');
    expect(changeValueText(es, 'name', null)).toBe('—');
    expect(changeValueText(es, 'name', undefined)).toBe('—');
    expect(changeValueText(es, 'alias', '')).toBe('""');
    expect(changeValueText(es, 'other', { a: 1 })).toBe('{"a":1}');
  });

  it('name the operator and the jobs in the reader’s language, never a user who shares the name', () => {
    const es = translator('es');
    expect(actorName(es, { kind: 'operator', id: null, name: 'operator' })).toBe('Operador');
    expect(actorName(translator('en'), { kind: 'operator', id: null, name: 'operator' })).toBe('Operator');
    expect(actorName(es, { kind: 'staff', id: 'u1', name: 'operator' })).toBe('operator');
    expect(actorName(es, { kind: 'visitor', id: null, name: null })).toBe('—');
    // The kind is left out where the name already says it.
    expect(actorWithKind(es, { kind: 'operator', id: null, name: 'operator' })).toEqual({
      name: 'Operador',
      kind: null,
    });
    expect(actorWithKind(es, { kind: 'staff', id: 'u1', name: 'demo' })).toEqual({
      name: 'demo',
      kind: 'Empleado',
    });
  });
});

describe('the filters’ texts', () => {
  it('keep the user filter’s placeholder short enough for its 200 px field in both languages', () => {
    // About 150 px of text beside the search icon: "Nombre de usuario exacto" was cut at 1366 px.
    for (const locale of LOCALE_CODES) {
      expect(CATALOGUES[locale].audit.filters.actorPlaceholder.length, locale).toBeLessThanOrEqual(18);
    }
  });
});
