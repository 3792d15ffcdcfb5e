import type { CredentialInformation } from '@caudal/contract';
import { Text } from '@mantine/core';
import { IconExternalLink, IconLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../../../shared/components/notify';
import { useLocale } from '../../../shared/i18n/use-locale';
import { createConnectLink, createResetLink } from '../api/connections-mutations';
import { connectRedirectUri } from '../lib/connect-links';
import { CredentialLinkBody, CredentialLinkModal } from './credential-link-modal';

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

const NOTICES = {
  sca: { key: 'connections.repair.scaText', color: 'yellow' },
  reset: { key: 'connections.repair.resetText', color: 'orange' },
  force_reset: { key: 'connections.repair.forceResetText', color: 'orange' },
  link: null,
} as const;

/** Reauthorisation, reset and forced reset: each yields a one-time URL to open here or hand over. */
export function RepairModal({ target, entityName, onClose }: RepairModalProps) {
  const { t } = useTranslation();
  return (
    <CredentialLinkModal target={target} title={(shown) => t(TITLES[shown.kind])} onClose={onClose}>
      {(shown) => <RepairBody target={shown} entityName={entityName} onClose={onClose} />}
    </CredentialLinkModal>
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
  const notice = NOTICES[kind];

  return (
    <CredentialLinkBody
      credential={credential}
      entityName={entityName}
      notice={notice ? { text: t(notice.key), color: notice.color } : null}
      link={link ? { label: t('connections.repair.linkLabel'), ...link } : null}
      waiting={
        kind === 'link' && generate.isPending ? (
          <Text size="sm" c="dimmed">
            {t('connect.loading')}
          </Text>
        ) : null
      }
      onClose={onClose}
      actions={
        kind === 'link'
          ? []
          : [
              {
                label: t('connections.repair.generate'),
                icon: <IconLink size={16} aria-hidden />,
                variant: 'light',
                onClick: () => run('show'),
                loading: generate.isPending && intent === 'show',
                disabled: opening,
              },
              {
                label: kind === 'sca' ? t('connections.repair.openSca') : t('connections.repair.openReset'),
                icon: <IconExternalLink size={16} aria-hidden />,
                variant: 'filled',
                onClick: () => run('open'),
                loading: opening,
                disabled: generate.isPending && intent === 'show',
              },
            ]
      }
    />
  );
}
