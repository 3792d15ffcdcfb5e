import type { PortalClient, PortalUser, PortalUserSummary } from '@caudal/contract';
import { PORTAL_CLIENTS_MAX, portals } from '@caudal/contract/routes';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, isCallError } from '../../../shared/api/api-error';
import { ClientMultiSelect } from '../../../shared/clients/client-multi-select';
import { toClientChoice } from '../../../shared/clients/client-options';
import { AppModal } from '../../../shared/components/app-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useRefreshEditedPortalUser, useUpdatePortalMutation } from '../api/portal-mutations';
import { usePortalUserQuery } from '../api/portal-queries';

interface EditClientsModalProps {
  user: PortalUserSummary | null;
  onClose: () => void;
}

/** The clients of one portal user, edited with the same picker as the create page. */
export function EditClientsModal({ user: selected, onClose }: EditClientsModalProps) {
  const { t } = useTranslation();
  const last = useRef(selected);
  if (selected) last.current = selected;
  const username = last.current?.username ?? '';
  return (
    <AppModal
      opened={selected !== null}
      onClose={onClose}
      title={t('portals.edit.title', { username })}
      centered
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* Modal unmounts its content once closed, so every opening starts from the server's state. */}
      <EditClientsBody username={username} onClose={onClose} />
    </AppModal>
  );
}

function EditClientsBody({ username, onClose }: { username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const user = usePortalUserQuery(username || null);
  if (user.isError) {
    return (
      <ErrorPanel
        bare
        title={t('portals.edit.loadError')}
        error={user.error}
        onRetry={() => user.refetch()}
      />
    );
  }
  if (!user.data) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('portals.clients.searching')} />
      </Center>
    );
  }
  return <EditClientsForm user={user.data} onClose={onClose} />;
}

function EditClientsForm({ user, onClose }: { user: PortalUser; onClose: () => void }) {
  const { t } = useTranslation();
  const [clients, setClients] = useState<PortalClient[]>(user.clients);
  const [error, setError] = useState<string | null>(null);
  // What the save is based on: the clients as the form loaded them, or as found after a conflict.
  const [baseline, setBaseline] = useState<PortalClient[]>(user.clients);
  const [changedMeanwhile, setChangedMeanwhile] = useState<PortalClient[] | null>(null);
  const update = useUpdatePortalMutation();
  const refreshUser = useRefreshEditedPortalUser();

  const onConflict = () => {
    // Someone saved this user's clients while the form was open: show what they saved, keep what was
    // picked here, and let a second save replace it knowingly.
    refreshUser(user.username).then(
      (current) => {
        setBaseline(current.clients);
        setChangedMeanwhile(current.clients);
      },
      (refreshError: unknown) =>
        notifyFailure(t('portals.edit.failed'), translateDynamic(errorMessageKey(refreshError))),
    );
  };

  const save = () => {
    setError(null);
    update.mutate(
      {
        username: user.username,
        client_ids: clients.map((client) => client.id),
        expected_client_ids: baseline.map((client) => client.id),
      },
      {
        onSuccess: () => {
          notifySuccess(t('portals.edit.saved', { username: user.username }));
          onClose();
        },
        onError: (failure) => {
          if (isCallError(portals.updatePortal, failure, 'Conflict')) {
            onConflict();
            return;
          }
          const message = translateDynamic(errorMessageKey(failure));
          if (isCallError(portals.updatePortal, failure, 'UnknownClient')) setError(message);
          notifyFailure(t('portals.edit.failed'), message);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {changedMeanwhile ? (
        <Alert color="yellow" role="alert" title={t('portals.edit.conflictTitle')}>
          {changedMeanwhile.length === 0
            ? t('portals.edit.conflictNone')
            : t('portals.edit.conflictText', {
                clients: changedMeanwhile.map((client) => client.name).join(', '),
              })}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('portals.edit.text')}
      </Text>
      <ClientMultiSelect
        pick={toClientChoice}
        max={PORTAL_CLIENTS_MAX}
        label={t('portals.clients.label')}
        value={clients}
        onChange={setClients}
        error={error}
        disabled={update.isPending}
      />
      <Group justify="flex-end" gap="sm" mt="sm">
        <Button variant="default" onClick={onClose} disabled={update.isPending}>
          {t('portals.edit.cancel')}
        </Button>
        <Button onClick={save} loading={update.isPending}>
          {t('portals.edit.save')}
        </Button>
      </Group>
    </Stack>
  );
}
