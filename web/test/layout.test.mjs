// The page on a phone (390 px wide): the field a visitor prints on is on the first screen,
// with the buttons that choose a sprite, and nothing is wider than the screen. Choosing
// the same file twice prints it twice.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { openPage, result, setSpeed, suite, WEB_DIR } from './harness.mjs';

const env = suite();

test('on a 390 px phone the whole field is on the first screen, after the sample buttons', async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await page.setViewportSize({ width: 390, height: 844 });
  await setSpeed(page, 'instant');
  await page.click('button[data-sample="heart"]');
  await result(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (sel) => page.evaluate((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  }, sel);
  const samples = await box('.samples');
  const field = await box('#field');
  assert.ok(samples.bottom < field.top, 'the sample buttons come first');
  // The whole field shows on the first screen: the print at its bottom too.
  assert.ok(field.bottom <= 844, `field at ${field.top}..${field.bottom}`);
  assert.ok(field.left >= 0 && field.right <= 390, `field at ${field.left}..${field.right}`);
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= 390),
    'nothing is wider than the screen',
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('choosing the same file again prints it again', async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await setSpeed(page, 'instant');
  const file = join(WEB_DIR, 'samples/invader.png');
  await page.setInputFiles('#file', file);
  const first = await result(page);
  // A browser fires no change for the file the input already holds: the page empties
  // it, so the same file chosen again is a change.
  assert.equal(await page.inputValue('#file'), '');
  // Something else in between, then the same file.
  await page.click('button[data-sample="heart"]');
  await result(page);
  await page.setInputFiles('#file', file);
  const again = await result(page);
  assert.equal(again.moves, first.moves);
  assert.match(await page.textContent('#sprite-info'), /^11×8 sprite/);
  assert.deepEqual(problems, []);
  await page.close();
});
