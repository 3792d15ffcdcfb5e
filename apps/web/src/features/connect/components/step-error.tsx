import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useFailureMessage } from './connect-status';

/** A failed submit, said where the visitor is looking; the form stays filled for another try. */
export function StepError({ error }: { error: unknown }) {
  if (!error) return null;
  return <StepErrorAlert error={error} />;
}

function StepErrorAlert({ error }: { error: unknown }) {
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
      {useFailureMessage(error)}
    </Alert>
  );
}
