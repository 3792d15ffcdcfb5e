import { ActionIcon, Anchor, CopyButton, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './links.module.css';

/** The public URL, selectable, with a copy button and a way to open it as a visitor would. */
export function LinkUrl({ name, url }: { name: string; url: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" className={classes.urlCell}>
      <Text size="sm" className={classes.url} title={url}>
        {url}
      </Text>
      <CopyButton value={url} timeout={2000}>
        {({ copied, copy }) => (
          <>
            <Tooltip label={copied ? t('links.list.copied') : t('links.list.copy')} withArrow>
              <ActionIcon
                variant={copied ? 'filled' : 'subtle'}
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('links.list.copyOf', { name })}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
            <VisuallyHidden aria-live="polite">{copied ? t('links.list.copied') : ''}</VisuallyHidden>
          </>
        )}
      </CopyButton>
      <Anchor
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('links.list.open', { name })}
        className={classes.openLink}
      >
        <IconExternalLink size={16} aria-hidden />
      </Anchor>
    </Group>
  );
}
