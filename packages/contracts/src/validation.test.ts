import { describe, expect, it } from 'vitest';
import {
  CODE_AMOUNT_MAX,
  MAX_FILE_SIZE,
  NAME_FORBIDDEN_CHARACTERS,
  applyMask,
  clipPastedText,
  codeAmountSchema,
  codeCommentSchema,
  companyNameSchema,
  creditTypeRequiresPrice,
  creditsSchema,
  decodeBase64Url,
  decodeDeviceSubdomainToken,
  domainSchema,
  emailSchema,
  hasForbiddenNameCharacters,
  ipv4Schema,
  isDomain,
  isIPv4,
  isMonitoringPeriod,
  isSameHostUrl,
  isValidCredits,
  maskMatches,
  monitoringPeriodOrOffSchema,
  monitoringPeriodSchema,
  nameSchema,
  normalizeCredits,
  normalizeSearchQuery,
  parseCsvLines,
  validateCsvFile,
  validateFile,
} from './validation.ts';

const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

describe('IPv4', () => {
  it.each(['0.0.0.0', '255.255.255.255', '192.168.1.1', '10.0.0.254', '1.2.3.4'])(
    'accepts %s',
    (ip) => expect(isIPv4(ip)).toBe(true),
  );

  it.each([
    '256.0.0.0',
    '0.0.0.256',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.-4',
    '1.2.3.4 ',
    'a.b.c.d',
    '1..3.4',
    '',
    '١.٢.٣.٤',
  ])('rejects %j', (ip) => expect(isIPv4(ip)).toBe(false));

  it('schema trims and rejects bad addresses', () => {
    expect(ipv4Schema.parse(' 8.8.8.8 ')).toBe('8.8.8.8');
    expect(ipv4Schema.safeParse('300.1.1.1').success).toBe(false);
  });
});

describe('domain', () => {
  const label63 = 'a'.repeat(63);
  const label64 = 'a'.repeat(64);

  it.each([
    'example.com',
    'sub.example.co.uk',
    'a.io',
    'my-host.example.museum',
    `${label63}.com`,
    'EXAMPLE.COM',
    'x1.y2.org',
  ])('accepts %s', (domain) => expect(isDomain(domain)).toBe(true));

  it.each([
    `${label64}.com`,
    '-start.com',
    'end-.com',
    'example.c',
    'example.abcdefg',
    'example.c0m',
    'localhost',
    'example..com',
    '.example.com',
    'example.com.',
    'under_score.com',
    'exa mple.com',
    '',
  ])('rejects %j', (domain) => expect(isDomain(domain)).toBe(false));

  it('accepts 6-letter TLD but not 7', () => {
    expect(isDomain('example.abcdef')).toBe(true);
    expect(isDomain('example.abcdefg')).toBe(false);
  });

  it('schema reports an error', () => {
    expect(domainSchema.safeParse('bad').success).toBe(false);
    expect(domainSchema.parse('ok.lt')).toBe('ok.lt');
  });
});

describe('forbidden name characters', () => {
  it('lists exactly the 23 characters of spec §5', () => {
    expect(NAME_FORBIDDEN_CHARACTERS.join('')).toBe('~!#$&*()[]{}<>?\'|;`/:"\\');
  });

  it.each([...NAME_FORBIDDEN_CHARACTERS])('rejects a name containing %s', (char) => {
    expect(hasForbiddenNameCharacters(`name${char}x`)).toBe(true);
    expect(nameSchema().safeParse(`name${char}x`).success).toBe(false);
  });

  it.each(['Router 1', 'my-device_2.0', 'a@b%c^d+e=f,g', 'Ąžuolas', '日本'])(
    'allows %s',
    (name) => {
      expect(hasForbiddenNameCharacters(name)).toBe(false);
    },
  );

  it('nameSchema trims, requires a value and honours min/max', () => {
    expect(nameSchema().parse('  Tag ')).toBe('Tag');
    expect(nameSchema().safeParse('   ').success).toBe(false);
    expect(nameSchema({ max: 3 }).safeParse('abcd').success).toBe(false);
    expect(nameSchema({ max: 3 }).safeParse('abc').success).toBe(true);
    expect(nameSchema({ min: 3 }).safeParse('ab').success).toBe(false);
  });

  it('nameSchema explains the forbidden symbol error', () => {
    const result = nameSchema().safeParse('a/b');
    expect(result.error?.issues[0]?.message).toBe('Name contains forbidden symbols');
  });
});

describe('applyMask', () => {
  it('# accepts digits and spaces only', () => {
    expect(applyMask('###', '1a2b3')).toBe('123');
    expect(applyMask('###', '1 2')).toBe('1 2');
  });

  it('* accepts letters and digits', () => {
    expect(applyMask('****', 'a1-B2')).toBe('a1B2');
  });

  it('S accepts letters only, keeping case', () => {
    expect(applyMask('SSS', 'a1Bc')).toBe('aBc');
  });

  it('F accepts hex and uppercases', () => {
    expect(applyMask('FFFF', 'a1g-fZ0')).toBe('A1F0');
  });

  it('A uppercases letters, a lowercases letters', () => {
    expect(applyMask('AAA', 'ab1c')).toBe('ABC');
    expect(applyMask('aaa', 'AB1C')).toBe('abc');
  });

  it('! makes the next character a literal', () => {
    expect(applyMask('!#-###', '123')).toBe('#-123');
    expect(applyMask('!A!!##', '12')).toBe('A!12');
  });

  it('a trailing ! is a literal', () => {
    expect(applyMask('##!', '12')).toBe('12!');
  });

  it('inserts literals and consumes them when typed', () => {
    expect(applyMask('FF:FF:FF', 'aabbcc')).toBe('AA:BB:CC');
    expect(applyMask('FF:FF:FF', 'aa:bb:cc')).toBe('AA:BB:CC');
    expect(applyMask('(###) ###', '123456')).toBe('(123) 456');
  });

  it('adds trailing literals only when no token is left', () => {
    expect(applyMask('##-##', '12')).toBe('12');
    expect(applyMask('(###)', '123')).toBe('(123)');
  });

  it('cuts input beyond the mask and handles empty values', () => {
    expect(applyMask('##', '12345')).toBe('12');
    expect(applyMask('##', '')).toBe('');
    expect(applyMask('', 'abc')).toBe('');
  });
});

describe('maskMatches', () => {
  it('requires a complete value', () => {
    expect(maskMatches('FF:FF', 'AB:CD')).toBe(true);
    expect(maskMatches('FF:FF', 'AB:C')).toBe(false);
    expect(maskMatches('FF:FF', 'AB:CDE')).toBe(false);
  });

  it('requires transformed characters', () => {
    expect(maskMatches('FF', 'ab')).toBe(false);
    expect(maskMatches('AA', 'AB')).toBe(true);
    expect(maskMatches('aa', 'AB')).toBe(false);
    expect(maskMatches('SS', 'aB')).toBe(true);
    expect(maskMatches('**', 'a1')).toBe(true);
    expect(maskMatches('##', '1 ')).toBe(true);
    expect(maskMatches('##', '1a')).toBe(false);
  });

  it('treats literals and escapes literally, including regex metacharacters', () => {
    expect(maskMatches('(##).!#', '(12).#')).toBe(true);
    expect(maskMatches('(##).!#', '(12)x#')).toBe(false);
    expect(maskMatches('##[a]', '12[b]')).toBe(true);
  });

  it('agrees with applyMask on a finished value', () => {
    const value = applyMask('FF-FF-FF-FF-FF-FF', '001e42abcdef');
    expect(value).toBe('00-1E-42-AB-CD-EF');
    expect(maskMatches('FF-FF-FF-FF-FF-FF', value)).toBe(true);
  });
});

describe('validateFile', () => {
  it('allows exactly 80 MB and rejects one byte more', () => {
    expect(MAX_FILE_SIZE).toBe(83_886_080);
    expect(validateFile({ name: 'fw.bin', size: MAX_FILE_SIZE })).toBeNull();
    expect(validateFile({ name: 'fw.bin', size: MAX_FILE_SIZE + 1 })).toBe(
      'Maximum file size is 80 MB',
    );
  });

  it('formats a custom limit', () => {
    expect(validateFile({ name: 'a.bin', size: 2 * 1024 * 1024 }, { maxSize: 1024 * 1024 })).toBe(
      'Maximum file size is 1 MB',
    );
  });

  it('allows spaces unless told otherwise', () => {
    expect(validateFile({ name: 'my file.bin', size: 1 })).toBeNull();
    expect(validateFile({ name: 'my file.bin', size: 1 }, { allowSpaces: false })).toBe(
      'File name contains spaces',
    );
    expect(validateFile({ name: 'my_file.bin', size: 1 }, { allowSpaces: false })).toBeNull();
  });

  it.each([...NAME_FORBIDDEN_CHARACTERS])('rejects a file name with %s', (char) => {
    expect(validateFile({ name: `fw${char}.bin`, size: 1 })).toBe(
      'File name contains forbidden symbols',
    );
  });

  it('checks size before the name', () => {
    expect(
      validateFile({ name: 'a b?.bin', size: MAX_FILE_SIZE + 1 }, { allowSpaces: false }),
    ).toBe('Maximum file size is 80 MB');
  });
});

describe('CSV import', () => {
  it('needs a .csv name or text/csv type', () => {
    expect(validateCsvFile({ name: 'list.CSV', size: 10 })).toBeNull();
    expect(validateCsvFile({ name: 'list', size: 10, type: 'text/csv' })).toBeNull();
    expect(validateCsvFile({ name: 'list.txt', size: 10, type: 'text/plain' })).toBe(
      'Not a CSV file selected',
    );
  });

  it('limits size to 80 MB', () => {
    expect(validateCsvFile({ name: 'a.csv', size: MAX_FILE_SIZE })).toBeNull();
    expect(validateCsvFile({ name: 'a.csv', size: MAX_FILE_SIZE + 1 })).toBe(
      'File size must be lower than 80MB',
    );
  });

  it('trims lines and skips empty ones for every line ending', () => {
    expect(parseCsvLines('\uFEFF a \r\n\r\nb\n  \n c\rd\n')).toEqual(['a', 'b', 'c', 'd']);
    expect(parseCsvLines('')).toEqual([]);
  });
});

describe('base64url and device subdomain token', () => {
  it('decodes base64url with and without padding', () => {
    expect(new TextDecoder().decode(decodeBase64Url('aGk'))).toBe('hi');
    expect(new TextDecoder().decode(decodeBase64Url('aGk='))).toBe('hi');
    expect([...decodeBase64Url('-_8')]).toEqual([251, 255]);
  });

  it.each(['abcde', 'a', 'ab+c', 'ab/c', 'a b=', 'ab$c', 'ab===', '=abc'])(
    'throws on malformed base64url %j',
    (token) => {
      expect(() => decodeBase64Url(token)).toThrow(new Error('Illegal base64url string!'));
      expect(() => decodeDeviceSubdomainToken(token)).toThrow('Illegal base64url string!');
    },
  );

  it('returns both parts of a well-formed token', () => {
    expect(decodeDeviceSubdomainToken(base64url('1100123456.abc-DEF-9'))).toEqual({
      first: '1100123456',
      second: 'abc-DEF-9',
    });
  });

  it.each(['onlyonepart', 'a.b.c', '.b', 'a.', 'a_b.c', 'a b.c', 'a.b\n', 'ą.b', ''])(
    'returns null when the token decodes to %j',
    (text) => {
      expect(decodeDeviceSubdomainToken(base64url(text))).toBeNull();
    },
  );

  it('returns null for bytes that are not UTF-8', () => {
    expect(decodeDeviceSubdomainToken('_w')).toBeNull();
  });
});

describe('monitoring period', () => {
  it('bounds are 60 and 31536000 seconds', () => {
    expect(isMonitoringPeriod(59)).toBe(false);
    expect(isMonitoringPeriod(60)).toBe(true);
    expect(isMonitoringPeriod(31_536_000)).toBe(true);
    expect(isMonitoringPeriod(31_536_001)).toBe(false);
    expect(isMonitoringPeriod(60.5)).toBe(false);
    expect(monitoringPeriodSchema.safeParse(59).success).toBe(false);
    expect(monitoringPeriodSchema.safeParse(300).success).toBe(true);
  });

  it('0 means off for device fields', () => {
    expect(monitoringPeriodOrOffSchema.safeParse(0).success).toBe(true);
    expect(monitoringPeriodOrOffSchema.safeParse(1).success).toBe(false);
  });
});

describe('credits', () => {
  it('normalizeCredits keeps digits, strips leading zeros and cuts to 14', () => {
    expect(normalizeCredits('0012a3')).toBe('123');
    expect(normalizeCredits('000')).toBe('');
    expect(normalizeCredits('123456789012345')).toBe('12345678901234');
  });

  it('isValidCredits requires 1 to 14 digits without leading zero', () => {
    expect(isValidCredits('1')).toBe(true);
    expect(isValidCredits('9'.repeat(14))).toBe(true);
    expect(isValidCredits('9'.repeat(15))).toBe(false);
    expect(isValidCredits('0')).toBe(false);
    expect(isValidCredits('01')).toBe(false);
    expect(isValidCredits('')).toBe(false);
    expect(isValidCredits('1.5')).toBe(false);
  });

  it('creditsSchema strips leading zeros before the length check', () => {
    expect(creditsSchema.parse('0007')).toBe('7');
    expect(creditsSchema.parse(`00${'9'.repeat(14)}`)).toBe('9'.repeat(14));
    expect(creditsSchema.safeParse('9'.repeat(15)).success).toBe(false);
    expect(creditsSchema.safeParse('000').success).toBe(false);
    expect(creditsSchema.safeParse('-5').success).toBe(false);
    expect(creditsSchema.safeParse('1e3').success).toBe(false);
  });

  it('price is required only for even credit types 2-14', () => {
    expect([2, 4, 6, 8, 10, 12, 14].every(creditTypeRequiresPrice)).toBe(true);
    expect([1, 3, 5, 13, 15, 16].some(creditTypeRequiresPrice)).toBe(false);
  });
});

describe('form field schemas', () => {
  it('company name needs at least 3 characters after trimming', () => {
    expect(companyNameSchema.safeParse('ab').success).toBe(false);
    expect(companyNameSchema.safeParse(' ab ').success).toBe(false);
    expect(companyNameSchema.parse('abc')).toBe('abc');
  });

  it('code comment allows 200 characters, not 201', () => {
    expect(codeCommentSchema.safeParse('x'.repeat(200)).success).toBe(true);
    expect(codeCommentSchema.safeParse('x'.repeat(201)).success).toBe(false);
  });

  it('code amount is 1 up to 12 digits', () => {
    expect(CODE_AMOUNT_MAX).toBe(999_999_999_999);
    expect(codeAmountSchema.safeParse(0).success).toBe(false);
    expect(codeAmountSchema.safeParse(1).success).toBe(true);
    expect(codeAmountSchema.safeParse(999_999_999_999).success).toBe(true);
    expect(codeAmountSchema.safeParse(1_000_000_000_000).success).toBe(false);
    expect(codeAmountSchema.safeParse(1.5).success).toBe(false);
  });

  it('email is trimmed and validated', () => {
    expect(emailSchema.parse(' user@example.com ')).toBe('user@example.com');
    expect(emailSchema.safeParse('user@').success).toBe(false);
    expect(emailSchema.safeParse('').success).toBe(false);
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@b.co`).success).toBe(false);
  });
});

describe('search, continue_url and paste helpers', () => {
  it('search query must be non-empty after trimming', () => {
    expect(normalizeSearchQuery('  rut ')).toBe('rut');
    expect(normalizeSearchQuery('   ')).toBeNull();
  });

  it('continue_url must stay on the current host', () => {
    expect(isSameHostUrl('/management/devices', 'console.test')).toBe(true);
    expect(isSameHostUrl('https://console.test/a?b=1', 'console.test')).toBe(true);
    expect(isSameHostUrl('http://localhost:8080/x', 'localhost:8080')).toBe(true);
    expect(isSameHostUrl('http://localhost:9090/x', 'localhost:8080')).toBe(false);
    expect(isSameHostUrl('https://evil.test/', 'console.test')).toBe(false);
    expect(isSameHostUrl('//evil.test/path', 'console.test')).toBe(false);
    expect(isSameHostUrl('javascript:alert(1)', 'console.test')).toBe(false);
    expect(isSameHostUrl('https://console.test.evil.test/', 'console.test')).toBe(false);
  });

  it('pasted text is trimmed and cut to maxlength', () => {
    expect(clipPastedText('  abcdef  ', 3)).toBe('abc');
    expect(clipPastedText('  abc  ')).toBe('abc');
  });
});
