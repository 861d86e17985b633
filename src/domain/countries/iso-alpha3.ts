import { ISO_COUNTRY_CODES } from './iso-codes.ts';

/**
 * ISO 3166-1 alpha-3 codes in the order of ISO_COUNTRY_CODES (alpha-2), for reading the
 * nationality and issuing state of a passport's machine-readable zone (ICAO 9303 uses alpha-3).
 */
const ALPHA3 = (
  'AND ARE AFG ATG AIA ALB ARM AGO ATA ARG ASM AUT AUS ABW ALA AZE BIH BRB BGD BEL BFA BGR BHR BDI BEN BLM BMU ' +
  'BRN BOL BES BRA BHS BTN BVT BWA BLR BLZ CAN CCK COD CAF COG CHE CIV COK CHL CMR CHN COL CRI CUB CPV CUW CXR ' +
  'CYP CZE DEU DJI DNK DMA DOM DZA ECU EST EGY ESH ERI ESP ETH FIN FJI FLK FSM FRO FRA GAB GBR GRD GEO GUF GGY ' +
  'GHA GIB GRL GMB GIN GLP GNQ GRC SGS GTM GUM GNB GUY HKG HMD HND HRV HTI HUN IDN IRL ISR IMN IND IOT IRQ IRN ' +
  'ISL ITA JEY JAM JOR JPN KEN KGZ KHM KIR COM KNA PRK KOR KWT CYM KAZ LAO LBN LCA LIE LKA LBR LSO LTU LUX LVA ' +
  'LBY MAR MCO MDA MNE MAF MDG MHL MKD MLI MMR MNG MAC MNP MTQ MRT MSR MLT MUS MDV MWI MEX MYS MOZ NAM NCL NER ' +
  'NFK NGA NIC NLD NOR NPL NRU NIU NZL OMN PAN PER PYF PNG PHL PAK POL SPM PCN PRI PSE PRT PLW PRY QAT REU ROU ' +
  'SRB RUS RWA SAU SLB SYC SDN SWE SGP SHN SVN SJM SVK SLE SMR SEN SOM SUR SSD STP SLV SXM SYR SWZ TCA TCD ATF ' +
  'TGO THA TJK TKL TLS TKM TUN TON TUR TTO TUV TWN TZA UKR UGA UMI USA URY UZB VAT VCT VEN VGB VIR VNM VUT WLF ' +
  'WSM YEM MYT ZAF ZMB ZWE'
).split(' ');

/** ICAO 9303's own codes for states whose passports do not print the ISO code (Germany's `D`, British nationals). */
const ICAO_CODES: Record<string, string> = { D: 'DE', GBD: 'GB', GBN: 'GB', GBO: 'GB', GBP: 'GB', GBS: 'GB' };

const toAlpha2 = new Map<string, string>([
  ...ALPHA3.map((alpha3, i) => [alpha3, ISO_COUNTRY_CODES[i] as string] as const),
  ...Object.entries(ICAO_CODES),
]);

/** The alpha-2 code of an ICAO 9303 state code ('USA' → 'US', 'D' → 'DE'), or null (UN documents, stateless). */
export function alpha2FromIcao(code: string): string | null {
  return toAlpha2.get(code.replace(/</g, '')) ?? null;
}

/** Every alpha-3 code, in the order of ISO_COUNTRY_CODES (tests). */
export const ISO_ALPHA3_CODES: readonly string[] = ALPHA3;
