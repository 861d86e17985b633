import { checkDigit } from './check-digit.ts';
import type { PassportFields } from './mrz-reading.ts';

/** A passport to write as a TD3 zone in tests; every check digit is computed. */
export interface TestPassport {
  surname: string;
  givenNames: string;
  /** ICAO codes: 'USA', 'IND'. */
  issuingState?: string;
  nationality?: string;
  number: string;
  /** YYMMDD. */
  birth: string;
  sex: 'M' | 'F' | '<';
  expiry: string;
  personalNumber?: string;
}

const filled = (text: string, length: number) => text.replace(/[ '-]/g, '<').padEnd(length, '<').slice(0, length);

/** The two 44-character lines of `passport`'s machine-readable zone. */
export function mrzLines(passport: TestPassport): [string, string] {
  const state = filled(passport.issuingState ?? 'USA', 3);
  const names = filled(`${passport.surname}<<${passport.givenNames}`, 39);
  const number = filled(passport.number, 9);
  const personal = filled(passport.personalNumber ?? '', 14);
  const personalDigit = /^<+$/.test(personal) ? '<' : (checkDigit(personal) as string);
  const numberPart = number + checkDigit(number);
  const birthPart = passport.birth + checkDigit(passport.birth);
  const expiryPart = passport.expiry + checkDigit(passport.expiry);
  const personalPart = personal + personalDigit;
  const composite = checkDigit(numberPart + birthPart + expiryPart + personalPart);
  const second = `${numberPart}${filled(passport.nationality ?? passport.issuingState ?? 'USA', 3)}${birthPart}${passport.sex}${expiryPart}${personalPart}${composite}`;
  return [`P<${state}${names}`, second];
}

/** Priya's passport: the one the tests read, type and compare against. */
export const PRIYA: TestPassport = {
  surname: 'SHARMA',
  givenNames: 'PRIYA DEVI',
  number: 'X12345678',
  birth: '850314',
  sex: 'F',
  expiry: '310715',
};

/** The fields Priya's zone reads as: what a confirmed reading of her passport holds. */
export const PRIYA_FIELDS: PassportFields = {
  surname: 'SHARMA',
  givenNames: 'PRIYA DEVI',
  sex: 'female',
  dateOfBirth: '1985-03-14',
  nationality: 'US',
  issuingState: 'US',
  passportNumber: 'X12345678',
  expiryDate: '2031-07-15',
};
