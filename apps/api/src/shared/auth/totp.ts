import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../db/database';
import { loadSecretKey, openText, type SecretKey, sealText } from '../crypto/sealing';

/** RFC 6238 defaults every authenticator app takes: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
/** One step either side for clock drift between the phone and the server. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;
const ISSUER = 'Caudal';

export interface TotpEnrolment {
  key: string;
  uri: string;
  qr_svg: string;
}

/** A fresh 160-bit key (base32), with its otpauth URI and that URI as an SVG QR code. */
export async function createEnrolment(label: string): Promise<TotpEnrolment> {
  const key = generateSecret();
  const uri = generateURI({ issuer: ISSUER, label, secret: key, period: PERIOD_SECONDS });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { key, uri, qr_svg: svg };
}

/**
 * The time-step a code belongs to if it is valid now and later than `afterStep` (a code is accepted
 * once: the caller stores the step it returns); null otherwise.
 */
export async function findCodeStep(
  key: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret: key,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    period: PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** What a sealed key is bound to: copied to another user's or company's row, it does not open. */
const totpContext = (owner: { userId: string; companyId: string }) =>
  `totp:${owner.companyId}:${owner.userId}`;

/** The key is sealed like bank credentials (AES-256-GCM), with its owner as the additional data. */
export function sealTotpKey(secretKey: SecretKey, owner: { userId: string; companyId: string }, key: string) {
  return sealText(secretKey, totpContext(owner), key);
}

export function openTotpKey(
  secretKey: SecretKey,
  owner: { userId: string; companyId: string },
  sealed: string,
): string {
  return openText(secretKey, totpContext(owner), sealed);
}

export function loadSealingKey(db: Db, configured: string | null): Promise<SecretKey> {
  return loadSecretKey(db, configured);
}
