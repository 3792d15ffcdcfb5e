import { auth } from './auth';
import { connect } from './connect';
import { connections } from './connections';
import { errors } from './errors';
import { pages } from './pages';
import { shell } from './shell';
import { unmatched } from './unmatched';
import { validation } from './validation';
import { wealth } from './wealth';
import { wealthCodes } from './wealth-codes';

/** The Spanish catalogue is the source: English must have exactly the same keys and placeholders. */
export const es = {
  errors,
  validation,
  shell,
  auth,
  pages,
  wealth,
  wealthCodes,
  connections,
  connect,
  unmatched,
};
