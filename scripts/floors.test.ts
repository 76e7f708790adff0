/**
 * The floors rules in eslint.config.js: an import down passes; up, sideways or across the halves
 * fails; and no circle of files stands anywhere, a circle of type imports inside one folder included.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const eslint = new ESLint();
async function problems(filePath: string, code: string, rule = 'floors/imports-go-down'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('floors', () => {
  it('lets a folder import from the floors below it', async () => {
    assert.deepEqual(
      await problems(
        'service/surfaces/mcp/x.ts',
        "import '../../core/keys/names.js';\nimport '../../db/database.js';\n",
      ),
      [],
    );
    assert.deepEqual(await problems('src/element/x.ts', "import '../search/search-template.js';\n"), []);
  });

  it('refuses an import up a floor, sideways on one, or across the halves', async () => {
    assert.match(
      (await problems('service/core/keys/x.ts', "import '../../surfaces/mcp/tool.js';\n"))[0],
      /core\/keys may import only from floors below it/,
    );
    assert.match(
      (await problems('service/surfaces/console/x.ts', "import '../mcp/tool.js';\n"))[0],
      /not service\/surfaces\/mcp/,
    );
    assert.match(
      (await problems('service/core/keys/x.ts', "import '../../../src/internal/console.js';\n"))[0],
      /takes from src only src\/api, src\/words, src\/format/,
    );
    assert.match(
      (await problems('src/search/x.ts', "import '../estimate/estimate-template.js';\n"))[0],
      /src\/search may import only from floors below it/,
    );
  });

  it('asks for a floor for a folder that has none', async () => {
    assert.match((await problems('service/stray/x.ts', "import '../db/database.js';\n"))[0], /stands on no floor/);
  });

  it('finds a circle of files inside one folder, through type imports too, and names it', async () => {
    // migrate.ts imports database.ts (a type): database.ts importing migrate.ts back would close a circle.
    const [circle] = await problems('service/db/database.ts', "import './migrate.js';\n", 'floors/no-circle');
    assert.equal(
      circle,
      'A circle of files: service/db/database.ts → service/db/migrate.ts → service/db/database.ts. Move what both need into a file of its own.',
    );
    assert.deepEqual(
      await problems('service/db/database.ts', "import '../web/nul-text.js';\n", 'floors/no-circle'),
      [],
    );
  });
});
