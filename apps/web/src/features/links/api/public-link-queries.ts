import { type LocaleCode, links } from '@caudal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { ApiError, isCallError } from '../../../shared/api/api-error';
import { callApi } from '../../../shared/api/call-api';
import { linksKeys } from './links-keys';

const isAnswer = (error: unknown) => error instanceof ApiError && error.status > 0 && error.status < 500;

/**
 * Per tab and per `state`: a reload in the middle of the flow resumes the visitor's connect session,
 * and the Link opened anew with another state starts a session of its own.
 */
const storageKey = (token: string, state: string | undefined) =>
  state === undefined ? `caudal.link-session.${token}` : `caudal.link-session.${token}.${state}`;

function readStored(token: string, state: string | undefined): string | undefined {
  try {
    return sessionStorage.getItem(storageKey(token, state)) ?? undefined;
  } catch {
    return undefined;
  }
}

function store(token: string, state: string | undefined, connectToken: string) {
  try {
    sessionStorage.setItem(storageKey(token, state), connectToken);
  } catch {
    // Private modes may refuse storage: a reload then simply starts over.
  }
}

/**
 * The hosted Link page's session; unknown, deleted and paused Links are answers, never retried. `state`
 * is the Link URL's own (the integrator's), handed back beside the code on the redirect.
 */
export function useLinkSessionQuery(token: string, language: LocaleCode, state: string | undefined) {
  return useQuery({
    queryKey: linksKeys.hosted(token, state),
    queryFn: async ({ signal }) => {
      const connectToken = readStored(token, state);
      const session = await callApi(
        links.startLinkSession,
        {
          token,
          language,
          ...(connectToken ? { connect_token: connectToken } : {}),
          ...(state === undefined ? {} : { state }),
        },
        { signal },
      );
      store(token, state, session.connect_token);
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
