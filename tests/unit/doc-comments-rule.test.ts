import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import docComments from '../../scripts/lint/doc-comments.js';

RuleTester.describe = describe;
RuleTester.it = it;

const rule = docComments.rules['no-orphaned-doc-comment'];
const orphaned = { messageId: 'orphaned' };

new RuleTester().run('no-orphaned-doc-comment', rule, {
  valid: [
    '/** Adds. */\nconst add = (a, b) => a + b;\n/** Doubles. */\nconst double = (a) => 2 * a;',
    '/** The file: what it holds. */\n\n/** Adds. */\nconst add = (a, b) => a + b;',
    '/** Adds. */\n// and rounds\n/** Doubles. */\nconst double = (a) => 2 * a;',
    '/* A note. */\n/** Doubles. */\nconst double = (a) => 2 * a;',
  ],
  invalid: [
    {
      code: '/** Adds. */\n/** Doubles. */\nconst double = (a) => 2 * a;',
      errors: [{ ...orphaned, line: 1 }],
    },
    {
      code: 'const a = 1;\n/**\n * Adds.\n */\n  /** Doubles. */\nconst double = (a) => 2 * a;',
      errors: [{ ...orphaned, line: 2 }],
    },
  ],
});
