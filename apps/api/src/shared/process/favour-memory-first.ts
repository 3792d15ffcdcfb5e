// Imported first by main.ts, before the rest of the API is evaluated: see memory-mode.ts.
import { favourMemoryWhenEmbedded } from './memory-mode';

favourMemoryWhenEmbedded(process.env);
