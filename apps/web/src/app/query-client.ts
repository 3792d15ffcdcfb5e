import { QueryClient } from '@tanstack/react-query';
import { refetchAfterOutage, shouldRetry } from '../shared/api/api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      // A screen left on a transient failure heals by itself once the service is back.
      refetchInterval: refetchAfterOutage,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    // Mutations change data: never repeat them behind the user's back.
    mutations: { retry: false },
  },
});
