import { VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CSS_HOOKS } from '../../../shared/branding/css-hooks';
import type { ConnectStep } from '../lib/connect-flow';
import classes from './connect.module.css';

const LABELS = {
  institution: 'connect.progress.institution',
  credentials: 'connect.progress.credentials',
  sca: 'connect.progress.verification',
} as const;

/**
 * A segmented bar, one equal segment per step with its name under it: it never wraps, at 360 px as on a
 * desktop (a stepper with connectors put "3 Verification" alone on a second line on a phone). The bar is
 * for the eye (its steps are not actionable); screen readers get one polite sentence, "Step 2 of 3:
 * Credentials", that changes with the step.
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
      <ol aria-hidden className={`${classes.progress} ${CSS_HOOKS.progress}`} data-testid="connect-progress">
        {steps.map((step, position) => {
          const state = position < index ? 'done' : position === index ? 'current' : 'todo';
          return (
            <li key={step} className={classes.progressStep} data-state={state}>
              <span className={classes.progressBar} />
              <span className={classes.progressLabel}>
                {state === 'done' ? (
                  <IconCheck size={14} stroke={2.5} className={classes.progressCheck} />
                ) : (
                  <span className={classes.progressNumber}>{position + 1}</span>
                )}
                <span className={classes.progressName}>{t(LABELS[step])}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
