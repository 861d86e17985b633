import { parse } from 'mrz';
import { alpha2FromIcao } from '../countries/iso-alpha3.ts';
import { checkDigitHolds } from './check-digit.ts';
import { MRZ_CHECKS, MRZ_LINE_LENGTH, type MrzCheck, type MrzReading, type PassportFields } from './mrz-reading.ts';

/**
 * From OCR text to a passport's reading (ICAO 9303 TD3). OCR of the zone makes three kinds of
 * mistakes, each repaired here only as far as the zone itself can confirm it:
 * - runs of the filler `<` come out a few characters short or long, or partly as `L`/`K`: the
 *   name line's trailing filler and the second line's empty personal-number field are rebuilt
 *   to length (the composite check digit covers the second line);
 * - a letter for a digit (O for 0, I for 1, S for 5, B for 8…) in a numeric field: replaced only
 *   when the field's check digit then holds;
 * - a digit for a letter in the letters-only fields (names, state codes), which no digit can be.
 */

const LETTER_FOR_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  Z: '2',
  S: '5',
  G: '6',
  T: '7',
  B: '8',
};
const DIGIT_FOR_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
/** Pairs OCR confuses in an alphanumeric field (the passport number), tried one at a time. */
const LOOKALIKES: Record<string, string[]> = {
  '0': ['O', 'D', 'Q'],
  O: ['0'],
  D: ['0'],
  Q: ['0'],
  '1': ['I', 'L'],
  I: ['1'],
  L: ['1'],
  '2': ['Z'],
  Z: ['2'],
  '5': ['S'],
  S: ['5'],
  '6': ['G'],
  G: ['6'],
  '8': ['B'],
  B: ['8'],
};

/** A span of the second line: [start, end) of a field and the position of its check digit. */
const LINE2 = {
  passportNumber: { start: 0, end: 9, digit: 9 },
  nationality: { start: 10, end: 13 },
  dateOfBirth: { start: 13, end: 19, digit: 19 },
  sex: { start: 20, end: 21 },
  expiryDate: { start: 21, end: 27, digit: 27 },
  personalNumber: { start: 28, end: 42, digit: 42 },
  composite: 43,
} as const;

/** The characters OCR gave for a line, upper-cased, without spaces and anything outside the zone's alphabet. */
function clean(line: string): string {
  return line
    .toUpperCase()
    .replace(/[«‹]/g, '<')
    .replace(/[^A-Z0-9<]/g, '');
}

function letters(text: string): string {
  return text.replace(/[0-9]/g, (d) => DIGIT_FOR_LETTER[d] ?? d);
}

/** The zone's two lines in OCR text: the line starting `P` followed by the next, both long enough to be the zone. */
function findLines(text: string): [string, string] | null {
  const lines = text
    .split(/\r?\n/)
    .map(clean)
    .filter((line) => line.length >= MRZ_LINE_LENGTH - 10 && line.includes('<'));
  for (let i = lines.length - 2; i >= 0; i--) {
    if (/^P/.test(lines[i] as string)) return [lines[i] as string, lines[i + 1] as string];
  }
  return lines.length >= 2 ? [lines.at(-2) as string, lines.at(-1) as string] : null;
}

function toLength(text: string, length: number): string {
  return text.length >= length ? text.slice(0, length) : text.padEnd(length, '<');
}

/**
 * Line 1: `P`, a type letter or `<`, the issuing state, then the names. The names end at the
 * first run of three fillers (a name has at most two in a row, between surname and given names);
 * what OCR made of the fillers after it is dropped.
 */
function nameLine(raw: string): string {
  const head = `P${/[A-Z<]/.test(raw[1] ?? '') ? raw[1] : '<'}${letters(raw.slice(2, 5))}`;
  const names = letters(raw.slice(5));
  const end = names.indexOf('<<<');
  return toLength(head + (end >= 0 ? names.slice(0, end) : names), MRZ_LINE_LENGTH);
}

/**
 * Line 2 rebuilt to 44 characters: the fields up to the expiry check digit are kept in place; the
 * personal number between them and the last two check digits takes what is left, its trailing
 * fillers shortened or lengthened. An empty personal number is all fillers whatever OCR made of it.
 */
function numbersLine(raw: string): string {
  if (raw.length === MRZ_LINE_LENGTH) return raw;
  const fixed = raw.slice(0, LINE2.personalNumber.start);
  const tail = raw.slice(-2);
  const personal = raw.slice(LINE2.personalNumber.start, -2).replace(/[<LK]+$/, '');
  return toLength(fixed, LINE2.personalNumber.start) + toLength(personal, 14) + tail;
}

interface Repair {
  line: string;
  corrected: number;
}

function replaceSpan(line: string, start: number, text: string): string {
  return line.slice(0, start) + text + line.slice(start + text.length);
}

/** A numeric field and its digit, letters read as the digits they look like, if the check digit then holds. */
function repairNumeric(repair: Repair, start: number, end: number, digitAt: number): Repair {
  const field = repair.line.slice(start, end);
  const digit = repair.line[digitAt] as string;
  if (checkDigitHolds(field, digit)) return repair;
  const asDigits = (text: string) => text.replace(/[A-Z]/g, (c) => LETTER_FOR_DIGIT[c] ?? c);
  const field2 = asDigits(field);
  const digit2 = asDigits(digit);
  if (!/^\d+$/.test(field2 + digit2) || !checkDigitHolds(field2, digit2)) return repair;
  const changed = [...(field + digit)].filter((c, i) => c !== (field2 + digit2)[i]).length;
  const line = replaceSpan(replaceSpan(repair.line, start, field2), digitAt, digit2);
  return { line, corrected: repair.corrected + changed };
}

/**
 * The passport number (letters and digits) when its check digit fails: each lookalike swap of
 * one character is tried; kept only when exactly one makes the digit hold.
 */
function repairPassportNumber(repair: Repair): Repair {
  const { start, end, digit: digitAt } = LINE2.passportNumber;
  const field = repair.line.slice(start, end);
  const digit = repair.line[digitAt] as string;
  const digitValue = LETTER_FOR_DIGIT[digit] ?? digit;
  const withDigit =
    digitValue === digit
      ? repair
      : { line: replaceSpan(repair.line, digitAt, digitValue), corrected: repair.corrected + 1 };
  if (checkDigitHolds(field, digitValue)) return withDigit;
  const candidates: string[] = [];
  for (let i = 0; i < field.length; i++) {
    for (const other of LOOKALIKES[field[i] as string] ?? []) {
      const candidate = field.slice(0, i) + other + field.slice(i + 1);
      if (checkDigitHolds(candidate, digitValue)) candidates.push(candidate);
    }
  }
  if (candidates.length !== 1) return repair;
  return { line: replaceSpan(withDigit.line, start, candidates[0] as string), corrected: withDigit.corrected + 1 };
}

/** ICAO dates are YYMMDD: a birth date is in the past century or this one, an expiry in this one. */
function isoDate(yymmdd: string, kind: 'birth' | 'expiry', today: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const thisYear = Number(today.slice(2, 4));
  const century = kind === 'birth' && yy > thisYear ? 1900 : 2000;
  const iso = `${century + yy}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

const words = (text: string) => text.replace(/</g, ' ').replace(/\s+/g, ' ').trim();

function fieldsOf(lines: [string, string], today: string): PassportFields {
  const [first, second] = lines;
  const names = first.slice(5);
  const split = names.indexOf('<<');
  const sex = second[LINE2.sex.start];
  const number = second.slice(LINE2.passportNumber.start, LINE2.passportNumber.end).replace(/<+$/, '');
  return {
    surname: words(split >= 0 ? names.slice(0, split) : names),
    givenNames: split >= 0 ? words(names.slice(split + 2)) : '',
    sex: sex === 'F' ? 'female' : sex === 'M' ? 'male' : null,
    dateOfBirth: isoDate(second.slice(LINE2.dateOfBirth.start, LINE2.dateOfBirth.end), 'birth', today),
    nationality: alpha2FromIcao(second.slice(LINE2.nationality.start, LINE2.nationality.end)),
    issuingState: alpha2FromIcao(first.slice(2, 5)),
    passportNumber: number || null,
    expiryDate: isoDate(second.slice(LINE2.expiryDate.start, LINE2.expiryDate.end), 'expiry', today),
  };
}

const MRZ_FIELD_OF_CHECK: Record<MrzCheck, string> = {
  passportNumber: 'documentNumberCheckDigit',
  dateOfBirth: 'birthDateCheckDigit',
  expiryDate: 'expirationDateCheckDigit',
  personalNumber: 'personalNumberCheckDigit',
  composite: 'compositeCheckDigit',
};

/**
 * The reading of two TD3 lines as they are (no repair): the check digits come from the `mrz`
 * parser. Null when the lines are not a passport's zone.
 */
export function readMrzLines(lines: [string, string], today: string, corrected = 0): MrzReading | null {
  if (lines.some((line) => !/^[A-Z0-9<]{44}$/.test(line)) || !lines[0].startsWith('P')) return null;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(lines);
  } catch {
    return null;
  }
  if (parsed.format !== 'TD3') return null;
  const checks = MRZ_CHECKS.map((check) => ({
    check,
    valid: parsed.details.find((detail) => detail.field === MRZ_FIELD_OF_CHECK[check])?.valid ?? false,
  }));
  return {
    lines,
    fields: fieldsOf(lines, today),
    checks,
    valid: checks.every((c) => c.valid),
    corrected,
  };
}

/**
 * The passport's reading from what OCR saw of the page (any text; the zone is found in it), or
 * null when no zone is there. `today` (ISO) decides the century of two-digit years.
 */
export function readMrzText(text: string, today: string): MrzReading | null {
  const found = findLines(text);
  if (!found) return null;
  let repair: Repair = { line: numbersLine(found[1]), corrected: 0 };
  repair = repairPassportNumber(repair);
  for (const field of [LINE2.dateOfBirth, LINE2.expiryDate])
    repair = repairNumeric(repair, field.start, field.end, field.digit);
  const nationality = letters(repair.line.slice(LINE2.nationality.start, LINE2.nationality.end));
  repair = { ...repair, line: replaceSpan(repair.line, LINE2.nationality.start, nationality) };
  const first = nameLine(found[0]);
  return readMrzLines([first, repair.line], today, repair.corrected);
}
