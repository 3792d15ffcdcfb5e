import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contract from '@caudal/contract';
import { CATALOGUES, LOCALE_CODES, OPERATOR_AUDIT_ACTIONS } from '@caudal/contract';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  actionLabel,
  actionOptions,
  findActionOptions,
  JOB_ACTIONS,
  SESSION_ACTIONS,
} from './audit-filters';

type Locale = (typeof LOCALE_CODES)[number];
type Tree = { [key: string]: string | Tree };

/** What i18next does with `audit.<key>`: a dot in the key goes one level down. */
function lookUp(locale: Locale, key: string): unknown {
  let node: unknown = CATALOGUES[locale].audit;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

/** A `t` over the real catalogue, as i18next answers it (the default when the key names no text). */
const translator =
  (locale: Locale) =>
  (key: string, options: { defaultValue: string }): string => {
    const found = lookUp(locale, key.replace(/^audit\./, ''));
    return typeof found === 'string' ? found : options.defaultValue;
  };

/** Every code the catalogue names an action: `company.create` for a name one level down. */
function namedActions(locale: Locale): string[] {
  const codes = (tree: Tree, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`] : codes(value, `${prefix}${key}.`),
    );
  return codes(CATALOGUES[locale].audit.actions as unknown as Tree);
}

/** Every call of the whole contract (data API included) whose route declares an audit event: its action. */
function contractActions(): string[] {
  const actions = new Set<string>();
  for (const namespace of Object.values(contract)) {
    if (!namespace || typeof namespace !== 'object') continue;
    for (const call of Object.values(namespace as Record<string, unknown>)) {
      const route = call as { path?: unknown; audit?: { action?: unknown } } | null;
      if (typeof route?.path === 'string' && typeof route.audit?.action === 'string') {
        actions.add(route.audit.action);
      }
    }
  }
  return [...actions];
}

/**
 * The actions the API records by hand rather than from a call's declaration (sign-ins, logouts, the
 * jobs'): the `action: '…'` literals of every source file that appends an event itself.
 */
function actionsRecordedByTheApi(): string[] {
  const root = join(import.meta.dirname, '../../../../../api/src');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'),
  );
  const actions = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    if (!/\bappendAuditEvent(Alone)?\(/.test(text) || file.startsWith('shared/audit/')) continue;
    for (const match of text.matchAll(/\baction: '([^']+)'/g)) actions.add(match[1] ?? '');
  }
  return [...actions];
}

describe('the audit log’s action filter', () => {
  it('offers every recorded action: each audited call’s, the sign-in kinds’, the jobs’, the operator’s', () => {
    const byHand = actionsRecordedByTheApi();
    // The scan still finds what it is for (a sign-in, a logout, the consent job's reminder).
    expect(byHand).toEqual(expect.arrayContaining(['login', 'logout', 'consent-reminder']));
    const recorded = [...contractActions(), ...byHand, ...OPERATOR_AUDIT_ACTIONS];
    expect(recorded.length).toBeGreaterThan(60);
    expect(recorded.filter((action) => !AUDIT_ACTIONS.includes(action))).toEqual([]);
    expect([...SESSION_ACTIONS, ...JOB_ACTIONS].sort()).toEqual([...byHand].sort());
  });

  it('offers every action the catalogue names, and names every action it offers, in both languages', () => {
    for (const locale of LOCALE_CODES) {
      expect(namedActions(locale).filter((action) => !AUDIT_ACTIONS.includes(action))).toEqual([]);
      for (const action of AUDIT_ACTIONS) {
        const name = lookUp(locale, `actions.${action}`);
        expect(typeof name === 'string' && name.length > 0, `${locale}: ${action}`).toBe(true);
      }
    }
  });

  it('finds the security, webhook, consent and operator actions by a word of their name or their code', () => {
    const es = actionOptions(translator('es'));
    const en = actionOptions(translator('en'));
    const found = (options: typeof es, search: string) =>
      findActionOptions(options, search).map((option) => option.value);
    expect(found(es, 'operador').sort()).toEqual([...OPERATOR_AUDIT_ACTIONS].sort());
    expect(found(en, 'operator').sort()).toEqual([...OPERATOR_AUDIT_ACTIONS].sort());
    expect(found(es, 'staff.invite')).toEqual(['staff.invite']);
    expect(found(es, 'company.')).toHaveLength(5);
    const webhookActions = Object.values(contract.webhooks)
      .map((call) => (call as { audit?: { action: string } }).audit?.action)
      .filter((action): action is string => Boolean(action));
    expect(webhookActions).toHaveLength(6);
    for (const options of [es, en]) expect(found(options, 'webhook').sort()).toEqual(webhookActions.sort());
    for (const action of ['begin-enrolment', 'confirm-enrolment', 'end-session', 'end-other-sessions']) {
      expect(found(es, action)).toContain(action);
    }
    expect(found(es, 'recordatorio')).toEqual(['consent-reminder']);
    expect(es.find((option) => option.value === 'staff.invite')?.label).toBe(
      'Miembro del equipo invitado (operador)',
    );
  });

  it('show an unknown action by its code; each filter option carries its code and its name', () => {
    const t = (key: string, options: { defaultValue: string }) =>
      key === 'audit.actions.client-edit' ? 'Cliente editado' : options.defaultValue;
    expect(actionLabel(t, 'client-edit')).toBe('Cliente editado');
    expect(actionLabel(t, 'a-new-call')).toBe('a-new-call');
    // A group of names is no action: never looked up (i18next would answer "returned an object").
    expect(actionLabel(translator('es'), 'company')).toBe('company');
    expect(actionOptions(t)).toContainEqual({ value: 'client-edit', label: 'Cliente editado' });
  });

  it('keep the address’s action among the options, so the field shows it, even one it does not know', () => {
    const t = translator('es');
    expect(actionOptions(t, 'staff.invite')).toHaveLength(AUDIT_ACTIONS.length);
    expect(actionOptions(t, 'staff.invite')).toContainEqual({
      value: 'staff.invite',
      label: 'Miembro del equipo invitado (operador)',
    });
    expect(actionOptions(t, 'a-retired-call')).toContainEqual({
      value: 'a-retired-call',
      label: 'a-retired-call',
    });
    expect(actionOptions(t, 'a-retired-call')).toHaveLength(AUDIT_ACTIONS.length + 1);
  });

  it('find an option by a part of its name or of its code, whatever the case', () => {
    const options = [
      { value: 'client-edit', label: 'Cliente editado' },
      { value: 'login', label: 'Inicio de sesión' },
    ];
    expect(findActionOptions(options, 'CLIENT-ED').map((option) => option.value)).toEqual(['client-edit']);
    expect(findActionOptions(options, ' sesión ').map((option) => option.value)).toEqual(['login']);
    expect(findActionOptions(options, 'SESION').map((option) => option.value)).toEqual(['login']);
    expect(findActionOptions(options, 'inicio sesion').map((option) => option.value)).toEqual(['login']);
    expect(findActionOptions(options, 'cliente sesion')).toEqual([]);
    expect(findActionOptions(options, '')).toHaveLength(2);
    expect(findActionOptions(options, '.*')).toEqual([]);
  });
});
