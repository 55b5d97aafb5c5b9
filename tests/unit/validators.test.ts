import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, SMS_CODE_LENGTH } from '../../src/shared/constants';
import {
  PASSWORD_PROBLEM_KEY,
  checkPassword,
  isEmail,
  isMobile,
  isSmsCode,
  maskPhone,
  passwordStrength,
  type PasswordProblem,
  type PasswordStrength,
} from '../../src/shared/validators';
import zhValidation from '../../src/shared/locales/zh-CN/validation.json';
import enValidation from '../../src/shared/locales/en-US/validation.json';
import zhCommon from '../../src/shared/locales/zh-CN/common.json';
import enCommon from '../../src/shared/locales/en-US/common.json';

describe('isMobile', () => {
  it.each(['13812345678', '13000000000', '19999999999', '15912345678', '17712345678'])('accepts %s', (s) => {
    expect(isMobile(s)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['second digit 2', '12812345678'],
    ['second digit 0', '10812345678'],
    ['not starting with 1', '23812345678'],
    ['10 digits', '1381234567'],
    ['12 digits', '138123456789'],
    ['country code', '+8613812345678'],
    ['86 prefix', '8613812345678'],
    ['spaces', '138 1234 5678'],
    ['surrounding space', ' 13812345678'],
    ['trailing newline', '13812345678\n'],
    ['dashes', '138-1234-5678'],
    ['letters', '1381234567a'],
    ['full-width digits', '\uFF11\uFF13\uFF18\uFF11\uFF12\uFF13\uFF14\uFF15\uFF16\uFF17\uFF18'],
  ])('rejects %s', (_name, s) => {
    expect(isMobile(s)).toBe(false);
  });
});

describe('isEmail', () => {
  it.each([
    'user@example.com',
    'first.last@example.com',
    'user+tag@sub.example.co',
    'a_b-c@my-domain.cn',
    "o'brien@example.org",
    '12345@qq.com',
    'UPPER@EXAMPLE.COM',
    `${'a'.repeat(64)}@example.com`,
    `a@${Array(3).fill('b'.repeat(63)).join('.')}.com`,
  ])('accepts %s', (s) => {
    expect(isEmail(s)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no at', 'user.example.com'],
    ['no local part', '@example.com'],
    ['no domain', 'user@'],
    ['no top-level domain', 'user@example'],
    ['one-letter top-level domain', 'user@example.c'],
    ['numeric top-level domain', 'user@example.123'],
    ['two ats', 'user@@example.com'],
    ['at in local part', 'us@er@example.com'],
    ['space', 'us er@example.com'],
    ['surrounding space', ' user@example.com'],
    ['leading dot', '.user@example.com'],
    ['trailing dot', 'user.@example.com'],
    ['double dot in local part', 'us..er@example.com'],
    ['double dot in domain', 'user@example..com'],
    ['domain label starting with hyphen', 'user@-example.com'],
    ['domain label ending with hyphen', 'user@example-.com'],
    ['trailing dot in domain', 'user@example.com.'],
    ['local part over 64', `${'a'.repeat(65)}@example.com`],
    // Every label is valid; only the 254-character total is exceeded.
    ['over 254 in all', `a@${Array(5).fill('b'.repeat(60)).join('.')}.com`],
    ['Chinese characters', '用户@example.com'],
    ['display name', 'User <user@example.com>'],
  ])('rejects %s', (_name, s) => {
    expect(isEmail(s)).toBe(false);
  });
});

describe('isSmsCode', () => {
  it('uses the SMS code length of SPEC §9', () => {
    expect(SMS_CODE_LENGTH).toBe(6);
  });

  it.each(['123456', '000000', '999999'])('accepts %s', (s) => {
    expect(isSmsCode(s)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['5 digits', '12345'],
    ['7 digits', '1234567'],
    ['letter', '12345a'],
    ['space', '123 456'],
    ['surrounding space', ' 123456'],
    ['trailing newline', '123456\n'],
    ['sign', '-12345'],
    ['decimal', '1234.5'],
    ['full-width digits', '\uFF11\uFF12\uFF13\uFF14\uFF15\uFF16'],
    ['Arabic-Indic digits', '\u0661\u0662\u0663\u0664\u0665\u0666'],
  ])('rejects %s', (_name, s) => {
    expect(isSmsCode(s)).toBe(false);
  });
});

describe('checkPassword', () => {
  it('uses the minimum length of SPEC §5', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
  });

  it.each([
    'abc12x',
    'Tr0ub4dor',
    'zx9!kq',
    'correct-horse',
    'my pass 2024',
    'hello_world',
    '8675309!',
    'Lsf#2025pay',
    '密码abc12',
  ])('accepts %s', (pw) => {
    expect(checkPassword(pw)).toBeNull();
  });

  it.each<[PasswordProblem, string]>([
    ['required', ''],
    ['tooShort', 'a'],
    ['tooShort', 'ab1!x'],
    // Characters, not UTF-16 units: five emoji are 10 units but 5 characters.
    ['tooShort', 'a1\u{1F600}\u{1F600}\u{1F600}'],
    ['backslash', 'abc\\123'],
    ['backslash', '\\\\\\\\\\\\'],
    ['complexity', 'abcdefgh'],
    ['complexity', 'ABCDEFGHxyz'],
    ['complexity', '84736251'],
    ['complexity', '!@#$%^&*'],
    ['complexity', '      '],
    ['complexity', '密码密码密码'],
  ])('%s: %j', (problem, pw) => {
    expect(checkPassword(pw)).toBe(problem);
  });

  it('reports problems in the documented order', () => {
    // Too short wins over backslash and complexity.
    expect(checkPassword('a\\')).toBe('tooShort');
    // Backslash wins over complexity.
    expect(checkPassword('aaaaa\\')).toBe('backslash');
    // Complexity wins over common.
    expect(checkPassword('123456')).toBe('complexity');
    expect(checkPassword('aaaaaa')).toBe('complexity');
    expect(checkPassword('qwertyuiop')).toBe('complexity');
  });

  it.each([
    '123456a',
    'password1',
    'qwerty123',
    'a123456',
    '123qwe',
    'abc123',
    '111111a',
    'PASSWORD1',
    'Abc123',
    '1qaz2wsx',
    'P@ssw0rd',
  ])('rejects the common password %s', (pw) => {
    expect(checkPassword(pw)).toBe('common');
  });

  it.each([
    ['repeated character plus one at the end', '1111111a'],
    ['repeated character plus one in front', '!aaaaaaa'],
    ['digit run plus one', '123456!'],
    ['digit run from 4', '45678x'],
    ['descending digit run plus one', '9876543a'],
    ['keyboard row 1234567890 plus one', '67890a'],
    ['alphabet run plus one', 'abcdef1'],
    ['descending alphabet run plus one', 'zyxwv1'],
    ['upper-case alphabet run plus one', 'ABCDEFG#'],
    ['keyboard row plus one', '!qwerty'],
    ['second keyboard row plus one', 'asdfgh1'],
    ['third keyboard row plus one', 'zxcvbn9'],
    ['reversed keyboard row plus one', 'ytrewq1'],
  ])('rejects %s: %s', (_name, pw) => {
    expect(checkPassword(pw)).toBe('common');
  });

  it.each([
    ['two extra characters around a run', 'x123456!'],
    ['broken run', '12346a!'],
    ['repeated character with two extras', '1111aa1'],
    ['run in the middle of a longer password', 'my12345pw'],
  ])('does not over-reject: %s (%s)', (_name, pw) => {
    expect(checkPassword(pw)).toBeNull();
  });
});

describe('passwordStrength', () => {
  it.each<[string, PasswordStrength]>([
    ['', 'short'],
    ['a', 'short'],
    ['Ab1!x', 'short'],
    ['a1\u{1F600}\u{1F600}\u{1F600}', 'short'],
    // 1 class, any length: low.
    ['zqxjkvbw', 'low'],
    ['zqxjkvbwmplrt', 'low'],
    // 2 classes: low below 8, medium from 8.
    ['zq9xj7', 'low'],
    ['zq9xj7k', 'low'],
    ['zq9xj7kv', 'medium'],
    ['zq9xj7kvbwmplr', 'medium'],
    // 3 classes: medium below 10, strong from 10.
    ['zq9!xj', 'medium'],
    ['zq9!xj7kv', 'medium'],
    ['zq9!xj7kvb', 'strong'],
    ['Lsf#2025pay!', 'strong'],
  ])('%j -> %s', (pw, strength) => {
    expect(passwordStrength(pw)).toBe(strength);
  });

  it('rates every guessable password low, however long or mixed', () => {
    expect(passwordStrength('password123')).toBe('low');
    expect(passwordStrength('P@ssw0rd')).toBe('low');
    expect(passwordStrength('1234567890!')).toBe('low');
    expect(passwordStrength('aaaaaaaaaaaa')).toBe('low');
  });
});

describe('maskPhone', () => {
  it.each([
    ['13812345678', '138****5678'],
    ['19900001111', '199****1111'],
    // Other lengths: still first 3 and last 4, middle always four asterisks.
    ['12345678', '123****5678'],
    ['+8613812345678', '+86****5678'],
  ])('%s -> %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it.each(['', '1', '138', '1381234', 'abcdefg'])('returns %j unchanged (too short to hide anything)', (phone) => {
    expect(maskPhone(phone)).toBe(phone);
  });
});

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

describe('validation locale files', () => {
  const zh = flatten(zhValidation);
  const en = flatten(enValidation);
  const requiredKeys = [
    'required',
    'mobile',
    'email',
    'smsCode',
    'password.required',
    'password.tooShort',
    'password.backslash',
    'password.complexity',
    'password.common',
    'passwordMismatch',
    'agreement',
    'enterpriseName',
    'strength.strong',
    'strength.medium',
    'strength.low',
    'strength.short',
    'captcha',
  ];

  it('zh-CN and en-US have the same keys and every key is present', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(zh).sort()).toEqual([...requiredKeys].sort());
  });

  it('has no empty message and zh-CN is actually Chinese', () => {
    for (const key of requiredKeys) {
      expect(zh[key].trim(), key).not.toBe('');
      expect(en[key].trim(), key).not.toBe('');
      expect(zh[key], key).toMatch(/\p{Script=Han}/u);
      expect(en[key], key).not.toMatch(/\p{Script=Han}/u);
    }
  });

  it('keeps the exact texts of SPEC §5', () => {
    expect(en.email).toBe('The email address is in the wrong format!');
    expect(zh.email).toBe('邮箱地址格式错误！');
    expect(en.passwordMismatch).toBe('The passwords entered twice do not match!');
    expect(zh.passwordMismatch).toBe('两次输入的密码不匹配！');
    expect(en.agreement).toBe('Please read and check the protocol!');
    expect(zh.agreement).toBe('请阅读并勾选协议！');
    expect(zh.mobile).toBe('手机号格式不正确');
    expect(zh['strength.strong']).toBe('强');
    expect(zh['strength.medium']).toBe('中');
    expect(zh['strength.low']).toBe('低');
    expect(zh['strength.short']).toBe('太短');
  });

  it('numbers in messages match the constants they describe', () => {
    for (const messages of [zh, en]) {
      expect(messages['password.tooShort']).toContain(String(PASSWORD_MIN_LENGTH));
      expect(messages.smsCode).toContain(String(SMS_CODE_LENGTH));
    }
  });

  it('PASSWORD_PROBLEM_KEY maps every problem to an existing key', () => {
    const problems: PasswordProblem[] = ['required', 'tooShort', 'backslash', 'complexity', 'common'];
    expect(Object.keys(PASSWORD_PROBLEM_KEY).sort()).toEqual([...problems].sort());
    for (const problem of problems) {
      expect(PASSWORD_PROBLEM_KEY[problem]).toBe(`password.${problem}`);
      expect(zh).toHaveProperty([PASSWORD_PROBLEM_KEY[problem]]);
      expect(en).toHaveProperty([PASSWORD_PROBLEM_KEY[problem]]);
    }
  });

  it('every strength level has a message', () => {
    const levels: PasswordStrength[] = ['strong', 'medium', 'low', 'short'];
    for (const level of levels) {
      expect(zh).toHaveProperty([`strength.${level}`]);
      expect(en).toHaveProperty([`strength.${level}`]);
    }
  });
});

describe('common locale files', () => {
  it('zh-CN and en-US have the same keys', () => {
    expect(Object.keys(flatten(zhCommon)).sort()).toEqual(Object.keys(flatten(enCommon)).sort());
  });
});

describe('shared sources', () => {
  // User-facing text belongs in the locale files, never in shared TypeScript.
  const dir = fileURLToPath(new URL('../../src/shared', import.meta.url));
  const mine = ['validators.ts', 'money.ts', 'greeting.ts'];

  it.each(mine)('%s contains no Chinese characters', (file) => {
    expect(readdirSync(dir)).toContain(file);
    expect(readFileSync(join(dir, file), 'utf8')).not.toMatch(/[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u);
  });
});
