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

/**
 * How many of its family's base unit (BYTES, MILLISECONDS, RPU; RAW counts as 1) one `unit` is,
 * for converting a threshold into a measurement's units. `dataBase` is 1024 (binary prefixes) or
 * 1000; no source says which Ops Manager uses (docs/alert-tests.md, setting dataUnitBase).
 */
export function unitScale(unit: string, dataBase = 1024): number | undefined {
  const data = (DATA_UNITS as readonly string[]).indexOf(unit);
  if (data >= 0) {
    // BITS, BYTES, KILOBITS, KILOBYTES, MEGABITS, MEGABYTES, GIGABITS, GIGABYTES, TERABYTES, PETABYTES
    const POWER = [0, 0, 1, 1, 2, 2, 3, 3, 4, 5];
    return dataBase ** POWER[data] / (unit.endsWith('BITS') ? 8 : 1);
  }
  const TIME: Record<string, number> = {
    NANOSECONDS: 1e-6, MILLISECONDS: 1, SECONDS: 1e3, MINUTES: 6e4, HOURS: 3.6e6, MILLION_MINUTES: 6e10, DAYS: 8.64e7,
  };
  if (unit in TIME) return TIME[unit];
  if (unit === 'RAW' || unit === 'RPU' || unit === 'WPU') return 1;
  if (unit.startsWith('THOUSAND_')) return 1e3;
  if (unit.startsWith('MILLION_')) return 1e6;
  return undefined;
}
