import { CATALOGUES, LOCALE_CODES, OPERATOR_AUDIT_ACTIONS } from '@caudal/contract';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, actionLabel, actionOptions, findActionOptions } from './audit-filters';

/** Actions the log holds beyond the audited calls': the consent job's and the operator's commands. */
const OTHER_ACTIONS = ['consent-reminder', ...OPERATOR_AUDIT_ACTIONS];

/** What i18next does with `audit.actions.<code>`: a dot in the code goes one level down. */
function lookUp(locale: (typeof LOCALE_CODES)[number], action: string): unknown {
  let node: unknown = CATALOGUES[locale].audit.actions;
  for (const part of action.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

describe('the audit log’s action names', () => {
  it('name every action in both languages', () => {
    for (const locale of LOCALE_CODES) {
      for (const action of [...AUDIT_ACTIONS, ...OTHER_ACTIONS]) {
        const name = lookUp(locale, action);
        expect(typeof name === 'string' && name.length > 0, `${locale}: ${action}`).toBe(true);
      }
    }
  });

  it('show an unknown action by its code; each filter option carries its code and its name', () => {
    const t = (key: string, options: { defaultValue: string }) =>
      key === 'audit.actions.client-edit' ? 'Cliente editado' : options.defaultValue;
    expect(actionLabel(t, 'client-edit')).toBe('Cliente editado');
    expect(actionLabel(t, 'a-new-call')).toBe('a-new-call');
    expect(actionOptions(t)).toContainEqual({ value: 'client-edit', label: 'Cliente editado' });
  });

  it('find an option by a part of its name or of its code, whatever the case', () => {
    const options = [
      { value: 'client-edit', label: 'Cliente editado' },
      { value: 'login', label: 'Inicio de sesión' },
    ];
    expect(findActionOptions(options, 'CLIENT-ED').map((option) => option.value)).toEqual(['client-edit']);
    expect(findActionOptions(options, ' sesión ').map((option) => option.value)).toEqual(['login']);
    expect(findActionOptions(options, '')).toHaveLength(2);
    expect(findActionOptions(options, '.*')).toEqual([]);
  });
});
