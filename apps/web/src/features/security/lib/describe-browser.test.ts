import { describe, expect, it } from 'vitest';
import { describeBrowser } from './describe-browser';

describe('describeBrowser', () => {
  it('names the browser and system of common user agents', () => {
    expect(
      describeBrowser(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Linux' });
    expect(
      describeBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(
      describeBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0 Safari/537.36 Edg/140.0'),
    ).toEqual({
      browser: 'Edge',
      system: 'Windows',
    });
  });

  it('says nothing for an unknown or missing agent', () => {
    expect(describeBrowser(null)).toEqual({ browser: null, system: null });
    expect(describeBrowser('curl/8.5.0')).toEqual({ browser: null, system: null });
  });
});
