import type { CredentialCountFigures } from '@caudal/contract/routes';
import { IconAlertTriangle, IconKey, IconLock, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureCards } from '../../../shared/components/figure-cards';
import classes from './connections.module.css';

interface Card {
  key: keyof CredentialCountFigures;
  /** Its label under `connections.stats`. */
  label: 'total' | 'blocked' | 'needsAction' | 'pendingSca';
  icon: ReactNode;
  color: string;
}

const CARDS: readonly Card[] = [
  { key: 'total', label: 'total', icon: <IconKey size={20} aria-hidden />, color: 'brand' },
  { key: 'blocked', label: 'blocked', icon: <IconLock size={20} aria-hidden />, color: 'red' },
  {
    key: 'needs_action',
    label: 'needsAction',
    icon: <IconAlertTriangle size={20} aria-hidden />,
    color: 'orange',
  },
  {
    key: 'pending_sca',
    label: 'pendingSca',
    icon: <IconShieldCheck size={20} aria-hidden />,
    color: 'yellow',
  },
];

/** The four counts, each a labelled figure ("Blocked: 3"). */
export function StatCards({ counts }: { counts: CredentialCountFigures | undefined }) {
  const { t } = useTranslation();
  return (
    <FigureCards
      label={t('connections.stats.label')}
      cards={CARDS.map((card) => {
        const value = counts?.[card.key];
        // Zero blocked is good news: only a non-zero problem count takes the alarming colour.
        const tone = card.key !== 'total' && value ? card.color : undefined;
        return { ...card, label: t(`connections.stats.${card.label}`), value, tone };
      })}
      cols={{ base: 1, xs: 2, md: 4 }}
      mb="lg"
      classNames={{ card: classes.statCard, value: classes.statValue }}
    />
  );
}
