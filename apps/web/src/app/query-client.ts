import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '../shared/api/api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    // Mutations change data: never repeat them behind the user's back.
    mutations: { retry: false },
  },
});
