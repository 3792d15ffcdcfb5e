import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLink, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientChoice } from '../../../shared/clients/client-options';
import { ClientSelect } from '../../../shared/clients/client-select';
import { AppModal } from '../../../shared/components/app-modal';
import { notifyFailure } from '../../../shared/components/notify';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useCreateConnectLinkMutation } from '../api/connections-mutations';
import { connectRedirectUri } from '../lib/connect-links';
import { LinkField } from './link-field';

interface NewConnectionModalProps {
  opened: boolean;
  onClose: () => void;
}

export function NewConnectionModal({ opened, onClose }: NewConnectionModalProps) {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={t('connections.create.title')}
      centered
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* Modal unmounts its content once closed: every opening starts without a stale link. */}
      <NewConnectionBody onClose={onClose} />
    </AppModal>
  );
}

/**
 * "Connect" sends this browser to the hosted flow now; "Generate link" shows the same one-time URL to
 * hand to the holder. Both return to the connections page with the fromlink marker.
 */
function NewConnectionBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLocale();
  const [client, setClient] = useState<ClientChoice | null>(null);
  const clientId = client?.id ?? null;
  const [action, setAction] = useState<'connect' | 'generate' | null>(null);
  const create = useCreateConnectLinkMutation();

  const run = (kind: 'connect' | 'generate') => {
    setAction(kind);
    create.mutate(
      { redirectUri: connectRedirectUri(window.location.origin, language), clientId, language },
      {
        onSuccess: (link) => {
          if (!link) {
            notifyFailure(t('connections.create.title'), t('connections.genericError'));
            return;
          }
          if (kind === 'connect') window.location.assign(link.url);
        },
      },
    );
  };

  const link = action === 'generate' ? create.data : null;
  const pending = create.isPending || (action === 'connect' && create.data != null);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('connections.create.text')}
      </Text>
      <ClientSelect
        label={t('connections.create.client')}
        placeholder={t('connections.create.clientPlaceholder')}
        description={t('connections.create.clientHint')}
        nothingFound={t('connections.create.clientNothing')}
        maxDropdownHeight={260}
        value={client}
        onChange={(next) => {
          setClient(next);
          // A link made for another client must not be copied by mistake.
          create.reset();
        }}
        disabled={pending}
      />
      {link ? (
        <LinkField
          label={t('connections.create.linkLabel')}
          copyLabel={t('connections.create.copy')}
          copiedLabel={t('connections.create.copied')}
          expiresKey="connections.create.expires"
          url={link.url}
          expiresAt={link.expires_at}
        />
      ) : null}
      <Group justify="space-between" mt="sm">
        <Button variant="default" onClick={onClose}>
          {t('connections.create.close')}
        </Button>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={() => run('generate')}
            loading={pending && action === 'generate'}
            disabled={pending && action !== 'generate'}
          >
            {t('connections.create.generate')}
          </Button>
          <Button
            leftSection={<IconPlugConnected size={16} aria-hidden />}
            onClick={() => run('connect')}
            loading={pending && action === 'connect'}
            disabled={pending && action !== 'connect'}
          >
            {t('connections.create.connect')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
