import {
  DEVICE_PASSWORD_MAX_LENGTH,
  DEVICE_PASSWORD_MESSAGES,
  domainSchema,
  fileTooLargeMessage,
  MESSAGES,
  ipv4Schema,
} from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { en } from './texts/en';
import { ja } from './texts/ja';
import { no } from './texts/no';
import { uk } from './texts/uk';
import { en as sharedEn } from '../texts/en';
import { ja as sharedJa } from '../texts/ja';
import { no as sharedNo } from '../texts/no';
import { uk as sharedUk } from '../texts/uk';
import { createValidationTranslator, translateValidation, validationTextsOf } from './translator';

const english = validationTextsOf(en, sharedEn);
const toNorwegian = createValidationTranslator(english, validationTextsOf(no, sharedNo));
const toJapanese = createValidationTranslator(english, validationTextsOf(ja, sharedJa));
const toUkrainian = createValidationTranslator(english, validationTextsOf(uk, sharedUk));

const issueOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? '';

describe('translateValidation', () => {
  it('translates an exact contracts message', () => {
    const message = issueOf(ipv4Schema.safeParse('300.1.1.1'));
    expect(message).toBe('Invalid IPv4 address');
    expect(toNorwegian(message)).toBe('Ugyldig IPv4-adresse');
    expect(toJapanese(message)).toBe('無効な IPv4 アドレスです');
    expect(toNorwegian(DEVICE_PASSWORD_MESSAGES.weak)).toBe('Bruk bokstaver og sifre i passordet');
    expect(toUkrainian(message)).toBe('Недійсна адреса IPv4');
    expect(toNorwegian('Host is required')).toBe('Vert er påkrevd');
    expect(toNorwegian(issueOf(domainSchema.safeParse('-')))).toBe('Ugyldig domenenavn');
  });

  it('translates a parametrised message, keeping its numbers and names', () => {
    expect(toNorwegian(`At most ${DEVICE_PASSWORD_MAX_LENGTH} characters`)).toBe(
      `Høyst ${DEVICE_PASSWORD_MAX_LENGTH} tegn`,
    );
    expect(toJapanese('Enter the 6-digit code')).toBe('6 桁のコードを入力してください');
    expect(toUkrainian('The image may be at most 1920x1080 pixels')).toBe(
      'Зображення може мати не більше 1920x1080 пікселів',
    );
    expect(toNorwegian('Type must be one of firmware, config')).toBe(
      'Typen må være en av firmware, config',
    );
    // contracts MESSAGES texts (validateFile) with their single-brace placeholder
    expect(toNorwegian(fileTooLargeMessage('80 MB'))).toBe('Maksimal filstørrelse er 80 MB');
    expect(toNorwegian(MESSAGES.fileNameSpaces)).toBe(sharedNo.messages.fileNameSpaces);
  });

  it('returns an unknown message unchanged', () => {
    expect(toNorwegian('Something the catalogue does not know')).toBe(
      'Something the catalogue does not know',
    );
    expect(toJapanese('')).toBe('');
    // Anchored: a known message inside a longer text is not a match.
    expect(toUkrainian('Host is required here')).toBe('Host is required here');
    expect(toNorwegian('At most 5 characters, really')).toBe('At most 5 characters, really');
  });

  it('is the identity in English', () => {
    const identity = createValidationTranslator(english, english);
    for (const message of [...Object.values(en.validation), 'At most 64 characters', 'Other'])
      expect(identity(message)).toBe(message);
    // The tests run in English: the shown catalogue is the English one.
    expect(translateValidation('Host is required')).toBe('Host is required');
    expect(translateValidation('At most 64 characters')).toBe('At most 64 characters');
  });

  it('knows every English text, with a translation for each language', () => {
    const sampleOf = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '7');
    const languages = [
      [toNorwegian, no],
      [toJapanese, ja],
      [toUkrainian, uk],
    ] as const;
    // Its own translation, not another text's: a wider pattern listed before it would win.
    for (const [key, text] of Object.entries(en.validation))
      for (const [translate, catalogue] of languages)
        expect(translate(sampleOf(text)), key).toBe(
          sampleOf(catalogue.validation[key as keyof typeof en.validation]),
        );
  });
});
