import type { StaffMember } from '@caudal/contract';
import type { CompanySummary } from '../features/companies/companies';
import type { ChainVerdict } from '../shared/audit/verify-audit-chain';
import type { MailStatus, OutboxMail } from '../shared/mail/outbox';

/** `not_sent` says why: the operator may not know the server runs without SMTP. */
const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: 'pending',
  sent: 'sent',
  not_sent: 'not sent: SMTP_URL is not set',
  failed: 'failed',
};

/** A command's result as a person reads it (`--json` prints it whole instead). */
export function formatOutcome(command: string, result: unknown): string {
  switch (command) {
    case 'company.list': {
      const companies = result as CompanySummary[];
      if (companies.length === 0)
        return 'No companies yet. Create one with: caudal company create --name … --modules …\n';
      return `${companies.map(describeCompany).join('\n')}\n`;
    }
    case 'company.create':
    case 'company.modules':
    case 'company.language':
    case 'company.disable':
    case 'company.enable':
      return `${describeCompany(result as CompanySummary)}\n`;
    case 'staff.invite': {
      const invited = result as StaffMember & { invitation_link: string };
      return [
        `Invited ${invited.username} (${invited.role}; ${describePermissions(invited.permissions)}): mail queued to ${invited.email}.`,
        'One-time link, valid 72 hours:',
        invited.invitation_link,
        '',
      ].join('\n');
    }
    case 'staff.list': {
      const staff = result as StaffMember[];
      if (staff.length === 0) return 'No staff users yet. Invite one with: caudal staff invite …\n';
      return `${staff.map(describeStaff).join('\n')}\n`;
    }
    case 'staff.disable':
    case 'staff.enable':
      return `${describeStaff(result as StaffMember)}\n`;
    case 'audit.verify': {
      const verdict = result as ChainVerdict & { company: string | null };
      const whose = verdict.company ?? 'no company (failed sign-ins to unknown companies, company creation)';
      const waiting =
        verdict.unsealed > 0
          ? ` ${verdict.unsealed} recent events are not sealed yet (the sealer chains them within seconds).`
          : '';
      if (verdict.ok) {
        return `Audit chain of ${whose}: intact (${verdict.events} events checked from #${verdict.from_seq}).${waiting}\n`;
      }
      const broken = `Audit chain of ${whose}: BROKEN after ${verdict.events} events.`;
      if (verdict.altered) {
        const e = verdict.altered;
        return `${broken} First altered event: #${e.seq} ${e.id} (${e.action}, ${e.occurred_at}).${waiting}\n`;
      }
      if (verdict.removed) {
        return `${broken} Event #${verdict.removed.seq} was removed (its seal remains, position ${verdict.removed.position}).${waiting}\n`;
      }
      if (verdict.removed_before) {
        const e = verdict.removed_before;
        return `${broken} Event #${e.missing_seq} was removed (the chain breaks before #${e.seq} ${e.id}, ${e.action}, ${e.occurred_at}).${waiting}\n`;
      }
      if (verdict.outside_chain) {
        const e = verdict.outside_chain;
        return `${broken} Event ${e.id} (${e.action}, ${e.occurred_at}, position ${e.position}) is in the log but not in its chain, nor waiting for the sealer: it was written around the API or moved from another company.${waiting}\n`;
      }
      if (verdict.removed_last) {
        const e = verdict.removed_last;
        return `${broken} Its last events were removed, from #${e.missing_seq} to #${e.last_seq}.${waiting}\n`;
      }
      return `${broken} Its chain head is missing while sealed events remain.${waiting}\n`;
    }
    case 'staff.reset-password': {
      const reset = result as { username: string; email: string | null; reset_link: string };
      return [
        `Reset link for ${reset.username}${reset.email ? ` (mailed to ${reset.email})` : ''}, valid 30 minutes:`,
        reset.reset_link,
        '',
      ].join('\n');
    }
    case 'mail.list': {
      const mails = result as OutboxMail[];
      if (mails.length === 0) return 'No mail to that address.\n';
      return mails
        .map(
          (mail) =>
            `--- ${mail.created_at}  [${MAIL_STATUS_LABELS[mail.status]}]  To: ${mail.to}\nSubject: ${mail.subject}\n\n${describeMailText(mail)}\n`,
        )
        .join('\n');
    }
    default:
      return `${JSON.stringify(result, null, 2)}\n`;
  }
}

/** An empty text was erased (outbox.ts): say so, rather than show a mail that seems to have none. */
function describeMailText(mail: OutboxMail): string {
  if (mail.text !== '' || mail.status === 'pending') return mail.text;
  if (mail.status === 'sent') return '(text erased once sent: it may have held a one-time link)';
  return '(text erased: the links it held have expired)';
}

function describeCompany(company: CompanySummary): string {
  return `${company.name}  [${company.state}]  modules: ${company.modules.join(', ') || 'none'}  language: ${company.language}  staff: ${company.staff}  portal users: ${company.portal_users}`;
}

function describeStaff(member: StaffMember): string {
  const email = member.email ? ` <${member.email}>` : '';
  return `${member.username}${email}  ${member.role}  [${member.state}]  ${describePermissions(member.permissions)}`;
}

function describePermissions(permissions: readonly string[]): string {
  return permissions.length > 0 ? `permissions: ${permissions.join(', ')}` : 'no permissions';
}
