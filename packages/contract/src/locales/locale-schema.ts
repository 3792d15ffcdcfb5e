import { z } from 'zod';
import { LOCALE_CODES } from './locales';

export const ZLocaleCode = z.enum(LOCALE_CODES);
