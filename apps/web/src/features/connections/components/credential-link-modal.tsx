import type { CredentialInformation } from '@caudal/contract/routes';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../shared/components/app-modal';
import { shortToken } from '../lib/credential-summary';
import classes from './connections.module.css';
import { LinkField } from './link-field';

interface CredentialLinkModalProps<T> {
  /** What the dialog is about; null closes it. */
  target: T | null;
  title: (shown: T) => string;
  onClose: () => void;
  children: (shown: T) => ReactNode;
}

/**
 * The dialog every one-time link of a credential opens in (repair, reauthorisation, consent renewal).
 * While it closes, it keeps showing what was open, so its content does not vanish mid-animation.
 */
export function CredentialLinkModal<T>({ target, title, onClose, children }: CredentialLinkModalProps<T>) {
  const [last, setLast] = useState(target);
  if (target && target !== last) setLast(target);
  const shown = target ?? last;
  return (
    <AppModal
      opened={target !== null}
      onClose={onClose}
      title={shown ? title(shown) : ''}
      centered
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {shown ? children(shown) : null}
    </AppModal>
  );
}

/** One of the dialog's two actions: the busy one spins, the other waits. */
export interface CredentialLinkAction {
  label: string;
  icon: ReactNode;
  variant: 'light' | 'filled';
  /** `submit`: the dialog's form sends it (Enter in a field does too). */
  type?: 'submit' | 'button';
  onClick?: () => void;
  loading: boolean;
  disabled: boolean;
}

interface CredentialLinkBodyProps {
  credential: CredentialInformation;
  entityName: string;
  /** What the link does, above everything. */
  notice: { text: string; color: 'blue' | 'yellow' | 'orange' } | null;
  /** Beside the institution and token (the consent's days left). */
  aside?: ReactNode;
  /** Fields of the dialog (the renewal's address). */
  children?: ReactNode;
  /** The generated link, to copy; `waiting` stands in for it while it is made. */
  link: { label: string; url: string; expires_at: string } | null;
  waiting?: ReactNode;
  actions: readonly CredentialLinkAction[];
  onClose: () => void;
}

/** The body they share: notice, the credential, fields, the generated link, Close and the actions. */
export function CredentialLinkBody({
  credential,
  entityName,
  notice,
  aside,
  children,
  link,
  waiting,
  actions,
  onClose,
}: CredentialLinkBodyProps) {
  const { t } = useTranslation();
  const heading = (
    <Text size="sm" fw={500}>
      {t('connections.repair.entityToken', {
        entity: entityName,
        token: shortToken(credential.credentials_token),
      })}
    </Text>
  );
  return (
    <Stack gap="md">
      {notice ? (
        <Alert variant="light" color={notice.color} icon={<IconInfoCircle size={18} aria-hidden />}>
          {notice.text}
        </Alert>
      ) : null}
      {aside ? (
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          {heading}
          {aside}
        </Group>
      ) : (
        heading
      )}
      {children}
      {link ? (
        <LinkField
          label={link.label}
          copyLabel={t('connections.repair.copy')}
          copiedLabel={t('connections.repair.copied')}
          expiresKey="connections.repair.expires"
          url={link.url}
          expiresAt={link.expires_at}
        />
      ) : (
        (waiting ?? null)
      )}
      <div className={classes.linkActions}>
        <Button variant="default" onClick={onClose}>
          {t('connections.repair.close')}
        </Button>
        {actions.length > 0 ? (
          <div className={classes.linkActionGroup}>
            {actions.map((action) => (
              <Button
                key={action.label}
                type={action.type ?? 'button'}
                variant={action.variant}
                leftSection={action.icon}
                onClick={action.onClick}
                loading={action.loading}
                disabled={action.disabled}
              >
                {action.label}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    </Stack>
  );
}
