import { Text } from '@mantine/core';
import { useFormatters } from '../../../shared/format/use-formatters';

interface MoneyProps {
  value: number;
  currency: string;
  /** Movements: green in, red out, with an explicit sign so colour is never the only cue. */
  signed?: boolean;
  fw?: number;
}

export function Money({ value, currency, signed = false, fw }: MoneyProps) {
  const format = useFormatters();
  const text = format.money(value, currency);
  const color = signed ? (value > 0 ? 'teal.9' : value < 0 ? 'red.9' : undefined) : undefined;
  return (
    <Text
      span
      size="sm"
      c={color}
      fw={fw}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {signed && value > 0 ? `+${text}` : text}
    </Text>
  );
}
