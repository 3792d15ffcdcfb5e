import { links } from '@caudal/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../shared/api/call-api';
import type { LinkListState } from '../lib/list-params';
import { linksKeys } from './links-keys';

/** One server page of Links; the previous page stays on screen while the next loads. */
export function useLinkListQuery(state: LinkListState) {
  return useQuery({
    queryKey: linksKeys.list(state),
    queryFn: ({ signal }) =>
      callApiPage(
        links.listLinks,
        {
          ...(state.search ? { search: state.search } : {}),
          ...(state.status ? { status: state.status } : {}),
          page: state.page,
          page_size: state.pageSize,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
