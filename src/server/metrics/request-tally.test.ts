import { describe, expect, it } from 'vitest';
import { createRequestTally } from './request-tally.ts';
import { samplesOf } from './testing.ts';

describe('the request tally', () => {
  it('prints a counter and a cumulative histogram per method, route and status', () => {
    const tally = createRequestTally('x_http', [0.1, 1]);
    tally.add('GET', '/a/:id', 200, 0.1);
    tally.add('GET', '/a/:id', 200, 0.5);
    tally.add('GET', '/a/:id', 200, 3);
    tally.add('POST', '/b "quoted"', 404, 0.01);
    const text = tally.text();
    expect(text).toContain('# TYPE x_http_requests_total counter');
    expect(text).toContain('# TYPE x_http_request_duration_seconds histogram');
    const get = { method: 'GET', route: '/a/:id', status_code: '200' };
    const of = (name: string) =>
      samplesOf(text, name).filter((s) => Object.entries(get).every(([k, v]) => s.labels[k] === v));
    expect(of('x_http_requests_total').map((s) => s.value)).toEqual([3]);
    // A duration equal to a bound is in that bound's bucket (`le`).
    expect(of('x_http_request_duration_seconds_bucket').map((s) => [s.labels.le, s.value])).toEqual([
      ['0.1', 1],
      ['1', 2],
      ['+Inf', 3],
    ]);
    expect(of('x_http_request_duration_seconds_count')[0]?.value).toBe(3);
    expect(of('x_http_request_duration_seconds_sum')[0]?.value).toBeCloseTo(3.6);
    expect(text).toContain('route="/b \\"quoted\\""');
  });
});
