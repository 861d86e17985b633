import { describe, expect, it } from 'vitest';
import { checkDigit, checkDigitHolds } from './check-digit.ts';
import { readMrzLines, readMrzText } from './read-mrz.ts';
import { mrzLines, PRIYA } from './testing.ts';

const TODAY = '2026-11-29';
const checksOf = (reading: ReturnType<typeof readMrzLines>) =>
  Object.fromEntries((reading?.checks ?? []).map(({ check, valid }) => [check, valid]));
const replaceAt = (line: string, at: number, char: string) => line.slice(0, at) + char + line.slice(at + 1);

describe('check digits (ICAO 9303 part 3 §4.9)', () => {
  it("match the specimen's", () => {
    // ICAO 9303 part 4, appendix: L898902C3 6, 740812 2, 120415 9.
    expect(checkDigit('L898902C3')).toBe('6');
    expect(checkDigit('740812')).toBe('2');
    expect(checkDigit('120415')).toBe('9');
    expect(checkDigitHolds('<<<<<<<<<<<<<<', '<')).toBe(true);
    expect(checkDigitHolds('<<<<<<<<<<<<<<', '0')).toBe(true);
  });
});

describe('readMrzLines', () => {
  it("maps a valid zone to the application's fields, every check digit holding", () => {
    const reading = readMrzLines(mrzLines(PRIYA), TODAY);
    expect(reading?.fields).toEqual({
      surname: 'SHARMA',
      givenNames: 'PRIYA DEVI',
      sex: 'female',
      dateOfBirth: '1985-03-14',
      nationality: 'US',
      issuingState: 'US',
      passportNumber: 'X12345678',
      expiryDate: '2031-07-15',
    });
    expect(reading?.valid).toBe(true);
    expect(Object.values(checksOf(reading))).toEqual([true, true, true, true, true]);
  });

  it('puts a birth year ahead of this one in the last century, a child born this century in this one', () => {
    expect(readMrzLines(mrzLines({ ...PRIYA, birth: '160504' }), TODAY)?.fields.dateOfBirth).toBe('2016-05-04');
    expect(readMrzLines(mrzLines({ ...PRIYA, birth: '470101' }), TODAY)?.fields.dateOfBirth).toBe('1947-01-01');
  });

  it('reads Indian and German passports, and a short passport number', () => {
    const indian = readMrzLines(mrzLines({ ...PRIYA, issuingState: 'IND', number: 'Z1234567' }), TODAY);
    expect(indian?.fields).toMatchObject({ issuingState: 'IN', nationality: 'IN', passportNumber: 'Z1234567' });
    expect(indian?.valid).toBe(true);
    const german = readMrzLines(mrzLines({ ...PRIYA, issuingState: 'D', number: 'C01X00T47' }), TODAY);
    expect(german?.fields).toMatchObject({ issuingState: 'DE', nationality: 'DE' });
  });

  // Each one-character change in a field with a check digit: the digit catches it.
  const [, second] = mrzLines(PRIYA);
  const changes: [string, number, string, string[]][] = [
    ['a digit of the passport number', 3, '9', ['passportNumber', 'composite']],
    ['two passport-number digits swapped', 2, 'swap', ['passportNumber', 'composite']],
    ['the birth day', 18, '5', ['dateOfBirth', 'composite']],
    ['the birth year', 13, '9', ['dateOfBirth', 'composite']],
    ['the expiry month', 24, '8', ['expiryDate', 'composite']],
    ['the passport number check digit', 9, '0', ['passportNumber', 'composite']],
    ['the composite check digit', 43, '0', ['composite']],
  ];
  it.each(changes)('catches %s', (_what, at, char, failing) => {
    const changed =
      char === 'swap'
        ? second.slice(0, at) + second[at + 1] + second[at] + second.slice(at + 2)
        : replaceAt(second, at, char);
    expect(changed).not.toBe(second);
    const reading = readMrzLines([mrzLines(PRIYA)[0], changed], TODAY);
    expect(reading?.valid).toBe(false);
    const checks = checksOf(reading);
    expect(Object.keys(checks).filter((check) => !checks[check])).toEqual(failing);
  });

  it('is null for lines that are not a passport zone', () => {
    expect(readMrzLines(['I<UTOD23145890<1233<<<<<<<<<<<<<<<<<<<<<<<<', mrzLines(PRIYA)[1]], TODAY)).toBeNull();
    expect(readMrzLines([mrzLines(PRIYA)[0], 'short'], TODAY)).toBeNull();
  });
});

describe('readMrzText (OCR text)', () => {
  const [first, second] = mrzLines(PRIYA);

  it('finds the zone under other text and rebuilds filler runs OCR shortened or misread', () => {
    const ocr = [
      'PASSPORT UNITED STATES OF AMERICA',
      'SHARMA PRIYA',
      `${first.slice(0, 30)}LLL<LL`,
      `${second.slice(0, 30)}<<<<<<<<<4`.replace(/4$/, second.slice(-2)),
    ].join('\n');
    const reading = readMrzText(ocr, TODAY);
    expect(reading?.lines).toEqual([first, second]);
    expect(reading?.valid).toBe(true);
  });

  it('turns an O into a 0 in a date only when the check digit confirms it', () => {
    const misread = replaceAt(second, 15, 'O'); // 850314 → 85O314
    const reading = readMrzText(`${first}\n${misread}`, TODAY);
    expect(reading?.lines[1]).toBe(second);
    expect(reading?.corrected).toBe(1);
    expect(reading?.valid).toBe(true);
  });

  it('repairs one lookalike in the passport number when exactly one repair makes the digit hold', () => {
    const [f, s] = mrzLines({ ...PRIYA, number: 'A20094510' });
    const reading = readMrzText(`${f}\n${replaceAt(s, 3, 'O')}`, TODAY);
    expect(reading?.fields.passportNumber).toBe('A20094510');
    expect(reading?.valid).toBe(true);
  });

  it('leaves the passport number as read when several lookalikes would make the digit hold', () => {
    // X1234S678 read as X12345678: X1234567B and X1Z345678 pass the same digit, so none is chosen.
    const [f, s] = mrzLines({ ...PRIYA, number: 'X1234S678' });
    const reading = readMrzText(`${f}\n${replaceAt(s, 5, '5')}`, TODAY);
    expect(reading?.fields.passportNumber).toBe('X12345678');
    expect(reading?.valid).toBe(false);
  });

  it('leaves a wrong digit that no lookalike explains, and reports the check that fails', () => {
    const wrong = replaceAt(second, 4, '9');
    const reading = readMrzText(`${first}\n${wrong}`, TODAY);
    expect(reading?.fields.passportNumber).toBe(wrong.slice(0, 9));
    expect(reading?.corrected).toBe(0);
    expect(checksOf(reading)).toMatchObject({ passportNumber: false, composite: false, dateOfBirth: true });
  });

  it('reads digits in names as the letters they look like', () => {
    const reading = readMrzText(`${first.replace('SHARMA', 'SHARM4').replace('PRIYA', 'PR1YA')}\n${second}`, TODAY);
    expect(reading?.fields.givenNames).toBe('PRIYA DEVI');
  });

  it('is null for text without a zone', () => {
    expect(readMrzText('PASSPORT\nUNITED STATES OF AMERICA\n', TODAY)).toBeNull();
  });
});
