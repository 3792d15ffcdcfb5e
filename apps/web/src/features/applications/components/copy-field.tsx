import { ActionIcon, Group, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './applications.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies `value` to the clipboard. Where the browser refuses (no clipboard over plain HTTP), the
 * caller's text is selected instead and the user is told to copy it by hand.
 */
export function useCopy(timeoutMs = 2000) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);
  const copy = async (value: string, onFailure?: () => void) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      onFailure?.();
      setState('failed');
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), timeoutMs);
  };
  return { state, copy };
}

/** A read-only value (client id or secret) with a copy button; the text stays selectable. */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { state, copy } = useCopy();
  const selectText = () => input.current?.select();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        ref={input}
        label={label}
        value={value}
        readOnly
        onFocus={selectText}
        classNames={{ input: classes.secretInput }}
        style={{ flex: 1, minWidth: 0 }}
        spellCheck={false}
        autoComplete="off"
        error={state === 'failed' ? t('applications.secret.copyFailed') : undefined}
      />
      <Tooltip label={state === 'copied' ? t('applications.secret.copied') : copyLabel} withArrow>
        <ActionIcon
          size={36}
          variant={state === 'copied' ? 'filled' : 'default'}
          color={state === 'copied' ? 'teal' : undefined}
          onClick={() => copy(value, selectText)}
          aria-label={copyLabel}
          mb={state === 'failed' ? 22 : 0}
        >
          {state === 'copied' ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden aria-live="polite">
        {state === 'copied' ? <Text>{t('applications.secret.copied')}</Text> : null}
      </VisuallyHidden>
    </Group>
  );
}
