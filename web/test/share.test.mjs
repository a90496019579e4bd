// #share: a link whose fragment holds the sprite and the options; opened in a fresh
// browser it shows the same print, move for move.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { assertPrints, launch, openPage, result, setSpeed, suite, WEB_DIR } from './harness.mjs';

const env = suite();

test('#share opened in a fresh browser gives the same print, move for move', async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await setSpeed(page, 'instant');
  await page.click('button[data-sample="invader"]');
  await result(page);
  await page.check('#direct');
  await result(page);
  await page.selectOption('#align', 'best');
  const shown = await result(page);
  const sprite = join(WEB_DIR, 'samples/invader.png');
  await assertPrints(env, shown, sprite, 'invader');
  const href = await page.getAttribute('#share', 'href');
  assert.match(href, /#w=\d+&h=\d+&c=[0-9a-f-]+&p=[\w-]+&strategy=grouped&direct=1&align=best&name=invader\.png$/);
  // The address bar follows the options: it holds the print shown.
  assert.equal(page.url(), href);

  // Share copies the link and says so; the page stays, and does not print again.
  await env.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  const before = await page.evaluate(() => window.playground.instances());
  await page.evaluate(() => { window.notReloaded = true; });
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share').textContent === 'Link copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), href);
  assert.equal(await page.evaluate(() => window.notReloaded), true, 'no navigation');
  assert.equal(page.url(), href);
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'done', 'no new print');
  assert.equal(await page.textContent('#moves'), shown.moves);
  assert.equal(await page.evaluate(() => window.playground.instances()), before);

  // A different browser profile: nothing carries over but the URL.
  const fresh = await launch();
  try {
    const other = await fresh.context.newPage();
    const otherProblems = [];
    other.on('pageerror', (e) => otherProblems.push(e.message));
    await other.goto(href);
    const reopened = await result(other);
    assert.equal(reopened.moves, shown.moves);
    assert.equal(reopened.pieces, shown.pieces);
    assert.deepEqual(
      await other.evaluate(() => [
        document.getElementById('strategy').value,
        document.getElementById('direct').checked,
        document.getElementById('align').value,
      ]),
      ['3', true, 'best'],
    );
    // The reopened page shares the same link.
    assert.equal(await other.getAttribute('#share', 'href'), href);
    await assertPrints(env, reopened, sprite, 'invader-shared');
    assert.deepEqual(otherProblems, []);
  } finally {
    await fresh.close();
  }

  // A broken link says what is wrong with it.
  await page.goto(`${env.server.url}#w=3&h=2&c=zz0000&p=AAA`);
  await page.waitForSelector('body[data-state="error"]');
  assert.match(await page.textContent('#error'), /^error: bad share link: colour "zz0000" is not six hex digits$/);
  assert.deepEqual(problems, []);
  await page.close();
});
