import { type Link, links } from '@caudal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';
import { linksKeys } from './links-keys';

export type LinkFormBody = links.LinkForm;

function useInvalidateLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: linksKeys.lists() });
}

export function useCreateLinkMutation() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (body: LinkFormBody) => callApi(links.createLink, body),
    onSuccess: invalidate,
  });
}

export function useEditLinkMutation() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (body: LinkFormBody & { token: string; expected?: links.LinkSnapshot | undefined }) =>
      callApi(links.editLink, body),
    // Refused or not, the list shows the Link as stored (a refusal may mean a colleague changed it).
    onSettled: invalidate,
  });
}

/** Pause or resume: the list refreshes either way (a refusal means it changed under us). */
export function useSetLinkActiveMutation() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ link, active }: { link: Link; active: boolean }) =>
      callApi(active ? links.resumeLink : links.pauseLink, { token: link.token }),
    onSettled: invalidate,
  });
}

export function useDeleteLinkMutation() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (token: string) => callApi(links.deleteLink, { token }),
    onSettled: invalidate,
  });
}
