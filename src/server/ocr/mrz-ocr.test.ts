import { afterAll, describe, expect, it } from 'vitest';
import { readMrzText } from '../../domain/passports/read-mrz.ts';
import { mrzLines, PRIYA } from '../../domain/passports/testing.ts';
import { ocrWorkerRunning, readZoneText, stopPassportOcr } from './mrz-ocr.ts';
import { passportPhoto } from './testing.ts';

afterAll(stopPassportOcr);

describe('passport OCR (tesseract.js, offline)', () => {
  it("reads a bio page photo's zone through Tesseract, every check digit holding", async () => {
    const lines = mrzLines(PRIYA);
    const started = performance.now();
    const text = await readZoneText(await passportPhoto(lines));
    const reading = readMrzText(text, '2026-11-29');
    expect(reading?.lines).toEqual(lines);
    expect(reading?.valid).toBe(true);
    expect(ocrWorkerRunning()).toBe(true);
    // Model loading included; one core of these machines.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it.each([
    ['a small scan', 900, PRIYA],
    [
      "a phone photo's size, a child's passport with a personal number",
      3000,
      {
        ...PRIYA,
        givenNames: 'AARAV',
        number: 'K0123456',
        birth: '160930',
        sex: 'M' as const,
        personalNumber: 'AB12345',
      },
    ],
  ])('reads %s', async (_what, width, passport) => {
    const lines = mrzLines(passport);
    const reading = readMrzText(await readZoneText(await passportPhoto(lines, { width })), '2026-11-29');
    expect(reading?.lines).toEqual(lines);
    expect(reading?.valid).toBe(true);
  });

  it('finds no zone in a page without one', async () => {
    const blank = await passportPhoto(['', ''] as unknown as [string, string]);
    expect(readMrzText(await readZoneText(blank), '2026-11-29')).toBeNull();
  });
});
