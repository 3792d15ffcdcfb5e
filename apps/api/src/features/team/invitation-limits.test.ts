import { team } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTestApp, login, post, type TestApp } from '../../test/test-app';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';
import { INVITATION_MAILS_PER_ADDRESS, INVITATION_MAILS_PER_COMPANY } from './invitation-limits';
import { inviteStaff } from './team';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let invited = 0;
function inviteBody(email: string) {
  invited += 1;
  return { email, username: `invitee-${invited}`, name: 'In Vitee', role: 'member', permissions: ['links'] };
}

/** Mails queued to an address, by anyone. */
async function mailsTo(email: string): Promise<number> {
  const rows = await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute();
  return rows.length;
}

async function auditedCount(admin: SignedInTenant, action: string): Promise<number> {
  return (await findAuditEvents(t.db, admin.company.id, action)).length;
}

function expectRateLimited(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().error.code).toBe('RateLimited');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60 * 60);
}

describe('invitation mail budgets', () => {
  it("refuses a resend past the address's hourly budget, writing nothing, and allows it again an hour later", async () => {
    const admin = await signInTenant(t);
    const victim = 'another-company-admin@victim.test';
    const body = inviteBody(victim);
    const first = await admin.call(team.inviteStaff.path, body);
    expect(first.statusCode, first.body).toBe(200);
    // The invitation and three resends: the address's budget.
    for (let resend = 1; resend < INVITATION_MAILS_PER_ADDRESS.limit; resend += 1) {
      const response = await admin.call(team.resendInvitation.path, {
        username: body.username,
        language: 'en',
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const mailsBefore = await mailsTo(victim);
    const linksBefore = await t.db.selectFrom('staff_invitations').selectAll().execute();
    expect(mailsBefore).toBe(INVITATION_MAILS_PER_ADDRESS.limit);

    const refused = await admin.call(team.resendInvitation.path, { username: body.username, language: 'en' });
    expectRateLimited(refused);
    // A new username for the same address is no way around it.
    expectRateLimited(await admin.call(team.inviteStaff.path, inviteBody(victim)));
    expect(await mailsTo(victim)).toBe(mailsBefore);
    // The last link still works: the refused resend revoked nothing.
    expect(await t.db.selectFrom('staff_invitations').selectAll().execute()).toEqual(linksBefore);
    expect(await auditedCount(admin, 'resend-invitation')).toBe(INVITATION_MAILS_PER_ADDRESS.limit - 1);
    expect(await auditedCount(admin, 'invite-staff')).toBe(1);

    // Another company may still invite that person: budgets are per company.
    const other = await signInTenant(t);
    const elsewhere = await other.call(team.inviteStaff.path, inviteBody(victim));
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    t.clock.advanceMinutes(INVITATION_MAILS_PER_ADDRESS.windowMinutes + 1);
    // The session ran out with the hour: the admin signs in again.
    const later = await post(t.app, team.resendInvitation.path, {
      token: await login(t.app, admin.credentials),
      payload: { username: body.username, language: 'en' },
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(await mailsTo(victim)).toBe(mailsBefore + 2);
  });

  it("refuses invitations and resends past the company's hourly budget, writing nothing", async () => {
    const admin = await signInTenant(t);
    const first = inviteBody('first@acme.test');
    expect((await admin.call(team.inviteStaff.path, first)).statusCode).toBe(200);
    // A resend spends the same budget as an invitation.
    const resent = await admin.call(team.resendInvitation.path, { username: first.username, language: 'es' });
    expect(resent.statusCode, resent.body).toBe(200);
    for (let index = 2; index < INVITATION_MAILS_PER_COMPANY.limit; index += 1) {
      const response = await admin.call(team.inviteStaff.path, inviteBody(`colleague-${index}@acme.test`));
      expect(response.statusCode, response.body).toBe(200);
    }
    const staffBefore = await t.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', admin.company.id)
      .execute();
    const mailsBefore = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('company_id', '=', admin.company.id)
      .execute();
    expect(mailsBefore).toHaveLength(INVITATION_MAILS_PER_COMPANY.limit);

    const over = inviteBody('one-too-many@acme.test');
    expectRateLimited(await admin.call(team.inviteStaff.path, over));
    expectRateLimited(
      await admin.call(team.resendInvitation.path, { username: first.username, language: 'es' }),
    );
    expect(await mailsTo('one-too-many@acme.test')).toBe(0);
    const mailsAfter = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('company_id', '=', admin.company.id)
      .execute();
    expect(mailsAfter).toHaveLength(mailsBefore.length);
    const staffAfter = await t.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', admin.company.id)
      .execute();
    expect(staffAfter).toHaveLength(staffBefore.length);
    expect(await auditedCount(admin, 'invite-staff')).toBe(INVITATION_MAILS_PER_COMPANY.limit - 1);
    expect(await auditedCount(admin, 'resend-invitation')).toBe(1);

    // Another company's budget is its own.
    const other = await signInTenant(t);
    expect((await other.call(team.inviteStaff.path, inviteBody('colleague@other.test'))).statusCode).toBe(
      200,
    );
    // The operator's command line, which sets companies up, is not metered.
    const byOperator = await inviteStaff(
      { ...t.app.deps, log: t.app.log },
      { companyId: admin.company.id, actorUserId: null },
      {
        ...inviteBody('by-operator@acme.test'),
        role: 'member',
        permissions: { modules: [] },
        language: 'es',
      },
    );
    expect(byOperator.member.state).toBe('invited');
  });

  it('does not spend the budget on a call refused for another reason', async () => {
    const admin = await signInTenant(t);
    const body = inviteBody('taken@acme.test');
    expect((await admin.call(team.inviteStaff.path, body)).statusCode).toBe(200);
    for (let attempt = 0; attempt < INVITATION_MAILS_PER_ADDRESS.limit + 1; attempt += 1) {
      const clash = await admin.call(team.inviteStaff.path, { ...body, email: 'taken@acme.test' });
      expect(clash.json().error.code).toBe('DuplicatedUsername');
    }
    const resent = await admin.call(team.resendInvitation.path, { username: body.username, language: 'es' });
    expect(resent.statusCode, resent.body).toBe(200);
  });
});
