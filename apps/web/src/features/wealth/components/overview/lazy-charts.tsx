import { Skeleton } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';

/**
 * The charts module (and @mantine/charts with recharts) loads only when a screen draws a chart: the
 * overview, a portfolio, an investment. Each component below is that one chunk's export.
 */
const load = () => import('./charts');
export const AllocationDonut = lazy(() => load().then((m) => ({ default: m.AllocationDonut })));
export const BalanceHistoryChart = lazy(() => load().then((m) => ({ default: m.BalanceHistoryChart })));
export const ValueHistoryChart = lazy(() => load().then((m) => ({ default: m.ValueHistoryChart })));
export const InvestmentTimeline = lazy(() => load().then((m) => ({ default: m.InvestmentTimeline })));

/** A chart's place while its code or data loads: the card's height, so nothing jumps. */
export function ChartSuspense({ height, children }: { height: number; children: ReactNode }) {
  return <Suspense fallback={<Skeleton h={height} radius="md" />}>{children}</Suspense>;
}
