// The product's one time zone and format (issue 17, defect 5): every instant reads as
// `YYYY-MM-DD HH:mm:ss` in China time, whatever zone the process runs in. The browser-local
// zone is set to New York here (TZ applies to Date at once in Node), a zone 12 or 13 hours
// from China where the day itself differs, so a formatter that used local time would fail.
import { describe, expect, it } from 'vitest';
import { chinaDay, chinaHour, formatChinaTime, isPastChinaDay } from '../../src/shared/chinaTime';
import { formatDate, formatDateTime } from '../../src/web/resources/format';
import { loadSchemaFiles, REPO_ROOT } from '../../src/shared/schema/load-node';
import { displayOf, exportFormatOf } from '../../src/shared/resources/fieldKinds';
import type { FieldSchema } from '../../src/shared/resources/types';
import { inTimeZone } from '../support/timeZone';

inTimeZone('America/New_York');

// 2026-11-24 23:15:17 in New York is 2026-11-25 12:15:17 in Beijing.
const INSTANT = '2026-11-25T04:15:17.600Z';

describe('formatChinaTime', () => {
  it('runs in a zone that is not China', () => {
    expect(new Date(INSTANT).getDate()).toBe(24);
  });

  it('shows an ISO instant as YYYY-MM-DD HH:mm:ss in China time', () => {
    expect(formatChinaTime(INSTANT)).toBe('2026-11-25 12:15:17');
    expect(formatChinaTime('2026-11-25T12:15:17+08:00')).toBe('2026-11-25 12:15:17');
  });

  it('takes a Date or epoch milliseconds as well', () => {
    expect(formatChinaTime(new Date(INSTANT))).toBe('2026-11-25 12:15:17');
    expect(formatChinaTime(Date.parse(INSTANT))).toBe('2026-11-25 12:15:17');
  });

  it('crosses midnight into the China day', () => {
    expect(formatChinaTime('2026-12-31T16:00:00.000Z')).toBe('2027-01-01 00:00:00');
    expect(chinaDay(new Date('2026-12-31T16:00:00.000Z'))).toBe('2027-01-01');
    expect(chinaHour(new Date('2026-12-31T16:00:00.000Z'))).toBe(0);
    expect(isPastChinaDay('2026-12-31', new Date('2026-12-31T16:00:00.000Z'))).toBe(true);
  });

  it('shows what is not an instant as it is, and nothing as empty', () => {
    expect(formatChinaTime(undefined)).toBe('');
    expect(formatChinaTime(null)).toBe('');
    expect(formatChinaTime('soon')).toBe('soon');
    expect(formatChinaTime('2026-11-25')).toBe('2026-11-25');
  });
});

describe('the console formats', () => {
  it('shows instants in the one format and calendar days unshifted, in every language', () => {
    expect(formatDateTime(INSTANT)).toBe('2026-11-25 12:15:17');
    expect(formatDate('2026-12-01')).toBe('2026-12-01');
    expect(formatDate(undefined)).toBe('');
  });
});

describe('record fields that hold an instant', () => {
  it('are of the datetime kind, so no page shows or exports a raw ISO string', () => {
    const offenders: string[] = [];
    for (const file of loadSchemaFiles(REPO_ROOT).files) {
      const record = (file.data as { record?: { properties?: Record<string, FieldSchema> } }).record;
      for (const [name, schema] of Object.entries(record?.properties ?? {})) {
        if (!/At$/.test(name)) continue;
        if (displayOf(schema) !== 'datetime' || exportFormatOf(schema) !== 'datetime') offenders.push(`${file.path}#${name}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
