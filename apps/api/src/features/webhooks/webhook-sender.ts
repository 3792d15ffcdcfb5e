import http from 'node:http';
import https from 'node:https';
import {
  type AddressPolicy,
  createPinnedLookup,
  isAddressAllowed,
  literalAddressOf,
  type Resolve,
} from './address-guard';

export const DELIVERY_TIMEOUT_MS = 10_000;
/** The most of an answer's body read; the rest is never downloaded. */
export const RESPONSE_READ_BYTES = 4_096;
/** What the delivery log keeps of it. */
export const RESPONSE_EXCERPT_CHARS = 500;

export interface SendOutcome {
  /** The answer's status; null when none came (see error). */
  statusCode: number | null;
  /** refused_address, timeout, redirect, connection, or null. */
  error: string | null;
  latencyMs: number;
  excerpt: string | null;
  isDelivered: boolean;
}

export interface SenderOptions extends AddressPolicy {
  timeoutMs?: number;
  /** Tests resolve names their own way; production asks the system resolver. */
  resolve?: Resolve;
}

/**
 * POSTs one signed body. The agent's lookup checks the resolved address and pins the connection to it
 * (address-guard.ts); a literal address is checked here, since sockets skip the lookup for one. No
 * redirect is followed (a 3xx is a failure), the whole exchange is bounded by the timeout, and at most
 * 4 KB of the answer is read. Only a 2xx delivers.
 */
export function sendWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: SenderOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target);
  const literal = literalAddressOf(url);
  if (literal && !isAddressAllowed(literal, options)) {
    return Promise.resolve({
      statusCode: null,
      error: 'refused_address',
      latencyMs: 0,
      excerpt: null,
      isDelivered: false,
    });
  }
  const lookup = createPinnedLookup(options, options.resolve);
  const isHttps = url.protocol === 'https:';
  const agent = isHttps
    ? new https.Agent({ keepAlive: false, lookup } as https.AgentOptions)
    : new http.Agent({ keepAlive: false, lookup } as http.AgentOptions);
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      agent.destroy();
      resolve({ ...outcome, latencyMs: elapsed() });
    };
    const request = (isHttps ? https : http).request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Caudal-Webhooks/1',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_READ_BYTES).toString('utf8');
          const isRedirect = status >= 300 && status < 400;
          finish({
            statusCode: status,
            error: isRedirect ? 'redirect' : null,
            excerpt: text.length > 0 ? toStorableText(text.slice(0, RESPONSE_EXCERPT_CHARS)) : null,
            isDelivered: status >= 200 && status < 300,
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_READ_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: 'timeout', excerpt: null, isDelivered: false });
      request.destroy();
    }, options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
    request.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error.code === 'ERR_WEBHOOK_REFUSED_ADDRESS';
      finish({
        statusCode: null,
        error: refused ? 'refused_address' : 'connection',
        excerpt: null,
        isDelivered: false,
      });
    });
    request.end(body);
  });
}

/**
 * The receiver's answer as a text column can hold it: PostgreSQL refuses a NUL in text, and the attempt
 * that carried one was never recorded, so its delivery was sent again at every sweep, for ever.
 */
export function toStorableText(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD');
}
