import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../i18n/use-locale';
import { isTeamAdmin, useSession } from '../session/session-context';

/**
 * "History": opens `/audit` filtered on one client or credential. Only admins read the log, so only they
 * see the link (anyone else would meet a page they may not open).
 */
export function AuditHistoryLink({ client, credential }: { client?: string; credential?: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { identity } = useSession();
  if (!isTeamAdmin(identity)) return null;
  const params = new URLSearchParams();
  if (client) params.set('client', client);
  if (credential) params.set('credential', credential);
  return (
    <Button
      component={Link}
      to={to(`/audit?${params.toString()}`)}
      variant="subtle"
      leftSection={<IconHistory size={16} aria-hidden />}
    >
      {t('shell.nav.auditHistory')}
    </Button>
  );
}
