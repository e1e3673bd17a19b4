import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dashboardQueries, isExported, metricFamilies, metricNamesIn, missingMetrics, observabilityFiles, observabilityQueries, ruleList } from './metric-names';

describe('metricNamesIn', () => {
  it('keeps the metric names and drops functions, aggregations, matchers, ranges, grouping labels, numbers and variables', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.99, sum by (route, le) (rate(lipcast_http_request_duration_seconds_bucket{namespace="$namespace", route!~"a|b"}[$__rate_interval])))',
      ),
    ).toEqual(['lipcast_http_request_duration_seconds_bucket']);
    expect(
      metricNamesIn(`
        sum by (namespace) (rate(lipcast_http_requests_total{status=~"5.."}[5m]))
          / sum without (pod) (rate(lipcast_http_requests_total[5m])) > 0.05
        and on (namespace) group_left (job) max(up == 1) unless ignoring (x) vector(1e3) offset 5m`),
    ).toEqual(['lipcast_http_requests_total', 'up']);
    expect(metricNamesIn('max by (namespace, consumer) (deriv(lipcast_generation_queue_pending_messages[10m:1m])) > 0 or bool absent(foo:recorded)')).toEqual([
      'foo:recorded',
      'lipcast_generation_queue_pending_messages',
    ]);
    expect(metricNamesIn("label_replace(a_total, 'dst', '$1', 'src', '(.*)') * on() b_seconds")).toEqual(['a_total', 'b_seconds']);
  });

  it('reads the selector of a Grafana label_values query', () => {
    expect(metricNamesIn('label_values(process_start_time_seconds{job="gateway", namespace="$namespace"}, namespace)')).toEqual(['process_start_time_seconds']);
    expect(metricNamesIn('label_values(lipcast_http_requests_total, route)')).toEqual(['lipcast_http_requests_total']);
  });
});

describe('isExported and missingMetrics', () => {
  const families = metricFamilies(
    [
      '# HELP lipcast_http_requests_total answers',
      '# TYPE lipcast_http_requests_total counter',
      'lipcast_http_requests_total{route="/a"} 1',
      '# TYPE lipcast_http_request_duration_seconds histogram',
      '# TYPE nodejs_gc_summary summary',
      '# TYPE lipcast_billing_stripe_api_errors_total counter',
    ].join('\n'),
  );

  it('reads every family from the # TYPE lines, those with no sample yet included', () => {
    expect([...families]).toEqual([
      ['lipcast_http_requests_total', 'counter'],
      ['lipcast_http_request_duration_seconds', 'histogram'],
      ['nodejs_gc_summary', 'summary'],
      ['lipcast_billing_stripe_api_errors_total', 'counter'],
    ]);
  });

  it("maps a histogram's _bucket, _sum and _count to its family, and Prometheus's own up", () => {
    for (const name of ['lipcast_http_requests_total', 'lipcast_http_request_duration_seconds_bucket', 'lipcast_http_request_duration_seconds_sum', 'lipcast_http_request_duration_seconds_count', 'nodejs_gc_summary_count', 'up']) {
      expect({ name, exported: isExported(name, families) }).toEqual({ name, exported: true });
    }
    for (const name of ['lipcast_http_requests', 'lipcast_http_requests_total_count', 'nodejs_gc_summary_bucket', 'lipcast_http_request_duration_seconds']) {
      expect({ name, exported: isExported(name, families) }).toEqual({ name, exported: false });
    }
  });

  it('names each missing metric with where it is queried', () => {
    expect(
      missingMetrics(
        [
          { where: 'alert: A', expr: 'rate(lipcast_http_requests_total[5m]) / rate(lipcast_jobs_total[5m])' },
          { where: 'dashboard: B', expr: 'sum(lipcast_jobs_total) + sum(rate(lipcast_http_request_duration_seconds_count[5m]))' },
        ],
        families,
      ),
    ).toEqual([{ name: 'lipcast_jobs_total', where: ['alert: A', 'dashboard: B'] }]);
  });
});

describe("this folder's dashboard and alert rules", () => {
  const { dashboard, rules } = observabilityFiles();

  it('query something in every panel and variable, and name only Lipcast, Node and Prometheus series', () => {
    const queries = dashboardQueries(dashboard);
    const panels = (dashboard as { panels: { type: string; title: string; targets?: unknown[] }[] }).panels.filter((panel) => panel.type !== 'row');
    expect(panels.length).toBeGreaterThan(30);
    for (const panel of panels) expect({ panel: panel.title, targets: (panel.targets ?? []).length > 0 }).toEqual({ panel: panel.title, targets: true });
    expect(queries.filter((query) => query.where.startsWith('dashboard variable')).map((query) => query.where)).toEqual(['dashboard variable: namespace', 'dashboard variable: job']);
    for (const query of observabilityQueries()) {
      const names = metricNamesIn(query.expr);
      expect({ ...query, names: names.length > 0 && names.every((name) => /^(lipcast_|nodejs_|process_|up$)/.test(name)) }).toEqual({ ...query, names: true });
    }
  });

  it('give each panel its own place on the grid and every id once', () => {
    const panels = (dashboard as { panels: { id: number; gridPos: { x: number; y: number; w: number; h: number } }[] }).panels;
    expect(new Set(panels.map((panel) => panel.id)).size).toBe(panels.length);
    const cells = new Set<string>();
    for (const { gridPos } of panels) {
      expect(gridPos.x + gridPos.w).toBeLessThanOrEqual(24);
      for (let x = gridPos.x; x < gridPos.x + gridPos.w; x++) for (let y = gridPos.y; y < gridPos.y + gridPos.h; y++) cells.add(`${x},${y}`);
    }
    expect(cells.size).toBe(panels.reduce((total, { gridPos }) => total + gridPos.w * gridPos.h, 0)); // no overlap
  });

  it('alert on what the issue names, each with a wait, a severity, a summary and a runbook in the README', () => {
    const readme = readFileSync(join(__dirname, 'README.md'), 'utf8');
    const alerts = rules.filter((rule) => rule.alert);
    expect(alerts.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining(['LipcastHigh5xxRatio', 'LipcastHighLatencyP99', 'LipcastQueueLagGrowing', 'LipcastJobFailureRatio', 'LipcastStripeWebhookFailures', 'LipcastNoWorkerConsuming']),
    );
    expect(new Set(alerts.map((rule) => rule.alert)).size).toBe(alerts.length);
    for (const rule of alerts) {
      expect({ alert: rule.alert, for: rule.for, severity: rule.labels?.severity }).toEqual({ alert: rule.alert, for: expect.stringMatching(/^\d+m$/), severity: expect.stringMatching(/^(warning|critical)$/) });
      expect({ alert: rule.alert, summary: !!rule.annotations?.summary, description: !!rule.annotations?.description }).toEqual({ alert: rule.alert, summary: true, description: true });
      const anchor = String(rule.alert).toLowerCase();
      expect({ alert: rule.alert, runbook: rule.annotations?.runbook?.startsWith(`deploy/observability/README.md#${anchor}`) }).toEqual({ alert: rule.alert, runbook: true });
      expect({ alert: rule.alert, documented: readme.includes(`### ${rule.alert}`) }).toEqual({ alert: rule.alert, documented: true });
    }
  });

  it('read a plain rules file as well as a PrometheusRule', () => {
    expect(ruleList({ groups: [{ rules: [{ alert: 'A', expr: 'up == 0' }] }] })).toEqual([{ alert: 'A', expr: 'up == 0' }]);
    expect(ruleList({ spec: { groups: [{ rules: [{ record: 'r', expr: 'up' }] }] } })).toEqual([{ record: 'r', expr: 'up' }]);
  });
});
