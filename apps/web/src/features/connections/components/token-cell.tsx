import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { shortToken } from '../lib/credential-summary';
import classes from './connections.module.css';

/** A shortened token (full one in the title) with a button that copies the whole of it. */
export function TokenCell({ token }: { token: string }) {
  const { t } = useTranslation();
  const short = shortToken(token);
  return (
    <Group gap={4} wrap="nowrap">
      <Text component="span" className={classes.mono} title={token}>
        {short}
      </Text>
      <CopyButton value={token} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip
            label={copied ? t('connections.token.copied') : t('connections.token.copy', { token: short })}
          >
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              onClick={(event) => {
                event.stopPropagation();
                copy();
              }}
              aria-label={t('connections.token.copy', { token: short })}
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
