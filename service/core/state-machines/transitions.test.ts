import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import platform from '../../../contract/platform.openapi.json' with { type: 'json' };
import { TRANSITIONS } from './transitions.js';

const schemas = platform.components.schemas as Record<string, { enum?: string[]; 'x-transitions'?: object }>;

describe('the contract’s state machines, read once', () => {
  it('holds every status schema the contract gives x-transitions, each move between statuses of its enum', () => {
    const declared = Object.keys(schemas).filter((name) => schemas[name]!['x-transitions']);
    assert.deepEqual(Object.keys(TRANSITIONS).sort(), declared.sort());
    for (const [name, moves] of Object.entries(TRANSITIONS)) {
      const states = schemas[name]!.enum!;
      assert.deepEqual(Object.keys(moves).sort(), [...states].sort(), `${name}: a row for every status`);
      for (const to of Object.values(moves as Record<string, string[]>).flat())
        assert.ok(states.includes(to), `${name}: ${to} is one of its statuses`);
    }
  });
});
