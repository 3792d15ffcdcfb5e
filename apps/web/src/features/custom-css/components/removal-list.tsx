import { Alert, Anchor, Code, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RemovalRange } from '../lib/removal-ranges';

interface RemovalListProps {
  ranges: readonly RemovalRange[];
  /** Lines can be jumped to only while the editor holds the text the report is about. */
  onGoTo: ((range: RemovalRange) => void) | null;
}

/** What the sanitiser removed from the saved CSS and why, with where (line and column) in the text. */
export function RemovalList({ ranges, onGoTo }: RemovalListProps) {
  const { t } = useTranslation();
  if (ranges.length === 0) {
    return (
      <Alert variant="light" color="teal" icon={<IconCircleCheck size={18} aria-hidden />}>
        {t('customCss.noneRemoved')}
      </Alert>
    );
  }
  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('customCss.removedTitle')}
      aria-live="polite"
    >
      <Text size="sm" mb="xs">
        {t('customCss.removedIntro')}
      </Text>
      <List spacing="sm" size="sm" aria-label={t('customCss.removedTitle')}>
        {ranges.map((range) => {
          const { removal } = range;
          const where = t('customCss.removedAt', { line: removal.line, column: removal.column });
          return (
            <List.Item key={`${removal.line}:${removal.column}:${removal.reason}`}>
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {t(`customCss.reasons.${removal.reason}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {onGoTo ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="xs"
                      onClick={() => onGoTo(range)}
                      aria-label={t('customCss.goToLine', { line: removal.line })}
                    >
                      {where}
                    </Anchor>
                  ) : (
                    where
                  )}
                </Text>
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {removal.excerpt}
                </Code>
              </Stack>
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
