import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { VERSION } from '../src/core/version';

it('VERSION equals package.json version', () => {
  expect(VERSION).toBe(JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).version);
});
