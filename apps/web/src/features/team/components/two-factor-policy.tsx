import { Paper, Skeleton, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useSetTwoFactorPolicyMutation } from '../api/team-mutations';
import { useTwoFactorPolicyQuery } from '../api/team-queries';

/** The company's rule: staff without two-factor are sent to enrol at their next sign-in. */
export function TwoFactorPolicy() {
  const { t } = useTranslation();
  const policy = useTwoFactorPolicyQuery();
  const set = useSetTwoFactorPolicyMutation();
  const change = (isRequired: boolean) =>
    set.mutate(
      { is_required: isRequired },
      {
        onSuccess: () =>
          notifySuccess(t(isRequired ? 'team.twoFactor.requiredOn' : 'team.twoFactor.requiredOff')),
        onError: (error) =>
          notifyFailure(t('team.twoFactor.failed'), translateDynamic(errorMessageKey(error))),
      },
    );
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      {policy.data === undefined ? (
        <Skeleton height={40} aria-hidden />
      ) : (
        <Switch
          checked={
            set.isPending ? (set.variables?.is_required ?? policy.data.is_required) : policy.data.is_required
          }
          onChange={(event) => change(event.currentTarget.checked)}
          disabled={set.isPending}
          label={t('team.twoFactor.require')}
          description={
            <Text size="sm" c="dimmed" component="span">
              {t('team.twoFactor.requireHint')}
            </Text>
          }
        />
      )}
    </Paper>
  );
}
