import type { FastifyInstance } from 'fastify';
import { registerClientMatchProduct } from './client-match-product';
import { registerUnmatchedCount } from './unmatched-count';
import { registerUnmatchedHide } from './unmatched-hide';
import { registerUnmatchedList } from './unmatched-list';
import { registerUnmatchedListHidden } from './unmatched-list-hidden';
import { registerUnmatchedUnhide } from './unmatched-unhide';

/** Products found through credentials that belong to no client yet: list, match, hide, restore. */
export function registerUnmatchedCalls(app: FastifyInstance) {
  registerUnmatchedList(app);
  registerUnmatchedListHidden(app);
  registerUnmatchedCount(app);
  registerClientMatchProduct(app);
  registerUnmatchedHide(app);
  registerUnmatchedUnhide(app);
}
