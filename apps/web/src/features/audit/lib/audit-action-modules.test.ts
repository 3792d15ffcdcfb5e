import { CATALOGUES, MODULES, OPERATOR_AUDIT_ACTIONS } from '@caudal/contract';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  actionOptions,
  actionsOfModules,
  isActionOfModules,
  JOB_ACTIONS,
  SESSION_ACTIONS,
} from './audit-filters';

const en = (key: string, options: { defaultValue: string }) => {
  let node: unknown = CATALOGUES.en;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : options.defaultValue;
};

/**
 * Actions no module gates: they can happen in any company (sign-ins, the team, security, the company's
 * own settings, the audit export, the operator's and the jobs', the hosted pages' public calls). A new
 * one must be added here knowingly.
 */
const EVERYWHERE = [
  ...SESSION_ACTIONS,
  ...JOB_ACTIONS,
  ...OPERATOR_AUDIT_ACTIONS,
  'accept-invitation',
  'begin-enrolment',
  'change-password',
  'confirm-enrolment',
  'delete-staff',
  'disable-staff',
  'enable-staff',
  'end-other-sessions',
  'end-session',
  'export-events',
  'invite-staff',
  'resend-invitation',
  'reset-password',
  'reset-two-factor',
  'revoke-invitation',
  'set-company-language',
  'set-two-factor-policy',
  'update-staff',
  // The hosted connect and Link pages' public calls.
  'submit-credentials',
  'submit-sca',
];

describe('the action filter offers the actions of the company’s modules', () => {
  it('lists, for applications and Links only (Demo Apps), their actions and those of no module', () => {
    const offered = actionsOfModules(['applications', 'links']);
    expect(offered).toEqual(expect.arrayContaining(EVERYWHERE));
    expect(offered).toEqual(
      expect.arrayContaining([
        'create-application',
        'rotate-application-secret',
        'create-endpoint',
        'create-link',
        'pause-link',
        'exchange-code',
      ]),
    );
    for (const action of [
      'client-create',
      'set-custom-css',
      'create-portal',
      'export-generate',
      'delete-credentials',
      'credentials-refresh',
      'unmatched-hide',
    ]) {
      expect(offered, action).not.toContain(action);
    }
    const labels = actionOptions(en, '', ['applications', 'links']).map((option) => option.label);
    expect(labels).toContain('Link created');
    expect(labels).not.toContain('Client created');
    expect(labels).not.toContain('Custom CSS changed');
    expect(labels).not.toContain('Portal user created');
    expect(labels).not.toContain('Export generated');
  });

  it('lists every action for a company with every module, and only ungated ones for none', () => {
    expect(actionsOfModules(MODULES)).toEqual(AUDIT_ACTIONS);
    const bare = actionsOfModules([]);
    expect([...bare].sort()).toEqual([...new Set(EVERYWHERE)].sort());
    expect(isActionOfModules('client-create', ['wealth'])).toBe(true);
    expect(isActionOfModules('client-create', ['summary'])).toBe(false);
    expect(isActionOfModules('delete-credentials', ['summary'])).toBe(true);
    expect(isActionOfModules('set-custom-css', ['custom_css'])).toBe(true);
    // An action the filter does not know is not hidden by it.
    expect(isActionOfModules('a-new-call', [])).toBe(true);
  });

  it('keeps the address’s action among the options even when the company lacks its module', () => {
    const options = actionOptions(en, 'client-create', ['links']);
    expect(options).toContainEqual({ value: 'client-create', label: 'Client created' });
    expect(options.filter((option) => option.value === 'client-create')).toHaveLength(1);
    expect(actionOptions(en, 'create-link', ['links']).filter((o) => o.value === 'create-link')).toHaveLength(
      1,
    );
  });
});
