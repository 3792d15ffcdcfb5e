import { Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconChecks, IconSparkles, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './unmatched.module.css';

interface AssignmentBarProps {
  products: number;
  clients: number;
  /** Whether the page has a suggestion to (re)apply. */
  canSuggest: boolean;
  busy: boolean;
  onUseSuggestions: () => void;
  onClear: () => void;
  onConfirmAll: () => void;
}

/** Sticky at the bottom: what "Confirm all" will send, always in reach on a long page. */
export function AssignmentBar({
  products,
  clients,
  canSuggest,
  busy,
  onUseSuggestions,
  onClear,
  onConfirmAll,
}: AssignmentBarProps) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      aria-label={t('unmatched.bar.label')}
      withBorder
      radius="md"
      px="md"
      py="sm"
      className={classes.actionBar}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={products ? 600 : 400} c={products ? 'secondary.9' : 'dimmed'} aria-live="polite">
          {products
            ? t('unmatched.bar.summary', {
                count: products,
                products: t('unmatched.bar.products', { count: products }),
                clients: t('unmatched.bar.clients', { count: clients }),
              })
            : t('unmatched.bar.none')}
        </Text>
        {/* On a phone the three buttons wrap under each other's row rather than widen the page. */}
        <Group gap="xs" wrap="wrap" justify="flex-end">
          <Tooltip label={t('unmatched.bar.useSuggestionsHint')} withArrow openDelay={300}>
            <Button
              variant="default"
              leftSection={<IconSparkles size={16} aria-hidden />}
              onClick={onUseSuggestions}
              disabled={!canSuggest || busy}
            >
              {t('unmatched.bar.useSuggestions')}
            </Button>
          </Tooltip>
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={onClear}
            disabled={products === 0 || busy}
          >
            {t('unmatched.bar.clear')}
          </Button>
          <Button
            leftSection={<IconChecks size={18} aria-hidden />}
            onClick={onConfirmAll}
            disabled={products === 0}
            loading={busy}
          >
            {t('unmatched.bar.confirmAll')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
