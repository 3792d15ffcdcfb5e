import { z } from 'zod';
import { LIMITS, NAME_CHARACTERS, USERNAME_CHARACTERS, VALIDATION, zEmail, zText } from './validation';

/**
 * What every new user is asked, staff invited to the team and portal users alike (spec section 6): one
 * set of rules for the username (its length and characters), the email and the person's name, so the
 * two forms can never disagree on what a valid username is.
 */
export const NEW_USER_FIELDS = {
  username: zText({ min: LIMITS.username.min, max: LIMITS.username.max, allowed: USERNAME_CHARACTERS }),
  email: zEmail(),
  name: zText({ max: LIMITS.name, allowed: NAME_CHARACTERS }),
};

/**
 * An existing user named in a call (edit, delete, resend): only present and bounded, so a user whose
 * username predates a rule can still be found; the lookup answers whether it exists.
 */
export const ZUsernameRef = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required })
  .max(200);
