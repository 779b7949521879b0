// Units of metricThreshold.units and currentValue.units (API-SPEC "Units"; DOMAIN §4 adds the
// NANOSECONDS, MILLION_MINUTES and RPU/WPU names that the wider docs list).
export const DATA_UNITS = [
  'BITS', 'BYTES', 'KILOBITS', 'KILOBYTES', 'MEGABITS', 'MEGABYTES',
  'GIGABITS', 'GIGABYTES', 'TERABYTES', 'PETABYTES',
] as const;
export const TIME_UNITS = [
  'NANOSECONDS', 'MILLISECONDS', 'SECONDS', 'MINUTES', 'HOURS', 'MILLION_MINUTES', 'DAYS',
] as const;
export const RPU_UNITS = ['RPU', 'THOUSAND_RPU', 'MILLION_RPU', 'WPU', 'THOUSAND_WPU', 'MILLION_WPU'] as const;
export const UNITS = ['RAW', ...DATA_UNITS, ...TIME_UNITS, ...RPU_UNITS] as const;
export type Unit = (typeof UNITS)[number];
export type UnitFamily = 'data' | 'time' | 'raw' | 'rpu';

export function unitFamily(unit: string): UnitFamily | undefined {
  if (unit === 'RAW') return 'raw';
  if ((DATA_UNITS as readonly string[]).includes(unit)) return 'data';
  if ((TIME_UNITS as readonly string[]).includes(unit)) return 'time';
  if ((RPU_UNITS as readonly string[]).includes(unit)) return 'rpu';
  return undefined;
}
