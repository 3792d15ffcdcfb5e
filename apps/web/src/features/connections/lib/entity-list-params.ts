import {
  CREDENTIAL_PAGE_SIZE,
  CREDENTIAL_SORTS,
  type CredentialSort,
  type connections,
  type RequestOf,
} from '@caudal/contract/routes';
import {
  nextListSort,
  PAGE_SIZES,
  type PagedListState,
  parseListSort,
  parsePagedList,
  type SortOrder,
  toListSortParams,
  toPagedListParams,
} from '../../../shared/routing/list-params';

export { PAGE_SIZES };

/** The connections detail's list: one institution's credentials, searched, sorted and paged on the server. */
export interface EntityListState extends PagedListState {
  sort: CredentialSort;
  order: SortOrder;
}

/** Newest connection first: the one just connected (the connect flow lands here) heads the list. */
export const DEFAULT_ENTITY_LIST_STATE: EntityListState = {
  search: '',
  sort: 'created_at',
  order: 'desc',
  page: 1,
  pageSize: CREDENTIAL_PAGE_SIZE.default,
};

/** Anything hand-edited or stale in the URL falls back to its default instead of breaking the call. */
export function parseEntityListParams(params: URLSearchParams): EntityListState {
  return {
    ...parsePagedList(params, DEFAULT_ENTITY_LIST_STATE),
    ...parseListSort(params, CREDENTIAL_SORTS, DEFAULT_ENTITY_LIST_STATE),
  };
}

/** Only what differs from the defaults is written, so the plain page keeps a clean URL. */
export function toEntityListParams(state: EntityListState): URLSearchParams {
  return toPagedListParams(
    state,
    DEFAULT_ENTITY_LIST_STATE,
    toListSortParams(state, DEFAULT_ENTITY_LIST_STATE),
  );
}

/** The list call's body for one institution: the search only when there is one. */
export function entityListRequest(
  entityId: string,
  state: EntityListState,
): RequestOf<typeof connections.getCredentialsInformation> {
  return {
    bank: entityId,
    ...(state.search ? { search: state.search } : {}),
    sort: state.sort,
    order: state.order,
    page: state.page,
    page_size: state.pageSize,
  };
}

/**
 * Clicking the sorted column flips its order; another column starts with what a person looks for first:
 * the latest update, the consent that ends soonest.
 */
export function nextSort(
  state: EntityListState,
  column: CredentialSort,
): Pick<EntityListState, 'sort' | 'order'> {
  return nextListSort(state, column, column === 'last_update' ? 'desc' : 'asc');
}

/** The sort picker's choices: every order, both ways, as `sort:order`. */
export const SORT_CHOICES = CREDENTIAL_SORTS.flatMap((sort) =>
  (['asc', 'desc'] as const).map((order) => `${sort}:${order}` as const),
);
export type SortChoice = (typeof SORT_CHOICES)[number];

export function parseSortChoice(value: string): Pick<EntityListState, 'sort' | 'order'> | null {
  if (!(SORT_CHOICES as readonly string[]).includes(value)) return null;
  const [sort, order] = value.split(':') as [CredentialSort, SortOrder];
  return { sort, order };
}

/** The catalogue key of a sort choice (i18next reads `:` as a namespace separator). */
export function sortLabelKey(choice: SortChoice) {
  return choice.replace(':', '_') as `${CredentialSort}_${SortOrder}`;
}
