import * as client from 'openid-client';
import { ID_TOKEN_SCOPE } from './oidc-identity-provider';

/**
 * A relying party (openid-client) that signs in at a test identity provider over HTTP, the way a browser
 * would: /auth, the development login form, the consent form, back to the redirect URI with a code, then
 * the token endpoint with the PKCE code_verifier. Returns the id_token.
 */
export async function signInAtIdentityProvider(options: {
  issuer: string;
  clientId: string;
  redirectUri: string;
  /** The account's `sub`, typed into the provider's login form. */
  login: string;
  scope?: string;
}): Promise<string> {
  const config = await client.discovery(new URL(options.issuer), options.clientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: options.redirectUri,
    scope: options.scope ?? ID_TOKEN_SCOPE,
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
  });

  const browser = new CookieBrowser();
  let url = await browser.followTo(authorizationUrl.href, options.redirectUri);
  for (const prompt of ['login', 'consent']) {
    const page = await browser.get(url);
    const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/.exec(page)?.[1];
    if (!action || !page.includes(`name="prompt" value="${prompt}"`)) {
      throw new Error(`The identity provider did not show its ${prompt} form: ${page.slice(0, 500)}`);
    }
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', options.login);
      form.set('password', 'any password');
    }
    url = await browser.followTo(new URL(decodeEntities(action), url).href, options.redirectUri, form);
  }
  if (!url.startsWith(options.redirectUri)) throw new Error(`Expected the redirect URI, got ${url}`);

  const tokens = await client.authorizationCodeGrant(config, new URL(url), {
    pkceCodeVerifier: codeVerifier,
    expectedState: state,
  });
  if (!tokens.id_token) throw new Error('The token endpoint answered without an id_token');
  return tokens.id_token;
}

/** Just enough of a browser: keeps cookies and follows redirects by hand until it leaves the provider. */
class CookieBrowser {
  private readonly cookies = new Map<string, string>();

  async get(url: string): Promise<string> {
    const response = await this.request(url);
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    return response.text();
  }

  /** Requests `url` and follows redirects; returns the first URL that is not followed (a page or `stopAt`). */
  async followTo(url: string, stopAt: string, form?: URLSearchParams): Promise<string> {
    let current = url;
    let response = await this.request(current, form);
    for (let hops = 0; hops < 10; hops += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return current;
      current = new URL(location, current).href;
      if (current.startsWith(stopAt)) return current;
      response = await this.request(current);
    }
    throw new Error(`Too many redirects from ${url}`);
  }

  private async request(url: string, form?: URLSearchParams): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      headers,
      body: form,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some(
        (attribute) =>
          /^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1] ?? '') < Date.now(),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#47;/g, '/');
}
