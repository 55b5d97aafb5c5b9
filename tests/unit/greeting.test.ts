import { describe, expect, it } from 'vitest';
import { greetingKey, type GreetingKey } from '../../src/shared/greeting';
import zhCommon from '../../src/shared/locales/zh-CN/common.json';
import enCommon from '../../src/shared/locales/en-US/common.json';

describe('greetingKey', () => {
  // SPEC §9: before 9 morning, up to 11 forenoon, up to 13 noon, before 20 afternoon, else evening.
  const expected: GreetingKey[] = [
    'morning', 'morning', 'morning', 'morning', 'morning', 'morning', 'morning', 'morning', 'morning', // 0-8
    'forenoon', 'forenoon', 'forenoon', // 9-11
    'noon', 'noon', // 12-13
    'afternoon', 'afternoon', 'afternoon', 'afternoon', 'afternoon', 'afternoon', // 14-19
    'evening', 'evening', 'evening', 'evening', // 20-23
  ];

  it('covers all 24 hours', () => {
    expect(expected).toHaveLength(24);
  });

  it.each(expected.map((key, hour) => [hour, key] as const))('hour %i -> %s', (hour, key) => {
    expect(greetingKey(hour)).toBe(key);
  });

  it.each([
    ['last morning hour', 8, 'morning'],
    ['first forenoon hour', 9, 'forenoon'],
    ['last forenoon hour', 11, 'forenoon'],
    ['first noon hour', 12, 'noon'],
    ['last noon hour', 13, 'noon'],
    ['first afternoon hour', 14, 'afternoon'],
    ['last afternoon hour', 19, 'afternoon'],
    ['first evening hour', 20, 'evening'],
  ] as const)('boundary: %s (%i) -> %s', (_name, hour, key) => {
    expect(greetingKey(hour)).toBe(key);
  });

  it('works with Date#getHours()', () => {
    expect(greetingKey(new Date(2025, 0, 1, 7, 30).getHours())).toBe('morning');
    expect(greetingKey(new Date(2025, 0, 1, 21, 5).getHours())).toBe('evening');
  });

  it.each([-1, 24, 25, 8.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'rejects hour %s',
    (hour) => {
      expect(() => greetingKey(hour)).toThrow(RangeError);
    },
  );
});

describe('greeting texts', () => {
  const keys: GreetingKey[] = ['morning', 'forenoon', 'noon', 'afternoon', 'evening'];

  it('zh-CN has the five greetings', () => {
    expect(zhCommon.greeting).toEqual({
      morning: '早上好',
      forenoon: '上午好',
      noon: '中午好',
      afternoon: '下午好',
      evening: '晚上好',
    });
  });

  it('en-US has a non-empty text for every key and no others', () => {
    expect(Object.keys(enCommon.greeting).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(enCommon.greeting[key]).toMatch(/^Good \w+$/);
  });
});
