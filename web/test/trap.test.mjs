// Recovery after a trap in the WebAssembly module: the worker instantiates the module
// again and the page says so; the next conversion works (and is checked by the CLI).

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { assertPrints, openPage, result, setSpeed, suite, WEB_DIR } from './harness.mjs';

const env = suite();

test('a forced trap is followed by a working conversion', async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await setSpeed(page, 'instant');
  await page.click('button[data-sample="heart"]');
  await result(page);
  assert.equal(await page.evaluate(() => window.playground.instances()), 1);

  // A read past the end of the module's memory while its state lock is held.
  const message = await page.evaluate(() => window.playground.forceTrap());
  assert.match(message, /out of bounds/);
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'error');
  assert.match(await page.textContent('#error'), /^error: the WebAssembly module trapped \(.*out of bounds.*\) while running the forced trap$/);
  assert.equal(await page.textContent('#status'), 'the WebAssembly module trapped; it was instantiated again and works on');
  assert.equal(await page.evaluate(() => window.playground.instances()), 2);

  // The next conversion runs on the fresh instance, and the library checks it.
  await page.click('button[data-sample="mushroom"]');
  // The page still shows the trap's error until the conversion starts: wait for it to
  // leave that state, or `result` could read the error before the new print begins.
  await page.waitForFunction(() => document.body.dataset.state !== 'error');
  const shown = await result(page);
  await assertPrints(env, shown, join(WEB_DIR, 'samples/mushroom.png'), 'after-trap');
  assert.match(shown.verified, /^library check: ok: 16x15 sprite, \d+ pieces$/);
  assert.deepEqual(problems, []);
  await page.close();
});
