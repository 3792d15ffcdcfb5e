import type { LinkListState } from '../lib/list-params';

/** Query keys of the Links screens; the callback verdict is cached per code (spec section 4). */
export const linksKeys = {
  all: ['links'] as const,
  lists: () => [...linksKeys.all, 'list'] as const,
  list: (state: LinkListState) => [...linksKeys.lists(), state] as const,
  callback: (code: string) => [...linksKeys.all, 'callback', code] as const,
  hosted: (token: string, state: string | undefined) =>
    [...linksKeys.all, 'hosted', token, state ?? null] as const,
};
