import type { es } from '../es';
import { errors } from './errors';
import { validation } from './validation';

export const en: typeof es = { errors, validation };
