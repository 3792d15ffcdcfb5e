import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SessionFrame } from '../../../shared/layouts/session-layout';
import { Completed } from '../components/connect-status';

/**
 * `/:lang/connect/done`: where an account holder lands after connecting through a link someone sent
 * them. No token in its URL (the flow's one-time token is spent), so it can be reloaded or bookmarked.
 */
export function ConnectDoneRoute() {
  const { t } = useTranslation();
  const state = useLocation().state as { company?: unknown } | null;
  const company = typeof state?.company === 'string' ? state.company : null;
  const brand = company
    ? { name: company, tagline: t('connect.brandTagline'), description: '' }
    : { name: t('connect.brandFallback'), tagline: t('connect.brandTagline'), description: '' };
  return (
    <SessionFrame brand={brand}>
      <Completed company={company} />
    </SessionFrame>
  );
}
