import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * The metric names the dashboard and the alert rules of this folder query, and the check that the
 * processes export each: gateway/src/metrics.int-spec.ts compares them with the metric families
 * scraped from the running processes after a lip-sync (issue 19, "npm test checks that every metric
 * a dashboard panel or alert queries is actually exported").
 */

/** Series Prometheus makes itself for every target: queried, never exported. */
export const PROMETHEUS_SERIES = new Set(['up']);

const KEYWORDS = new Set(['and', 'or', 'unless', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'offset', 'inf', 'nan']);

/**
 * The metric names a PromQL expression (or a Grafana `label_values(...)` query) selects: what is left
 * once strings, label matchers, ranges, grouping label lists, Grafana variables, numbers and function
 * names are taken out. `{__name__="x"}` selectors are not supported (we write none).
 */
export function metricNamesIn(expression: string): string[] {
  const code = expression
    .replace(/#.*$/gm, '') // comments
    .replace(/\blabel_values\s*\(([^,()]*(?:\{[^}]*\})?)\s*,\s*\w+\s*\)/g, ' $1 ') // Grafana: label_values(selector, label)
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ') // string literals (matcher values, label_replace arguments)
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // ranges and subqueries
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ') // grouping label lists
    .replace(/\$\{?\w+\}?/g, ' ') // Grafana variables
    .replace(/\boffset\s+-?\w+/g, ' ')
    .replace(/(?<![\w:])\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi, ' '); // numbers
  const names = new Set<string>();
  for (const match of code.matchAll(/[a-zA-Z_:][\w:]*(\s*\()?/g)) {
    const [, call] = match;
    const name = match[0].replace(/\s*\($/, '');
    if (call || KEYWORDS.has(name.toLowerCase())) continue; // a function or aggregation, or an operator word
    names.add(name);
  }
  return [...names].sort();
}

/** Metric families of a Prometheus text exposition: name → type, from its `# TYPE` lines (a family with no sample yet included). */
export function metricFamilies(exposition: string): Map<string, string> {
  return new Map([...exposition.matchAll(/^# TYPE ([a-zA-Z_:][\w:]*) (\w+)$/gm)].map(([, name, type]) => [name, type]));
}

/**
 * Whether a queried name is a series the processes export: a family's own name (not a histogram's,
 * which has no series of that name), or a histogram's `_bucket`, `_sum` or `_count` (a summary's `_sum`, `_count`).
 */
export function isExported(name: string, families: Map<string, string>): boolean {
  if (PROMETHEUS_SERIES.has(name) || (families.has(name) && families.get(name) !== 'histogram')) return true;
  const suffix = /^(.+)_(bucket|sum|count)$/.exec(name);
  if (!suffix) return false;
  const type = families.get(suffix[1]);
  return type === 'histogram' || (type === 'summary' && suffix[2] !== 'bucket');
}

export interface Query {
  /** Where it is: `dashboard: <panel title>` or `alert: <alert name>`. */
  where: string;
  expr: string;
}

const FOLDER = __dirname;

/** Every query of a Grafana dashboard: its panels' targets (rows' nested panels too) and its query variables. */
export function dashboardQueries(dashboard: unknown): Query[] {
  const root = dashboard as { panels?: Panel[]; templating?: { list?: { name: string; type: string; query?: string | { query?: string } }[] } };
  interface Panel {
    title?: string;
    panels?: Panel[];
    targets?: { expr?: string }[];
  }
  const fromPanels = (panels: Panel[] = []): Query[] =>
    panels.flatMap((panel) => [...(panel.targets ?? []).filter((target) => target.expr).map((target) => ({ where: `dashboard: ${panel.title}`, expr: target.expr! })), ...fromPanels(panel.panels)]);
  const fromVariables = (root.templating?.list ?? [])
    .filter((variable) => variable.type === 'query')
    .map((variable) => ({ where: `dashboard variable: ${variable.name}`, expr: typeof variable.query === 'string' ? variable.query : (variable.query?.query ?? '') }));
  return [...fromPanels(root.panels), ...fromVariables];
}

export interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** The rules of a PrometheusRule object or a plain rules file (`groups:` at the top). */
export function ruleList(document: unknown): Rule[] {
  const root = document as { spec?: { groups?: { rules: Rule[] }[] }; groups?: { rules: Rule[] }[] };
  return (root.spec?.groups ?? root.groups ?? []).flatMap((group) => group.rules);
}

/** This folder's dashboard and alert rules, as files. */
export function observabilityFiles(): { dashboard: unknown; rules: Rule[] } {
  return {
    dashboard: JSON.parse(readFileSync(join(FOLDER, 'lipcast-dashboard.json'), 'utf8')),
    rules: ruleList(parse(readFileSync(join(FOLDER, 'prometheus-rules.yaml'), 'utf8'))),
  };
}

/** Every query of this folder's dashboard and alert rules. */
export function observabilityQueries(): Query[] {
  const { dashboard, rules } = observabilityFiles();
  return [...dashboardQueries(dashboard), ...rules.map((rule) => ({ where: `${rule.alert ? 'alert' : 'record'}: ${rule.alert ?? rule.record}`, expr: rule.expr }))];
}

/** Each metric name queried but not exported, with where it is queried. */
export function missingMetrics(queries: Query[], families: Map<string, string>): { name: string; where: string[] }[] {
  const missing = new Map<string, string[]>();
  for (const query of queries) {
    for (const name of metricNamesIn(query.expr)) {
      if (!isExported(name, families)) missing.set(name, [...(missing.get(name) ?? []), query.where]);
    }
  }
  return [...missing].map(([name, where]) => ({ name, where })).sort((a, b) => a.name.localeCompare(b.name));
}
