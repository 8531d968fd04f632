import { describe, expect, it } from 'vitest';
import { createHistogram, escapeLabelValue, formatMetrics } from './prometheus';

describe('Prometheus text format', () => {
  it('writes HELP and TYPE lines, labels and values, and skips empty families', () => {
    const text = formatMetrics([
      {
        name: 'netfleet_jobs',
        help: 'Device jobs by state.\nSecond line \\ here',
        type: 'gauge',
        samples: [
          { labels: { state: 'queued' }, value: 3 },
          { labels: { state: 'done' }, value: 10 },
        ],
      },
      { name: 'netfleet_empty', help: 'Nothing.', type: 'counter', samples: [] },
      {
        name: 'netfleet_readings_total',
        help: 'Readings.',
        type: 'counter',
        samples: [{ value: 7 }],
      },
    ]);
    expect(text).toBe(
      [
        '# HELP netfleet_jobs Device jobs by state.\\nSecond line \\\\ here',
        '# TYPE netfleet_jobs gauge',
        'netfleet_jobs{state="queued"} 3',
        'netfleet_jobs{state="done"} 10',
        '# HELP netfleet_readings_total Readings.',
        '# TYPE netfleet_readings_total counter',
        'netfleet_readings_total 7',
        '',
      ].join('\n'),
    );
  });

  it('escapes backslashes, quotes and line feeds in label values', () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    const text = formatMetrics([
      { name: 'x', help: 'x', type: 'gauge', samples: [{ labels: { route: '/a"b' }, value: 1 }] },
    ]);
    expect(text).toContain('x{route="/a\\"b"} 1');
  });

  it('writes histograms with cumulative buckets, +Inf, _sum and _count per label set', () => {
    const histogram = createHistogram(['method', 'status'], [0.1, 1]);
    histogram.observe({ method: 'GET', status: '2xx' }, 0.05);
    histogram.observe({ method: 'GET', status: '2xx' }, 0.5);
    histogram.observe({ method: 'GET', status: '2xx' }, 3);
    histogram.observe({ status: '4xx', method: 'POST' }, 0.1);
    const text = formatMetrics([
      {
        name: 'd',
        help: 'Durations.',
        type: 'histogram',
        buckets: histogram.buckets,
        series: histogram.series(),
      },
    ]);
    expect(text.split('\n')).toEqual([
      '# HELP d Durations.',
      '# TYPE d histogram',
      'd_bucket{method="GET",status="2xx",le="0.1"} 1',
      'd_bucket{method="GET",status="2xx",le="1"} 2',
      'd_bucket{method="GET",status="2xx",le="+Inf"} 3',
      'd_sum{method="GET",status="2xx"} 3.55',
      'd_count{method="GET",status="2xx"} 3',
      'd_bucket{method="POST",status="4xx",le="0.1"} 1',
      'd_bucket{method="POST",status="4xx",le="1"} 1',
      'd_bucket{method="POST",status="4xx",le="+Inf"} 1',
      'd_sum{method="POST",status="4xx"} 0.1',
      'd_count{method="POST",status="4xx"} 1',
      '',
    ]);
  });
});
