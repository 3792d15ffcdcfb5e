import {
  CONSENT_RENEWAL_LINK_TTL_MS,
  DEFAULT_LOCALE,
  deriveConsent,
  isLocaleCode,
  type LocaleCode,
} from '@caudal/contract';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { CredentialsRow } from '../../db/schema';
import { queueMail } from '../../shared/mail/outbox';
import { createConnectToken } from './connect-tokens';
import { type ConsentMailKind, composeConsentMail, formatConsentDate } from './consent-mail';

export type RenewableCredential = Pick<
  CredentialsRow,
  'id' | 'company_id' | 'client_id' | 'entity_id' | 'consent_expires_at' | 'holder_language'
>;

/**
 * The language of a holder's mails: the one of their last hosted visit, else the company's (a setting its
 * admins change on the Team page), else Caudal's default.
 */
export function holderLanguage(
  credential: Pick<CredentialsRow, 'holder_language'>,
  companyLanguage: string | null,
): LocaleCode {
  if (isLocaleCode(credential.holder_language)) return credential.holder_language;
  return isLocaleCode(companyLanguage) ? companyLanguage : DEFAULT_LOCALE;
}

/** The company's language, for `holderLanguage`. */
export async function findCompanyLanguage(db: Db, companyId: string): Promise<string | null> {
  const row = await db
    .selectFrom('companies')
    .select('language')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.language ?? null;
}

/**
 * A renewal link for the credential's holder: a hosted connect token of kind `renew` (256 random bits,
 * sha-256 stored, single use, 7 days; a new one revokes the live one) that opens the flow on the same
 * credential and asks for SCA. With `sendTo`, the mail goes through the outbox in the caller's
 * transaction.
 */
export async function issueConsentRenewal(
  trx: Db,
  config: Pick<Config, 'linkBaseUrl' | 'publicUrl'>,
  input: {
    credential: RenewableCredential;
    language: LocaleCode;
    sendTo: string | null;
    mailKind: ConsentMailKind;
    createdBy: string | null;
    now: Date;
  },
): Promise<{ url: string; expiresAt: Date; outboxId: string | null }> {
  const { credential, language, now } = input;
  const { token, expiresAt } = await createConnectToken(trx, {
    companyId: credential.company_id,
    kind: 'renew',
    clientId: credential.client_id,
    credentialsId: credential.id,
    // The connections page: staff who finish it themselves go back there, a holder gets the confirmation.
    redirectUri: `${config.publicUrl}/${language}/wealth/connections`,
    language,
    createdBy: input.createdBy,
    now,
    ttlMs: CONSENT_RENEWAL_LINK_TTL_MS,
  });
  const url = `${config.linkBaseUrl}/${language}/connect/${token}`;
  let outboxId: string | null = null;
  if (input.sendTo) {
    const names = await findMailNames(trx, credential);
    const mail = composeConsentMail(language, input.mailKind, {
      link: url,
      companyName: names.companyName,
      institutionName: names.institutionName,
      expiresOn: formatConsentDate(language, credential.consent_expires_at),
      daysLeft: deriveConsent(credential.consent_expires_at, now).daysLeft,
      linkDays: Math.round(CONSENT_RENEWAL_LINK_TTL_MS / 86_400_000),
    });
    outboxId = await queueMail(trx, { companyId: credential.company_id, to: input.sendTo, ...mail });
  }
  // The caller asks a mail worker to send `outboxId` once its transaction commits (else the sweep does).
  return { url, expiresAt, outboxId };
}

async function findMailNames(db: Db, credential: RenewableCredential) {
  const row = await db
    .selectFrom('companies')
    .leftJoin('entities', (join) => join.on('entities.id', '=', credential.entity_id))
    .where('companies.id', '=', credential.company_id)
    .select(['companies.name as companyName', 'entities.name as institutionName'])
    .executeTakeFirstOrThrow();
  return { companyName: row.companyName, institutionName: row.institutionName ?? credential.entity_id };
}

/** Where the holder's reminders go: the titular's address first, else any holder's, else none. */
export async function findHolderEmail(db: Db, credentialsId: string): Promise<string | null> {
  const row = await db
    .selectFrom('holders')
    .where('holders.credentials_id', '=', credentialsId)
    .where('holders.email', 'is not', null)
    .where('holders.email', '<>', '')
    .select([
      'holders.email',
      sql<number>`case when exists (
        select 1 from product_holders
        where product_holders.holder_id = holders.id and product_holders.relation = 'titular'
      ) then 0 else 1 end`.as('rank'),
    ])
    .orderBy('rank')
    .orderBy('holders.id')
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? null;
}
