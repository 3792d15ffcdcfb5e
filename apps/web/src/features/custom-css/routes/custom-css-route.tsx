import { CUSTOM_CSS_MAX_BYTES, type CustomCss, customCss } from '@caudal/contract/routes';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, isCallError } from '../../../shared/api/api-error';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { PageHeader } from '../../../shared/components/page-header';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { useFormatters } from '../../../shared/format/use-formatters';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useCustomCssQuery, useRefreshCustomCss, useSaveCustomCssMutation } from '../api/custom-css-api';
import { CssEditor, type CssEditorHandle } from '../components/css-editor';
import { CssHookList } from '../components/css-hook-list';
import { RemovalList } from '../components/removal-list';
import { byteLength } from '../lib/base64';
import { findRemovalRanges, type RemovalRange } from '../lib/removal-ranges';

/** `/custom-css`: the company's one CSS value, edited with highlighting and saved through the sanitiser. */
export function CustomCssRoute() {
  const { t } = useTranslation();
  const query = useCustomCssQuery();
  return (
    <>
      <PageHeader title={t('pages.customCss.title')} subtitle={t('customCss.subtitle')} />
      {query.data ? (
        <Editor saved={query.data} />
      ) : query.isError ? (
        <ErrorPanel title={t('customCss.loadError')} error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md" aria-busy>
          <Skeleton height={320} />
        </Paper>
      )}
    </>
  );
}

function Editor({ saved }: { saved: CustomCss }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const labelId = useId();
  const helpId = useId();
  const editor = useRef<CssEditorHandle>(null);
  const [text, setText] = useState(saved.css);
  const save = useSaveCustomCssMutation();
  const refresh = useRefreshCustomCss();
  // Whether a save was refused because a colleague saved while this editor was open: shown until a save.
  const [isSavedMeanwhile, setSavedMeanwhile] = useState(false);

  const size = useMemo(() => byteLength(text), [text]);
  const tooLarge = size > CUSTOM_CSS_MAX_BYTES;
  const dirty = text !== saved.css;
  // The report is about the saved text: it is marked in the editor until the text changes.
  const ranges = useMemo(() => findRemovalRanges(saved.css, saved.removed), [saved]);
  const markMessage = useCallback(
    (range: RemovalRange) => t(`customCss.reasons.${range.removal.reason}`),
    [t],
  );

  const submit = () => {
    save.mutate(
      { css: text, expectedUpdatedAt: saved.updated_at },
      {
        onSuccess: (answer) => {
          setSavedMeanwhile(false);
          if (answer.removed.length === 0) notifySuccess(t('customCss.saved'));
          else notifySuccess(t('customCss.savedWithRemovals', { count: answer.removed.length }));
        },
        onError: (error) => {
          if (isCallError(customCss.setCustomCss, error, 'Conflict')) {
            // Someone saved while this editor was open: say so, keep what was typed, and let a second
            // save replace theirs knowingly.
            refresh().then(
              () => setSavedMeanwhile(true),
              (refreshError: unknown) =>
                notifyFailure(t('errors.customCss'), translateDynamic(errorMessageKey(refreshError))),
            );
            return;
          }
          // Spec section 8's text, with the reason the server gave (too large, not base64…).
          notifyFailure(t('errors.customCss'), translateDynamic(errorMessageKey(error)));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {isSavedMeanwhile ? (
        <Alert color="yellow" role="alert" title={t('customCss.conflictTitle')}>
          {t('customCss.conflictText')}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text id={labelId} fw={600} size="sm">
            {t('customCss.editorLabel')}
          </Text>
          <Text id={helpId} size="xs" c="dimmed">
            {t('customCss.editorHelp')}
          </Text>
          <CssEditor
            ref={editor}
            initialValue={saved.css}
            onChange={setText}
            labelledBy={labelId}
            describedBy={helpId}
            marks={dirty ? null : ranges}
            markMessage={markMessage}
          />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs">
              <Text size="xs" c={tooLarge ? 'red' : 'dimmed'} aria-live="polite">
                {tooLarge
                  ? t('customCss.tooLarge')
                  : t('customCss.size', { size: formatSize(size, format.decimal) })}
              </Text>
              {dirty ? (
                <Badge variant="light" color="yellow" radius="sm">
                  {t('customCss.unsaved')}
                </Badge>
              ) : saved.updated_at ? (
                <Text size="xs" c="dimmed">
                  {t('customCss.lastSaved', { date: format.date(saved.updated_at) })}
                </Text>
              ) : null}
            </Group>
            <Button
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              onClick={submit}
              loading={save.isPending}
              disabled={tooLarge || (!dirty && saved.updated_at !== null)}
            >
              {t('customCss.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {saved.updated_at ? (
        <RemovalList ranges={ranges} onGoTo={dirty ? null : (range) => editor.current?.focusAt(range.from)} />
      ) : null}
      <CssHookList />
    </Stack>
  );
}

function formatSize(bytes: number, decimal: (value: number, maxDecimals?: number) => string): string {
  return bytes < 1024 ? `${bytes} B` : `${decimal(bytes / 1024, 1)} KB`;
}
