import { DEFAULT_HISTORY_RANGE, HISTORY_RANGES, type HistoryRange } from '@caudal/contract/routes';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** The chart's period, kept in the address (`?range=`), so a reload or a shared link shows the same. */
export function useHistoryRange(): [HistoryRange, (range: HistoryRange) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range = (HISTORY_RANGES as readonly string[]).includes(asked ?? '')
    ? (asked as HistoryRange)
    : DEFAULT_HISTORY_RANGE;
  const setRange = (next: HistoryRange) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_HISTORY_RANGE) updated.delete('range');
        else updated.set('range', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [range, setRange];
}

export function RangeControl({
  value,
  onChange,
}: {
  value: HistoryRange;
  onChange: (range: HistoryRange) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      value={value}
      onChange={(next) => onChange(next as HistoryRange)}
      aria-label={t('wealthOverview.history.range')}
      data={HISTORY_RANGES.map((range) => ({
        value: range,
        label: t(`wealthOverview.history.ranges.${range}`),
      }))}
    />
  );
}
