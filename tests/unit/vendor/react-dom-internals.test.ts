import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as reduced from '../../../src/vendor/react-dom-internals.ts';

const require = createRequire(import.meta.url);
const reactDomDir = require.resolve('react-dom/package.json').replace(/package\.json$/, '');
const real = require(`${reactDomDir}cjs/react-dom.production.js`) as typeof reduced;

describe('react-dom reduced to what react-dom/client takes from it (src/vendor/react-dom-internals.ts)', () => {
  it('is written for the installed react-dom', () => {
    expect(require('react-dom/package.json').version).toBe('19.3.1');
  });

  it('react-dom/client reads nothing of react-dom but the shared internals', () => {
    const client = readFileSync(`${reactDomDir}cjs/react-dom-client.production.js`, 'utf8');
    const reads = [...client.matchAll(/\bReactDOM\.(\w+)/g)].map((match) => match[1]);
    expect(new Set(reads)).toEqual(new Set(['__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE']));
  });

  it('exports the same internals object as react-dom: the same fields, dispatcher methods and starting values', () => {
    const ours = reduced.__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
    const theirs = real.__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    expect(ours.p).toBe(theirs.p);
    expect(ours.findDOMNode).toBe(theirs.findDOMNode);
    expect(Object.keys(ours.d).sort()).toEqual(Object.keys(theirs.d).sort());
    for (const key of Object.keys(theirs.d) as Array<keyof typeof theirs.d>) {
      expect(typeof ours.d[key], key).toBe('function');
      if (key === 'r') continue;
      expect(ours.d[key](), key).toBe(theirs.d[key]());
    }
    expect(() => theirs.d.r()).toThrow(/#522/);
    expect(() => ours.d.r()).toThrow(/#522/);
  });
});
