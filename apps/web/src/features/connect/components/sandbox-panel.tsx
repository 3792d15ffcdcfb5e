import type { connections } from '@caudal/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './connect.module.css';

type SandboxCredential = connections.ConnectSession['sandbox_credentials'][number];

/** Dark enough for 4.5:1 on the panel's pale yellow (Mantine's yellow and orange shades are not). */
const OUTCOME_COLOR: Record<SandboxCredential['outcome'], string> = {
  success: '#0b6e4f',
  sca: '#8a5a00',
  invalid_access: '#b02525',
  blocked: '#b02525',
  down: '#a8410b',
};

interface SandboxPanelProps {
  credentials: readonly SandboxCredential[];
  /** 'credentials' fills username and password; 'code' fills the SCA code (only rows that have one). */
  fill: 'credentials' | 'code';
  onUse: (credential: SandboxCredential) => void;
}

/** Sandbox institutions document their test credentials; "Use" fills the form (demos and e2e). */
export function SandboxPanel({ credentials, fill, onUse }: SandboxPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const rows = fill === 'code' ? credentials.filter((credential) => credential.code) : credentials;
  if (rows.length === 0) return null;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      radius="md"
      p="sm"
      mt="xl"
      className={classes.sandbox}
    >
      <Group gap="xs" mb={4}>
        <IconFlask size={16} aria-hidden color="var(--mantine-color-yellow-8)" />
        <Text id={titleId} fw={700} size="sm" component="h2" m={0}>
          {t('connect.sandbox.title')}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {t('connect.sandbox.text')}
      </Text>
      {/* A list, not a five-column table: the flow's column is 400 px at most, 328 on a 360 px phone. */}
      <ul className={classes.sandboxList}>
        {rows.map((credential) => {
          const outcome = t(`connect.sandbox.outcomes.${credential.outcome}`);
          return (
            <li key={`${credential.outcome}:${credential.username}`} className={classes.sandboxItem}>
              <div className={classes.sandboxWhat}>
                <Text size="xs" fw={700} c={OUTCOME_COLOR[credential.outcome]}>
                  {outcome}
                </Text>
                <dl className={classes.sandboxValues}>
                  {fill === 'credentials' ? (
                    <>
                      <div>
                        <dt>{t('connect.sandbox.username')}</dt>
                        <dd>{credential.username}</dd>
                      </div>
                      <div>
                        <dt>{t('connect.sandbox.password')}</dt>
                        <dd>{credential.password}</dd>
                      </div>
                    </>
                  ) : null}
                  {credential.code ? (
                    <div>
                      <dt>{t('connect.sandbox.code')}</dt>
                      <dd>{credential.code}</dd>
                    </div>
                  ) : null}
                </dl>
              </div>
              <Button
                className={classes.sandboxUse}
                size="compact-sm"
                variant="white"
                onClick={() => onUse(credential)}
                aria-label={
                  fill === 'code'
                    ? t('connect.sandbox.useCode', { code: credential.code ?? '' })
                    : t('connect.sandbox.useLabel', { outcome })
                }
              >
                {t('connect.sandbox.use')}
              </Button>
            </li>
          );
        })}
      </ul>
    </Paper>
  );
}
