import { IconAlertTriangle, IconKey, IconLock, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureCards } from '../../../shared/components/figure-cards';
import type { CredentialCounts } from '../lib/credential-summary';
import classes from './connections.module.css';

interface Card {
  key: keyof CredentialCounts;
  icon: ReactNode;
  color: string;
}

const CARDS: readonly Card[] = [
  { key: 'total', icon: <IconKey size={20} aria-hidden />, color: 'brand' },
  { key: 'blocked', icon: <IconLock size={20} aria-hidden />, color: 'red' },
  { key: 'needsAction', icon: <IconAlertTriangle size={20} aria-hidden />, color: 'orange' },
  { key: 'pendingSca', icon: <IconShieldCheck size={20} aria-hidden />, color: 'yellow' },
];

/** The four counts, each a labelled figure ("Blocked: 3"). */
export function StatCards({ counts }: { counts: CredentialCounts | undefined }) {
  const { t } = useTranslation();
  return (
    <FigureCards
      label={t('connections.stats.label')}
      cards={CARDS.map((card) => {
        const value = counts?.[card.key];
        // Zero blocked is good news: only a non-zero problem count takes the alarming colour.
        const tone = card.key !== 'total' && value ? card.color : undefined;
        return { ...card, label: t(`connections.stats.${card.key}`), value, tone };
      })}
      cols={{ base: 1, xs: 2, md: 4 }}
      mb="lg"
      classNames={{ card: classes.statCard, value: classes.statValue }}
    />
  );
}
