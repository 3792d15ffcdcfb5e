/** The sections any screen may show (frame, errors, form messages, sign-in, platform pages): one chunk. */
export { auth } from './auth';
export { errors } from './errors';
export { pages } from './pages';
export { shell } from './shell';
export { validation } from './validation';
