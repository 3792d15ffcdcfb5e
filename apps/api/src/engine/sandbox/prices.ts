import { type DayNumber, dayFromYmd } from './calendar';
import { type Instrument, PRICE_REFERENCE_DATE } from './instruments';
import { round } from './money';
import { createRandom, hashUnit } from './random';

/**
 * Synthetic but smooth price paths: a drift plus three slow waves plus a little daily noise,
 * all closed-form in the day number. Closed form matters: the price on a given day never
 * depends on which other days were asked for, so refreshes and different clients holding
 * the same fund always agree on its price.
 */

const [refYear, refMonth, refDay] = PRICE_REFERENCE_DATE.split('-').map(Number) as [number, number, number];
const REFERENCE_DAY = dayFromYmd(refYear, refMonth, refDay);

export type PriceCurve = (day: DayNumber) => number;

export function priceDecimals(instrument: Instrument, price: number): number {
  if (instrument.type === 'F' || instrument.type === 'FI' || instrument.type === 'PP') return 4;
  return price < 10 ? 3 : 2;
}

export function priceCurve(instrument: Instrument): PriceCurve {
  if (instrument.volatility === 0) return () => instrument.price;
  const random = createRandom(`price|${instrument.key}`);
  const phases = [random.float(0, 2 * Math.PI), random.float(0, 2 * Math.PI), random.float(0, 2 * Math.PI)];
  const [p1 = 0, p2 = 0, p3 = 0] = phases;
  const drift = 0.015 + 0.25 * instrument.volatility;
  const vol = instrument.volatility;
  return (day) => {
    const t = (day - REFERENCE_DAY) / 365.25;
    const waves =
      0.9 * (Math.sin((2 * Math.PI * t) / 2.7 + p1) - Math.sin(p1)) +
      0.6 * (Math.sin((2 * Math.PI * t) / 0.9 + p2) - Math.sin(p2)) +
      0.3 * (Math.sin((2 * Math.PI * t) / 0.23 + p3) - Math.sin(p3));
    const noise = 0.05 * (hashUnit(`${instrument.key}|${day}`) - 0.5);
    const price = instrument.price * Math.exp(drift * t + vol * (0.45 * waves + noise));
    return round(price, priceDecimals(instrument, price));
  };
}
