// What the site's tests share: the site built into a temporary directory (never site/dist/, which a
// person may be looking at) and headless Chromium through playwright-core. Chromium is the system's
// (OMLINT_CHROMIUM, default /usr/bin/chromium: .ci/run installs Debian's); without it the browser
// tests skip with a message.
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { buildSite } from '../../scripts/build-site';
import { ROOT } from '../golden/corpus';

export const CHROMIUM = process.env.OMLINT_CHROMIUM ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
if (!HAS_CHROMIUM) console.warn(`site tests: ${CHROMIUM} is missing (apt-get install -y chromium, or set OMLINT_CHROMIUM): browser checks skipped`);

/** Screenshots go here, to be looked at (test-artifacts/ is gitignored). */
export const ARTIFACTS = path.join(ROOT, 'test-artifacts/site');

/** Builds the site into a fresh temporary directory; returns its file:// URL (with a trailing slash). */
export async function builtSite(): Promise<{ dir: string; url: string }> {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'omlint-site-')), 'dist');
  await buildSite(dir);
  mkdirSync(ARTIFACTS, { recursive: true });
  return { dir, url: `${pathToFileURL(dir).href}/` };
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
}
