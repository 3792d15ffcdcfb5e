/**
 * The places a Spanish household pays: card merchants with typical ticket ranges (euros)
 * and relative frequency, and the utility companies that send monthly direct debits.
 */

export interface Merchant {
  name: string;
  min: number;
  max: number;
  weight: number;
  /** Online merchants carry no city in the statement line. */
  online?: boolean;
}

export const CARD_MERCHANTS: readonly Merchant[] = [
  { name: 'MERCADONA', min: 12, max: 140, weight: 9 },
  { name: 'CARREFOUR', min: 15, max: 150, weight: 3 },
  { name: 'LIDL', min: 8, max: 90, weight: 3 },
  { name: 'DIA', min: 4, max: 40, weight: 2 },
  { name: 'ALCAMPO', min: 20, max: 160, weight: 1 },
  { name: 'EL CORTE INGLES', min: 15, max: 260, weight: 2 },
  { name: 'ZARA', min: 20, max: 130, weight: 1.5 },
  { name: 'PRIMARK', min: 8, max: 60, weight: 0.7 },
  { name: 'DECATHLON', min: 15, max: 140, weight: 0.7 },
  { name: 'IKEA', min: 25, max: 320, weight: 0.4 },
  { name: 'LEROY MERLIN', min: 10, max: 160, weight: 0.5 },
  { name: 'MEDIA MARKT', min: 25, max: 420, weight: 0.4 },
  { name: 'REPSOL E.S.', min: 35, max: 85, weight: 2 },
  { name: 'MOEVE E.S.', min: 35, max: 85, weight: 1 },
  { name: 'FARMACIA', min: 4, max: 45, weight: 1.5 },
  { name: 'RESTAURANTE', min: 18, max: 95, weight: 2.5 },
  { name: 'CAFETERIA', min: 3, max: 18, weight: 2.5 },
  { name: 'RENFE VIAJEROS', min: 9, max: 95, weight: 1, online: true },
  { name: 'AMAZON.ES', min: 8, max: 130, weight: 3, online: true },
  { name: 'GLOVO', min: 12, max: 40, weight: 1, online: true },
  { name: 'CABIFY', min: 7, max: 32, weight: 0.6, online: true },
  { name: 'VUELING AIRLINES', min: 45, max: 240, weight: 0.2, online: true },
  { name: 'IBERIA', min: 80, max: 420, weight: 0.15, online: true },
];

export interface BillTemplate {
  description: string;
  min: number;
  max: number;
  /** Every how many months it is charged. */
  every: 1 | 2 | 3 | 12;
  day: number;
}

export const ELECTRICITY: readonly BillTemplate[] = [
  { description: 'Recibo IBERDROLA CLIENTES - Luz', min: 45, max: 135, every: 1, day: 6 },
  { description: 'Recibo ENDESA ENERGIA - Luz', min: 45, max: 135, every: 1, day: 9 },
  { description: 'Recibo NATURGY IBERIA - Luz y gas', min: 60, max: 170, every: 1, day: 12 },
  { description: 'Recibo REPSOL LUZ Y GAS', min: 45, max: 140, every: 1, day: 15 },
];

export const TELECOM: readonly BillTemplate[] = [
  { description: 'Recibo MOVISTAR - Fibra y móvil', min: 65, max: 110, every: 1, day: 3 },
  { description: 'Recibo VODAFONE ESPAÑA', min: 40, max: 95, every: 1, day: 5 },
  { description: 'Recibo ORANGE ESPAGNE', min: 35, max: 85, every: 1, day: 8 },
  { description: 'Recibo DIGI SPAIN TELECOM', min: 20, max: 45, every: 1, day: 2 },
];

export const WATER: readonly BillTemplate[] = [
  { description: 'Recibo CANAL DE ISABEL II - Agua', min: 25, max: 75, every: 2, day: 18 },
  { description: 'Recibo AIGÜES DE BARCELONA', min: 25, max: 75, every: 2, day: 20 },
  { description: 'Recibo EMASESA - Agua', min: 25, max: 70, every: 2, day: 16 },
];

export const OTHER_BILLS: readonly BillTemplate[] = [
  { description: 'Recibo COMUNIDAD DE PROPIETARIOS', min: 55, max: 160, every: 1, day: 4 },
  { description: 'Recibo SANITAS - Seguro de salud', min: 55, max: 140, every: 1, day: 1 },
  { description: 'Recibo MAPFRE - Seguro hogar', min: 60, max: 130, every: 3, day: 10 },
  { description: 'Recibo MUTUA MADRILEÑA - Seguro auto', min: 380, max: 820, every: 12, day: 14 },
  { description: 'Recibo NETFLIX.COM', min: 12.99, max: 12.99, every: 1, day: 21 },
  { description: 'Recibo SPOTIFY', min: 11.99, max: 11.99, every: 1, day: 23 },
  { description: 'Recibo GIMNASIO', min: 29.9, max: 49.9, every: 1, day: 2 },
  { description: 'Recibo COLEGIO - Cuota mensual', min: 90, max: 420, every: 1, day: 5 },
];

export const CITIES = [
  'Madrid',
  'Barcelona',
  'Valencia',
  'Sevilla',
  'Bilbao',
  'Málaga',
  'Zaragoza',
  'A Coruña',
];

/** Fictitious payers, so no statement line names a real employer of a fake person. */
export const EMPLOYERS = [
  'GRUPO ALAMEDA SERVICIOS SL',
  'INGENIERIA ATALAYA SA',
  'DISTRIBUCIONES RIBERA SL',
  'CONSULTORA MIRADOR SL',
  'LOGISTICA PUERTO NORTE SA',
  'CLINICA SANTA OLALLA SL',
  'TALLERES VEGA ALTA SL',
];

export const FREELANCE_CLIENTS = [
  'ESTUDIO CIERZO SL',
  'OBRAS Y REFORMAS LEVANTE SL',
  'ASESORIA BRIGANTIA SL',
];
