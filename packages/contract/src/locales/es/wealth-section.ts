/** The wealth screens' texts with the names of the codes they show: one chunk. */
export { wealth } from './wealth';
export { wealthCodes } from './wealth-codes';
