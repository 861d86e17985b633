import type { AddressCountry } from './regions.ts';

/**
 * An offline ZIP / postal code look-up (issue 12 point 5: "the zip code fills city and state where
 * the lookup knows it"). SPEC.md §7 references a zip-code service; we keep a small table instead,
 * so the address form works with no third party and no network: every US ZIP's state from its
 * 3-digit prefix (USPS sectional centres), every Canadian postal code's province from its first
 * letter, and a city for the prefixes of the metro areas most of our customers live in. A code the
 * table does not know is simply typed in by the customer.
 */

/** US 3-digit ZIP prefix ranges [from, to] → state (USPS; military and unassigned prefixes left out). */
const US_PREFIX_STATES: readonly [number, number, string][] = [
  [6, 7, 'PR'],
  [8, 8, 'VI'],
  [9, 9, 'PR'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'],
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  [341, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 715, 'LA'],
  [716, 729, 'AR'],
  [730, 732, 'OK'],
  // 733: Austin, Texas (IRS and state offices), inside Oklahoma's range.
  [733, 733, 'TX'],
  [734, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  // 967 and 968 are Hawaii but for 96799 (American Samoa), and 969 is Guam but for the other
  // Pacific islands: full ZIPs of both read US_ZIP_EXCEPTIONS first (stateOfZip).
  [967, 968, 'HI'],
  [969, 969, 'GU'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/**
 * 5-digit ZIP ranges whose place is not their prefix's state (USPS): American Samoa inside
 * Hawaii's 967, the Northern Mariana Islands inside Guam's 969 (Guam itself is 96910–96932), and
 * null for the rest of 969: Palau (96939–96940), Micronesia (96941–96944) and the Marshall Islands
 * (96960, 96970) are countries of their own, not a state or territory we list.
 */
const US_ZIP_EXCEPTIONS: readonly [number, number, string | null][] = [
  [96799, 96799, 'AS'],
  [96900, 96909, null],
  [96933, 96949, null],
  [96950, 96952, 'MP'],
  [96953, 96999, null],
];

/** A city for some 3-digit ZIP prefixes (the main post office's city). */
const US_PREFIX_CITIES: Readonly<Record<string, string>> = {
  '021': 'Boston',
  '022': 'Boston',
  '071': 'Newark',
  '088': 'Edison',
  '100': 'New York',
  '101': 'New York',
  '102': 'New York',
  '112': 'Brooklyn',
  '113': 'Flushing',
  '114': 'Jamaica',
  '191': 'Philadelphia',
  '200': 'Washington',
  '212': 'Baltimore',
  '275': 'Raleigh',
  '276': 'Raleigh',
  '282': 'Charlotte',
  '303': 'Atlanta',
  '331': 'Miami',
  '482': 'Detroit',
  '554': 'Minneapolis',
  '606': 'Chicago',
  '752': 'Dallas',
  '770': 'Houston',
  '787': 'Austin',
  '802': 'Denver',
  '850': 'Phoenix',
  '900': 'Los Angeles',
  '941': 'San Francisco',
  '945': 'Oakland',
  '950': 'San Jose',
  '951': 'San Jose',
  '981': 'Seattle',
};

/** Canada Post: the first letter of a postal code is the province or territory. */
const CA_LETTER_PROVINCES: Readonly<Record<string, string>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  Y: 'YT',
};

/** A city for some forward sortation areas (first three characters), or their first two. */
const CA_FSA_CITIES: Readonly<Record<string, string>> = {
  M: 'Toronto',
  H: 'Montréal',
  K1: 'Ottawa',
  K2: 'Ottawa',
  L4: 'Mississauga',
  L5: 'Mississauga',
  L6: 'Brampton',
  T2: 'Calgary',
  T3: 'Calgary',
  T5: 'Edmonton',
  T6: 'Edmonton',
  V5: 'Vancouver',
  V6: 'Vancouver',
  V3: 'Surrey',
  R2: 'Winnipeg',
  R3: 'Winnipeg',
};

export interface PostalLookup {
  country: AddressCountry;
  /** The prefix the answer is for ('021', 'K1A'), or the 5-digit ZIP ('96799') where its prefix holds two places. */
  prefix: string;
  /** Null when the table knows only the state or province. */
  city: string | null;
  state: string;
}

/** US: 3+ digits; Canada: a letter, a digit, a letter (the FSA), more allowed. */
const US_CODE = /^\d{3}/;
const CA_CODE = /^[ABCEGHJ-NPRSTVXY]\d[A-Z]/;

/** Whether `code` is long enough to look up for `country`. */
export function isLookupCode(country: AddressCountry, code: string): boolean {
  const value = code.trim().toUpperCase();
  return country === 'US' ? US_CODE.test(value) : CA_CODE.test(value);
}

/**
 * The state of a 3-digit ZIP prefix ('932' → 'CA'), or null for military and unassigned prefixes.
 * A few prefixes hold more than one place (967: 96799 is American Samoa; 969: the Northern Mariana
 * Islands): read a full ZIP with stateOfZip.
 */
export function stateOfZipPrefix(prefix: string): string | null {
  const n = Number(prefix);
  return US_PREFIX_STATES.find(([from, to]) => n >= from && n <= to)?.[2] ?? null;
}

/** The exception row of a 5-digit ZIP whose place its prefix does not tell, or undefined. */
function zipException(zip: string): readonly [number, number, string | null] | undefined {
  if (!/^\d{5}/.test(zip)) return undefined;
  const n = Number(zip.slice(0, 5));
  return US_ZIP_EXCEPTIONS.find(([from, to]) => n >= from && n <= to);
}

/**
 * The state or territory of a ZIP ('96799' → 'AS', '96950-1234' → 'MP', '93277' → 'CA'), or null
 * for military, unassigned and freely associated states' ZIPs. A code of only 3 digits is read by
 * its prefix (stateOfZipPrefix).
 */
export function stateOfZip(zip: string): string | null {
  const exception = zipException(zip);
  return exception ? exception[2] : stateOfZipPrefix(zip.slice(0, 3));
}

/** The province or territory of a forward sortation area ('K1A' → 'ON'), or null for a letter Canada Post never uses first. */
export function provinceOfFsa(fsa: string): string | null {
  const letter = fsa[0] ?? '';
  // X is split between the Northwest Territories and Nunavut by FSA: X0A–X0C are Nunavut.
  if (letter === 'X') return /^X0[ABC]/.test(fsa) ? 'NU' : 'NT';
  return CA_LETTER_PROVINCES[letter] ?? null;
}

/** The city (when known) and state or province of a ZIP or postal code, or null when the table does not know it. */
export function lookupPostalCode(country: AddressCountry, code: string): PostalLookup | null {
  const value = code.trim().toUpperCase().replace(/\s+/g, '');
  if (country === 'US') {
    if (!US_CODE.test(value)) return null;
    // A ZIP of the exception ranges is answered for its 5 digits, not its prefix.
    const exception = zipException(value);
    if (exception) return exception[2] ? { country, prefix: value.slice(0, 5), city: null, state: exception[2] } : null;
    const prefix = value.slice(0, 3);
    const state = stateOfZipPrefix(prefix);
    return state ? { country, prefix, city: US_PREFIX_CITIES[prefix] ?? null, state } : null;
  }
  if (!CA_CODE.test(value)) return null;
  const prefix = value.slice(0, 3);
  const state = provinceOfFsa(prefix);
  if (!state) return null;
  const letter = prefix[0] ?? '';
  const city = CA_FSA_CITIES[prefix] ?? CA_FSA_CITIES[prefix.slice(0, 2)] ?? CA_FSA_CITIES[letter] ?? null;
  return { country, prefix, city, state };
}
