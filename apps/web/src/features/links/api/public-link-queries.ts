import { type LocaleCode, links } from '@caudal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { ApiError, isCallError } from '../../../shared/api/api-error';
import { callApi } from '../../../shared/api/call-api';
import { linksKeys } from './links-keys';

const isAnswer = (error: unknown) => error instanceof ApiError && error.status > 0 && error.status < 500;

/** Per tab: a reload in the middle of the flow resumes the visitor's connect session. */
const storageKey = (token: string) => `caudal.link-session.${token}`;

function readStored(token: string): string | undefined {
  try {
    return sessionStorage.getItem(storageKey(token)) ?? undefined;
  } catch {
    return undefined;
  }
}

function store(token: string, connectToken: string) {
  try {
    sessionStorage.setItem(storageKey(token), connectToken);
  } catch {
    // Private modes may refuse storage: a reload then simply starts over.
  }
}

/** The hosted Link page's session; unknown, deleted and paused Links are answers, never retried. */
export function useLinkSessionQuery(token: string, language: LocaleCode) {
  return useQuery({
    queryKey: linksKeys.hosted(token),
    queryFn: async ({ signal }) => {
      const connectToken = readStored(token);
      const session = await callApi(
        links.startLinkSession,
        { token, language, ...(connectToken ? { connect_token: connectToken } : {}) },
        { signal },
      );
      store(token, session.connect_token);
      return session;
    },
    retry: (count, error) => !isAnswer(error) && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/**
 * `/link-callback`: whether the code is valid, asked once per code and cached (spec section 4: validity
 * unknown, then valid or invalid, cached per code). An invalid code is an answer, not a failure to retry.
 */
export function useLinkCallbackQuery(code: string) {
  return useQuery({
    queryKey: linksKeys.callback(code),
    queryFn: async ({ signal }): Promise<'valid' | 'invalid'> => {
      try {
        await callApi(links.linkCallback, { code }, { signal });
        return 'valid';
      } catch (error) {
        if (isCallError(links.linkCallback, error, 'InvalidLinkCode', 'ValidationError')) return 'invalid';
        throw error;
      }
    },
    enabled: code !== '',
    retry: (count, error) => !isAnswer(error) && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
