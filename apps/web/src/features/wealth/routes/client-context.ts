import type { Client } from '@caudal/contract';
import { useOutletContext } from 'react-router';

/** What the client route hands to its nested routes once the client is loaded. */
export interface ClientContext {
  client: Client;
}

export function useClientContext(): ClientContext {
  return useOutletContext<ClientContext>();
}
