import { Stepper, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConnectStep } from '../lib/connect-flow';

const LABELS = {
  institution: 'connect.progress.institution',
  credentials: 'connect.progress.credentials',
  sca: 'connect.progress.verification',
} as const;

/**
 * The stepper is for the eye (its steps are not actionable); screen readers get one polite sentence,
 * "Step 2 of 3: Credentials", that changes with the step.
 */
export function ConnectProgress({ steps, current }: { steps: readonly ConnectStep[]; current: ConnectStep }) {
  const { t } = useTranslation();
  const index = steps.indexOf(current);
  if (steps.length < 2) return null;
  return (
    <nav aria-label={t('connect.progress.label')}>
      <VisuallyHidden aria-live="polite">
        {t('connect.progress.current', { n: index + 1, total: steps.length, step: t(LABELS[current]) })}
      </VisuallyHidden>
      <div aria-hidden>
        <Stepper active={index} size="xs" mb="xl" allowNextStepsSelect={false}>
          {steps.map((step) => (
            <Stepper.Step key={step} label={t(LABELS[step])} />
          ))}
        </Stepper>
      </div>
    </nav>
  );
}
