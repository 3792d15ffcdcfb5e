import type { CredentialInformation } from '@caudal/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconInfoCircle, IconLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../shared/components/app-modal';
import { notifyFailure } from '../../../shared/components/notify';
import { useLocale } from '../../../shared/i18n/use-locale';
import { createConnectLink, createResetLink } from '../api/connections-mutations';
import { connectRedirectUri } from '../lib/connect-links';
import { shortToken } from '../lib/credential-summary';
import { LinkField } from './link-field';

export type RepairKind = 'sca' | 'reset' | 'force_reset' | 'link';

export interface RepairTarget {
  kind: RepairKind;
  credential: CredentialInformation;
}

interface RepairModalProps {
  target: RepairTarget | null;
  entityName: string;
  onClose: () => void;
}

const TITLES = {
  sca: 'connections.repair.scaTitle',
  reset: 'connections.repair.resetTitle',
  force_reset: 'connections.repair.forceResetTitle',
  link: 'connections.actions.copyLink',
} as const;

/** Reauthorisation, reset and forced reset: each yields a one-time URL to open here or hand over. */
export function RepairModal({ target, entityName, onClose }: RepairModalProps) {
  const { t } = useTranslation();
  const [last, setLast] = useState(target);
  // While closing, keep showing what was open.
  if (target && target !== last) setLast(target);
  const shown = target ?? last;
  return (
    <AppModal
      opened={target !== null}
      onClose={onClose}
      title={shown ? t(TITLES[shown.kind]) : ''}
      centered
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {shown ? <RepairBody target={shown} entityName={entityName} onClose={onClose} /> : null}
    </AppModal>
  );
}

function RepairBody({
  target,
  entityName,
  onClose,
}: {
  target: RepairTarget;
  entityName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLocale();
  const { kind, credential } = target;
  const [intent, setIntent] = useState<'open' | 'show'>('show');
  const generate = useMutation({
    mutationFn: async () => {
      const redirectUri = connectRedirectUri(window.location.origin, language);
      if (kind === 'reset' || kind === 'force_reset') {
        return createResetLink(credential.credentials_token, redirectUri, language);
      }
      return createConnectLink({
        redirectUri,
        clientId: credential.client_id,
        ...(kind === 'sca' ? { credentialsToken: credential.credentials_token } : {}),
        language,
      });
    },
  });

  const run = (next: 'open' | 'show') => {
    setIntent(next);
    generate.mutate(undefined, {
      onSuccess: (link) => {
        // Spec section 8: the call logged its failure and yielded null; say so, generically.
        if (!link) notifyFailure(t(TITLES[kind]), t('connections.genericError'));
        else if (next === 'open') window.location.assign(link.url);
      },
    });
  };

  // "Copy connection link" has nothing to decide: generate at once.
  const started = useRef(false);
  useEffect(() => {
    if (kind === 'link' && !started.current) {
      started.current = true;
      run('show');
    }
  });

  const link = intent === 'show' ? generate.data : null;
  const opening = intent === 'open' && (generate.isPending || generate.data != null);
  const text =
    kind === 'sca'
      ? t('connections.repair.scaText')
      : kind === 'reset'
        ? t('connections.repair.resetText')
        : kind === 'force_reset'
          ? t('connections.repair.forceResetText')
          : null;

  return (
    <Stack gap="md">
      {text ? (
        <Alert
          variant="light"
          color={kind === 'sca' ? 'yellow' : 'orange'}
          icon={<IconInfoCircle size={18} aria-hidden />}
        >
          {text}
        </Alert>
      ) : null}
      <Text size="sm" fw={500}>
        {t('connections.repair.entityToken', {
          entity: entityName,
          token: shortToken(credential.credentials_token),
        })}
      </Text>
      {link ? (
        <LinkField
          label={t('connections.repair.linkLabel')}
          copyLabel={t('connections.repair.copy')}
          copiedLabel={t('connections.repair.copied')}
          expiresKey="connections.repair.expires"
          url={link.url}
          expiresAt={link.expires_at}
        />
      ) : kind === 'link' && generate.isPending ? (
        <Text size="sm" c="dimmed">
          {t('connect.loading')}
        </Text>
      ) : null}
      <Group justify="space-between" mt="sm">
        <Button variant="default" onClick={onClose}>
          {t('connections.repair.close')}
        </Button>
        {kind === 'link' ? null : (
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconLink size={16} aria-hidden />}
              onClick={() => run('show')}
              loading={generate.isPending && intent === 'show'}
              disabled={opening}
            >
              {t('connections.repair.generate')}
            </Button>
            <Button
              leftSection={<IconExternalLink size={16} aria-hidden />}
              onClick={() => run('open')}
              loading={opening}
              disabled={generate.isPending && intent === 'show'}
            >
              {kind === 'sca' ? t('connections.repair.openSca') : t('connections.repair.openReset')}
            </Button>
          </Group>
        )}
      </Group>
    </Stack>
  );
}
