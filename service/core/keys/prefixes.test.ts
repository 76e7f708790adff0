import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import widgetHost from '../../../contract/widget-host.openapi.json' with { type: 'json' };
import { checkWidgetKey } from '../../../src/api/widget-key.js';
import { newPlatformKey, newWidgetKey } from './generate.js';
import { KEY_PREFIXES, SANDBOX_PLATFORM_KEY } from './prefixes.js';

describe('key prefixes', () => {
  const widgetKeyPattern = new RegExp(widgetHost.components.schemas.WidgetKey.pattern);

  it("agree with the widget contract and the widget's own check", () => {
    for (const prefix of [KEY_PREFIXES.widgetSandbox, KEY_PREFIXES.widgetLive]) {
      assert.match(`${prefix}abcdefghijklmnop`, widgetKeyPattern, prefix);
      assert.equal(checkWidgetKey(`${prefix}abcdefghijklmnop`), undefined, prefix);
    }
    for (const prefix of [KEY_PREFIXES.platformSandbox, KEY_PREFIXES.platformLive]) {
      assert.doesNotMatch(`${prefix}abcdefghijklmnop`, widgetKeyPattern, prefix);
      assert.equal(checkWidgetKey(`${prefix}abcdefghijklmnop`), 'platform_key', `the widget refuses to send ${prefix}`);
    }
  });

  it('start every key the service makes', () => {
    assert.match(newWidgetKey(), widgetKeyPattern);
    assert.ok(newWidgetKey().startsWith(KEY_PREFIXES.widgetSandbox));
    assert.match(newPlatformKey(), SANDBOX_PLATFORM_KEY);
  });
});
