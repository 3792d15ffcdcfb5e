import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessageKey } from '../../../shared/api/api-error';
import { translateDynamic } from '../../../shared/i18n/i18n';

/** A failed submit, said where the visitor is looking; the form stays filled for another try. */
export function StepError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
      {translateDynamic(errorMessageKey(error))}
    </Alert>
  );
}
