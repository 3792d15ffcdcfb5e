import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: a const enum, which verbatimModuleSyntax cannot import as a value. */
const ARGON2ID = 2 as Algorithm;

export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
}

export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return hash(password, {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryCost,
    timeCost: cost.timeCost,
    parallelism: 1,
  });
}

export async function isPasswordCorrect(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash to verify against when there is no user, so an unknown user costs the same time as a wrong
 * password and the answer's timing does not reveal who exists.
 */
export function getDummyHash(cost: PasswordHashing): Promise<string> {
  const key = `${cost.memoryCost}:${cost.timeCost}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword('dummy password that never matches', cost);
    dummyHashes.set(key, dummy);
  }
  return dummy;
}
