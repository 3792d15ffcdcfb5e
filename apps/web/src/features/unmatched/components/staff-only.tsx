import type { ReactNode } from 'react';
import { NoAccessPage } from '../../../shared/components/no-access-page';
import { useSession } from '../../../shared/session/session-context';
import { canHandleUnmatched } from '../../../shared/unmatched-count/unmatched-count-query';

/**
 * The unmatched calls are staff-only: a portal user with the wealth module would get a 403, which ends
 * the session. They are told the screens are not for them, as for a missing permission.
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { identity } = useSession();
  return canHandleUnmatched(identity) ? children : <NoAccessPage reason="portal" />;
}
