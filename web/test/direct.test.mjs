// Direct placement (#direct) and placement (#align): on by default, as on the command
// line; a filled sprite prints in fewer pieces with it, every print is the CLI's with the
// same options, and the CLI's `check` replays each one to the sprite.

import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { assertPrints, cli, openPage, png, result, setSpeed, suite } from './harness.mjs';

const env = suite();

test('#direct prints a filled sprite in fewer pieces; #align places it as the CLI does', async () => {
  const sprite = join(env.tmp, 'filled.png');
  await writeFile(sprite, png(`
    000000000000
    000000000000
    000000000000
    000000000000
    111111111111
    111111111111
    111111111111
    111111111111
  `, { 0: [200, 60, 40], 1: [40, 90, 200] }));
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await setSpeed(page, 'instant');
  assert.equal(await page.isChecked('#direct'), true, 'direct placement is the default');
  await page.setInputFiles('#file', sprite);
  const direct = await result(page);
  const directLines = await assertPrints(env, direct, sprite, 'filled-direct');
  assert.equal(direct.moves, cli(['convert', 'filled.png'], env.tmp).stdout);

  await page.uncheck('#direct');
  const plain = await result(page);
  const plainLines = await assertPrints(env, plain, sprite, 'filled');
  assert.ok(
    directLines.length < plainLines.length,
    `direct placement: ${directLines.length} pieces, without: ${plainLines.length}`,
  );
  assert.equal(plain.moves, cli(['convert', 'filled.png', '--no-direct'], env.tmp).stdout);
  await page.check('#direct');
  await result(page);

  for (const align of ['left', 'right', 'best', 'centre']) {
    await page.selectOption('#align', align);
    const shown = await result(page);
    await assertPrints(env, shown, sprite, `filled-${align}`);
    const expected = cli(['convert', 'filled.png', '--align', align], env.tmp);
    assert.equal(expected.status, 0, expected.stderr);
    assert.equal(shown.moves, expected.stdout, `--align ${align}`);
    // Only the chosen column differs, so the four prints are told apart by their moves.
    const x0 = { left: 2, centre: 4, right: 7 }[align];
    if (x0 !== undefined) assert.match(await page.textContent('#sprite-info'), new RegExp(`left column ${x0}(?!\\d)`));
  }

  // The classic splits and the thorough planner have no direct placement (the CLI
  // refuses the pair): the box is greyed out, and the print is the plain one.
  for (const [value, passes] of [['1', 'optimal'], ['2', 'thorough']]) {
    await page.selectOption('#strategy', value);
    const plain = await result(page);
    assert.equal(await page.isDisabled('#direct'), true);
    assert.equal(plain.moves, cli(['convert', 'filled.png', '--passes', passes], env.tmp).stdout);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
