// The kinds a file on disk may hold, told from its first bytes without parsing it: declared ones
// (config override, modeline, file name), else the keys that only one family of kinds uses. A
// sibling is parsed in full only when a workspace rule reads one of its kinds, or when the prefix
// tells nothing (then it may be anything: never skipped silently).
import type { FileSettings } from '../config/load';
import { findModelines, kindFromFileName } from '../kinds/detect';
import type { Kind } from '../core/kinds';

/** How much of a file the sniff reads. */
export const SNIFF_BYTES = 16 * 1024;

const key = (names: string) => new RegExp(`["']?\\b(?:${names})["']?\\s*:`);

/**
 * Key names (anywhere in the text) that every document of a family of kinds carries. Integrations
 * carry a `type`; a text without any of these keys holds no document of any kind.
 */
const FAMILY_KEYS: [RegExp, Kind[]][] = [
  [key('eventTypeName'), ['alert-config', 'global-alert-config']],
  [key('alertTypeNames|startDate|endDate'), ['maintenance-window', 'maintenance-window-update']],
  [key('processes|replicaSets|mongoDbVersions|sharding|auth|tls|prometheus'), ['automation-config']],
  [key('ipAddress|cidrBlock'), ['access-list-entries']],
  [key('acknowledgedUntil|acknowledgementComment'), ['alert-acknowledgement']],
  [key('deployment|cases'), ['alert-test']],
  [key('desc|roles'), ['api-key-update']],
  [key('type'), ['integration']],
];

/**
 * The kinds a file may hold, from its first bytes; undefined when they cannot tell (the caller
 * parses the file). Trusted: a kind the config declares (every document has it), and an automation
 * config (one document per file, its top-level keys first). Otherwise only a prefix that is the
 * whole text is trusted, since a stream or array may hold other kinds further on.
 */
export function sniffKinds(filePath: string, prefix: string, settings: FileSettings, size: number): Set<Kind> | undefined {
  if (settings.kind) return new Set([settings.kind]);
  const whole = Buffer.byteLength(prefix) >= size;
  const out = new Set<Kind>();
  for (const m of findModelines(prefix)) if (m.kind) out.add(m.kind);
  const fromName = kindFromFileName(filePath);
  if (fromName) out.add(fromName);
  for (const [re, kinds] of FAMILY_KEYS) if (re.test(prefix)) for (const k of kinds) out.add(k);
  if (whole) return out;
  const automationOnly = out.size > 0 && [...out].every((k) => k === 'automation-config' || k === 'api-key-update' || k === 'integration');
  return automationOnly && out.has('automation-config') ? new Set<Kind>(['automation-config']) : undefined;
}
