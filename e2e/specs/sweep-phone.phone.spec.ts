import { expect, test } from '@playwright/test';
import { SCREENS } from '../fixtures/screens';
import { groupScreens, onlyScreens, SWEEP_LANGUAGES, SWEEP_SCREEN_MS, sweepScreens } from '../fixtures/sweep';

/**
 * Runs in the `phone` project (390 px wide): no screen of `fixtures/screens.ts` may scroll sideways,
 * in the languages of `SWEEP_LANGUAGES`.
 */

/** A screen with a known, open defect waits for its fix in a test of its own, reported as skipped. */
const known = SCREENS.filter((screen) => screen.phoneKnownIssue !== undefined);
const swept = onlyScreens(SCREENS).filter((screen) => screen.phoneKnownIssue === undefined);

test.use({ actionTimeout: SWEEP_SCREEN_MS, navigationTimeout: SWEEP_SCREEN_MS });

for (const lang of SWEEP_LANGUAGES) {
  test.describe(`phone sweep (${lang})`, () => {
    for (const group of groupScreens(swept)) {
      test(`${group.title} fit 390 px`, async ({ page, request }) => {
        await sweepScreens(page, request, group, lang, async (screen) => {
          const overflow = await page.evaluate(() => {
            const width = window.innerWidth;
            const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
              .filter((element) => element.getBoundingClientRect().right > width + 0.5)
              .filter((element) => !element.closest('[data-sweep-scrolls]'))
              .slice(0, 5)
              .map(
                (element) =>
                  `${element.tagName.toLowerCase()}.${element.className} → ${Math.round(element.getBoundingClientRect().right)}`,
              );
            return { scrollWidth: document.documentElement.scrollWidth, width, wide };
          });
          expect(
            overflow.scrollWidth,
            `${screen.name}: page is wider than the phone: ${overflow.wide.join('; ')}`,
          ).toBeLessThanOrEqual(overflow.width);
        });
      });
    }
    for (const screen of known) {
      test(`${screen.name} fits 390 px`, () => {
        test.fixme(true, screen.phoneKnownIssue);
      });
    }
  });
}
