import { errors } from './errors';
import { validation } from './validation';

/** The Spanish catalogue is the source: English must have exactly the same keys and placeholders. */
export const es = { errors, validation };
