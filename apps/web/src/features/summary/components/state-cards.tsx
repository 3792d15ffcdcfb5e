import type { SummaryCounts } from '@caudal/contract';
import {
  IconCircleCheck,
  IconClockHour4,
  IconCloudOff,
  IconKey,
  IconLock,
  IconShieldCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureCards } from '../../../shared/components/figure-cards';
import classes from './summary.module.css';

type StateKey = keyof SummaryCounts;

const CARDS: readonly { key: StateKey; icon: ReactNode; color: string }[] = [
  { key: 'total', icon: <IconKey size={20} aria-hidden />, color: 'brand' },
  { key: 'blocked', icon: <IconLock size={20} aria-hidden />, color: 'red' },
  { key: 'pending', icon: <IconClockHour4 size={20} aria-hidden />, color: 'blue' },
  { key: 'sca', icon: <IconShieldCheck size={20} aria-hidden />, color: 'yellow' },
  { key: 'down', icon: <IconCloudOff size={20} aria-hidden />, color: 'orange' },
  { key: 'ok', icon: <IconCircleCheck size={20} aria-hidden />, color: 'teal' },
];

/** Credentials by state (spec: Blocked, Pending, SCA), each a labelled figure: "Bloqueadas: 2". */
export function StateCards({ counts }: { counts: SummaryCounts | undefined }) {
  const { t } = useTranslation();
  return (
    <FigureCards
      label={t('summary.states.label')}
      cards={CARDS.map((card) => ({
        ...card,
        label: t(`summary.states.${card.key}`, { count: counts?.[card.key] ?? 0 }),
        value: counts?.[card.key],
      }))}
      cols={{ base: 2, sm: 3, lg: 6 }}
      mb="xl"
      classNames={{ value: classes.stateValue }}
    />
  );
}
