import { FUNNEL_STEPS, type FunnelStep, type LinkFunnel } from '@caudal/contract/routes';

export interface FunnelRow {
  step: FunnelStep;
  visits: number;
  /** Share of the opened visits, null with none. */
  share: number | null;
}

/** The funnel's steps in order with their share of opened visits: the chart and the table show these. */
export function funnelRows(data: LinkFunnel): FunnelRow[] {
  const opened = data.steps.opened;
  return FUNNEL_STEPS.map((step) => ({
    step,
    visits: data.steps[step],
    share: opened === 0 ? null : data.steps[step] / opened,
  }));
}

/** A share as a percentage in the locale's format (one decimal at most). */
export function formatShare(value: number, iso: string): string {
  return new Intl.NumberFormat(iso, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}
