import { Button, EmptyState, Paper } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../api/api-error';
import { translateDynamic } from '../i18n/i18n';

interface EmptyPanelProps {
  icon: ReactNode;
  title: string;
  text?: string;
  actions?: ReactNode;
  /** Inside a table's panel the border is already there. */
  bare?: boolean;
}

/** "Nothing here": icon, a heading and what to do next. */
export function EmptyPanel({ icon, title, text, actions, bare = false }: EmptyPanelProps) {
  const body = (
    <EmptyState icon={icon} variant="light" py={48} px="md">
      <EmptyState.Title order={2} fz="lg">
        {title}
      </EmptyState.Title>
      {text ? <EmptyState.Description maw={460}>{text}</EmptyState.Description> : null}
      {actions ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
    </EmptyState>
  );
  return bare ? (
    body
  ) : (
    <Paper withBorder radius="md">
      {body}
    </Paper>
  );
}

interface ErrorPanelProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  /** The retry button's text; the shell's by default. */
  retryLabel?: string;
  bare?: boolean;
}

/** A failed load: what failed, the server's reason (its error code's text) and a retry. */
export function ErrorPanel({ title, error, onRetry, retryLabel, bare }: ErrorPanelProps) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <EmptyPanel
        bare={bare}
        icon={<IconAlertTriangle size={26} stroke={1.6} aria-hidden />}
        title={title}
        text={translateDynamic(errorMessageKey(error))}
        actions={
          <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
            {retryLabel ?? t('shell.status.retry')}
          </Button>
        }
      />
    </div>
  );
}
