import { customCss } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { sanitiseCss } from './css-sanitiser';
import { saveCustomCss } from './custom-css.repository';
import { decodeCssFile } from './decode-css-file';

/** Decodes, sanitises (the 64 KB cap keeps the parse to milliseconds) and stores source and result together. */
export function registerSetCustomCss(app: FastifyInstance) {
  registerCall(app, customCss.setCustomCss, ({ input, actor, db, clock }) => {
    const source = decodeCssFile(input.file);
    return saveCustomCss(db, actor, source, sanitiseCss(source), clock());
  });
}
