import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_SCREENS_FILE, isLocaleCode, ZFirstScreenPreloads } from '@caudal/contract';

export { FIRST_SCREENS_FILE };

/**
 * The `Link` header to send with `index.html` on a first screen's path (`/es/wealth/clients`): the
 * screen's chunks, stylesheets and catalogue parts, so the browser fetches them with the entry's
 * scripts instead of a round trip later, once the router has run. Nothing for any other path, or when
 * the build wrote no list. Only the build's own file names go out, never anything from the request.
 */
export function loadFirstScreenPreloads(webRoot: string): (pathname: string) => string | null {
  const file = join(webRoot, FIRST_SCREENS_FILE);
  if (!existsSync(file)) return () => null;
  let parsed: ReturnType<typeof ZFirstScreenPreloads.safeParse>;
  try {
    parsed = ZFirstScreenPreloads.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return () => null; // Not JSON: the pages still work, only without the head start.
  }
  if (!parsed.success) return () => null;
  const headers = new Map<string, string>();
  for (const [language, parts] of Object.entries(parsed.data.catalogue)) {
    for (const screen of parsed.data.screens) {
      const scripts = [...screen.scripts, ...screen.catalogue.flatMap((part) => parts[part] ?? [])];
      const links = [
        ...scripts.map((script) => `<${script}>; rel=modulepreload`),
        // Vite attaches stylesheets with `crossorigin`: a preload in another mode would be fetched twice.
        ...screen.styles.map((style) => `<${style}>; rel=preload; as=style; crossorigin`),
      ];
      for (const path of screen.paths) headers.set(`/${language}${path}`, links.join(', '));
    }
  }
  return (pathname) => {
    const language = pathname.split('/')[1];
    return isLocaleCode(language) ? (headers.get(pathname.replace(/\/$/, '')) ?? null) : null;
  };
}
