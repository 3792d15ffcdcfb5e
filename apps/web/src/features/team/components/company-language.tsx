import { LOCALES, type LocaleCode } from '@caudal/contract/routes';
import { Paper, Select, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useSetCompanyLanguageMutation } from '../api/team-mutations';
import { useCompanyLanguageQuery } from '../api/team-queries';

const OPTIONS = LOCALES.map((locale) => ({ value: locale.code, label: locale.name }));

/** The language holders' mails fall back to when the holder never visited a hosted page. */
export function CompanyLanguage() {
  const { t } = useTranslation();
  const current = useCompanyLanguageQuery();
  const set = useSetCompanyLanguageMutation();
  const change = (language: LocaleCode) =>
    set.mutate(
      { language },
      {
        onSuccess: () =>
          notifySuccess(
            t('team.companyLanguage.saved', {
              language: OPTIONS.find((option) => option.value === language)?.label ?? language,
            }),
          ),
        onError: (error) =>
          notifyFailure(t('team.companyLanguage.failed'), translateDynamic(errorMessageKey(error))),
      },
    );
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      {current.data === undefined ? (
        <Skeleton height={64} aria-hidden />
      ) : (
        <Select
          label={t('team.companyLanguage.label')}
          description={t('team.companyLanguage.hint')}
          data={OPTIONS}
          value={set.isPending ? (set.variables?.language ?? current.data.language) : current.data.language}
          onChange={(value) => {
            if (value && value !== current.data?.language) change(value as LocaleCode);
          }}
          allowDeselect={false}
          disabled={set.isPending}
          maw={560}
          styles={{ wrapper: { maxWidth: 220 } }}
        />
      )}
    </Paper>
  );
}
