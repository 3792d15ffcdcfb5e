import { type Client, wealth } from '@caudal/contract/routes';
import { Button, Code } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuditHistoryLink } from '../../../shared/components/audit-history-link';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useCanCall } from '../../../shared/session/use-can-call';
import { CLIENTS_PATH } from '../lib/wealth-paths';
import { DetailHeader } from './detail-header';
import { EntityBadges } from './entity-badges';

// The dialogs (the form and its schema, the selects) load when first opened: a client's page, and its
// prefetch from the list, do not need them.
const ClientFormModal = lazy(() =>
  import('./client-form-modal').then((m) => ({ default: m.ClientFormModal })),
);
const DeleteClientModal = lazy(() =>
  import('./delete-client-modal').then((m) => ({ default: m.DeleteClientModal })),
);

/** The client's name, alias and entities, with edit and delete (which returns to the list). */
export function ClientHeader({ client }: { client: Client }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const to = useLocalePath();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const canEdit = useCanCall(wealth.clientEdit);
  const canDelete = useCanCall(wealth.clientDelete);

  return (
    <>
      <DetailHeader
        kind={t('wealth.client.kind')}
        title={client.name}
        actions={
          <>
            <AuditHistoryLink client={client.id} />
            {canEdit || canDelete ? (
              <>
                {canEdit ? (
                  <Button
                    variant="default"
                    leftSection={<IconPencil size={16} aria-hidden />}
                    onClick={() => setDialog('edit')}
                  >
                    {t('wealth.client.edit')}
                  </Button>
                ) : null}
                {canDelete ? (
                  <Button
                    variant="outline"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => setDialog('delete')}
                  >
                    {t('wealth.client.delete')}
                  </Button>
                ) : null}
              </>
            ) : null}
          </>
        }
        fields={[
          { label: t('wealth.client.alias'), value: <Code fz="sm">{client.alias}</Code> },
          { label: t('wealth.client.entities'), value: <EntityBadges ids={client.entities} max={8} /> },
          { label: t('wealth.client.products'), value: format.integer(client.products_count) },
          { label: t('wealth.client.createdAt'), value: format.date(client.created_at) },
        ]}
      />
      {dialog ? (
        <Suspense fallback={null}>
          <ClientFormModal opened={dialog === 'edit'} client={client} onClose={() => setDialog(null)} />
          <DeleteClientModal
            client={dialog === 'delete' ? client : null}
            onClose={() => setDialog(null)}
            onDeleted={() => navigate(to(CLIENTS_PATH), { replace: true })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
