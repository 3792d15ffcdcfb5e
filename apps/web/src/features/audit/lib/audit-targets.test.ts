import { describe, expect, it } from 'vitest';
import { auditTargets } from './audit-targets';

const none = { client: null, credential: null, link: null, application: null, user: null };
const unnamed = { client: null, link: null, application: null };

describe('an event’s targets', () => {
  it('name clients, Links and applications when the API knows their names, and keep the id beside', () => {
    const targets = auditTargets({
      targets: { ...none, client: 'c-1', link: 'lIaALYChS91J3aPuRwKMIprL', application: 'caudal_ci_7fe2' },
      target_names: { client: 'Ana Gómez Castro', link: 'Alta de clientes', application: 'CRM' },
    });
    expect(targets).toEqual([
      { kind: 'client', id: 'c-1', name: 'Ana Gómez Castro' },
      { kind: 'link', id: 'lIaALYChS91J3aPuRwKMIprL', name: 'Alta de clientes' },
      { kind: 'application', id: 'caudal_ci_7fe2', name: 'CRM' },
    ]);
  });

  it('show the id alone when no name is known (a deleted target), and credentials and users by theirs', () => {
    expect(
      auditTargets({
        targets: { ...none, credential: 'tok-1', link: 'lnk-1', user: 'ana' },
        target_names: unnamed,
      }),
    ).toEqual([
      { kind: 'credential', id: 'tok-1', name: null },
      { kind: 'link', id: 'lnk-1', name: null },
      { kind: 'user', id: 'ana', name: null },
    ]);
    expect(auditTargets({ targets: none, target_names: unnamed })).toEqual([]);
  });
});
