import { CONTROL_TITLES, type ControlKind } from './control.ts';
import type { LoadResult } from './load.ts';
import type { QueryProfile } from './queries.ts';
import type { ScenarioKind } from './scenarios.ts';

/** The targets of issues 7 and 19 (see bench/README.md). */
export const TARGETS = {
  /** Read scenarios reach at least this share of control (b)'s requests per second. */
  minOneStatementRatio: 0.7,
  /** The mixed load reaches at least this share of the same mix on the control. */
  minMixRatio: 0.6,
  /** p99 at most this multiple of p50. */
  maxTailRatio: 5,
  /** Statements per read besides the session lookup (issue 19 §3), whatever the page size. */
  maxReadQueries: 1,
  /** Cost at the large seed over cost at the small seed, per read scenario. */
  maxGrowth: 1.5,
  /** Durable writes per second. */
  minWritesPerSecond: 300,
} as const;

export type Check = { target: string; pass: boolean };

export interface ScenarioResult {
  name: string;
  title: string;
  kind: ScenarioKind;
  list: boolean;
  app: LoadResult;
  /** The same requests on each control this scenario has. */
  controls: Partial<Record<ControlKind, LoadResult>>;
  /** app req/s over each control's req/s. */
  ratios: Partial<Record<ControlKind, number>>;
  queries: QueryProfile | null;
  serverRssMb: number | null;
  /** Every target of this row with its verdict. */
  checks: Check[];
}

/** The mixed load (mix.ts) on the app and on the controls. */
export interface MixResult {
  users: number;
  journey: number;
  writeShare: number;
  app: LoadResult;
  /** `b`: reads by one statement, writes by the app's SQL; `a`: everything by the app's SQL. */
  controls: Partial<Record<'a' | 'b', LoadResult>>;
  ratios: Partial<Record<'a' | 'b', number>>;
  checks: Check[];
}

// autocannon measures whole milliseconds: a p50 under 1 ms reads 0, so the tail ratio is taken
// against at least 1 ms (the resolution), not against 0.
const tail = (r: LoadResult) => r.p99 / Math.max(r.p50, 1);

const tailCheck = (r: LoadResult): Check => ({
  target: `p99 <= ${TARGETS.maxTailRatio}x p50 (${tail(r).toFixed(1)}x)`,
  pass: tail(r) <= TARGETS.maxTailRatio,
});

export function evaluate(
  kind: ScenarioKind,
  app: LoadResult,
  ratios: Partial<Record<ControlKind, number>>,
  queries: QueryProfile | null,
): Check[] {
  const checks: Check[] = [{ target: `0 errors (${app.errors})`, pass: app.errors === 0 }];
  if (kind === 'read') {
    if (ratios.b !== undefined)
      checks.push({
        target: `>= ${TARGETS.minOneStatementRatio * 100} % of one statement (${fmtPct(ratios.b)})`,
        pass: ratios.b >= TARGETS.minOneStatementRatio,
      });
    checks.push(tailCheck(app));
    if (queries) {
      const worst = Math.max(queries.queries, queries.queriesSmallPage ?? 0);
      const sameAtPage5 =
        queries.queriesSmallPage === null || queries.queriesSmallPage === queries.queries;
      checks.push({
        target: `<= ${TARGETS.maxReadQueries} statement besides the session, at any page size (${queries.queries}${queries.queriesSmallPage === null ? '' : `/${queries.queriesSmallPage}`})`,
        pass: worst <= TARGETS.maxReadQueries && sameAtPage5,
      });
    }
  }
  if (kind === 'write') {
    checks.push({
      target: `>= ${TARGETS.minWritesPerSecond} writes/s (${Math.round(app.okPerSecond)})`,
      pass: app.okPerSecond >= TARGETS.minWritesPerSecond,
    });
  }
  return checks;
}

export function evaluateMix(app: LoadResult, ratios: MixResult['ratios']): Check[] {
  return [
    ...(ratios.b === undefined
      ? []
      : [
          {
            target: `>= ${TARGETS.minMixRatio * 100} % of the control (${fmtPct(ratios.b)})`,
            pass: ratios.b >= TARGETS.minMixRatio,
          },
        ]),
    tailCheck(app),
    { target: `0 errors (${app.errors})`, pass: app.errors === 0 },
  ];
}

export const fmtPct = (x: number) => `${(x * 100).toFixed(0)} %`;
const fmtNum = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));
const fmtMs = (x: number) => (x >= 10 ? x.toFixed(0) : x.toFixed(1));
const verdict = (checks: Check[]) => {
  const failed = checks.filter((c) => !c.pass);
  return failed.length === 0 ? 'pass' : `FAIL: ${failed.map((c) => c.target).join('; ')}`;
};

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

/** "1,234 (56 %)": a control's req/s and the app's share of it, or "-". */
const versus = (r: ScenarioResult, kind: ControlKind) => {
  const c = r.controls[kind];
  return c ? `${fmtNum(c.rps)} (${fmtPct(r.ratios[kind]!)})` : '-';
};

/** One run's scenarios: the app, then each control's req/s with the app's share of it. */
export function resultsTable(results: ScenarioResult[]): string {
  return table(
    [
      'scenario',
      'req/s',
      'p50 / p99 ms',
      'errors',
      'queries',
      `${CONTROL_TITLES.b} (b)`,
      `${CONTROL_TITLES.a} (a)`,
      CONTROL_TITLES.bare,
      'targets',
    ],
    results.map((r) => [
      r.name,
      fmtNum(r.app.rps),
      `${fmtMs(r.app.p50)} / ${fmtMs(r.app.p99)}`,
      String(r.app.errors),
      r.queries ? `${r.queries.session}+${r.queries.queries}` : '-',
      versus(r, 'b'),
      versus(r, 'a'),
      versus(r, 'bare'),
      verdict(r.checks),
    ]),
  );
}

export function mixTable(mix: MixResult): string {
  const row = (name: string, r: LoadResult, ratio: string) => [
    name,
    fmtNum(r.rps),
    fmtMs(r.p50),
    fmtMs(r.p99),
    String(r.errors),
    ratio,
  ];
  return [
    table(
      ['load', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'app / this'],
      [
        row('app', mix.app, '-'),
        ...(mix.controls.b
          ? [
              row(
                'control: one statement (b), writes as (a)',
                mix.controls.b,
                fmtPct(mix.ratios.b!),
              ),
            ]
          : []),
        ...(mix.controls.a
          ? [row('control: app SQL (a)', mix.controls.a, fmtPct(mix.ratios.a!))]
          : []),
      ],
    ),
    `\ntargets: ${verdict(mix.checks)}`,
  ].join('\n');
}

/** Every run side by side, for the README: each read's share of its controls. */
export function summaryTables(
  runs: { label: string; results: ScenarioResult[]; mix: MixResult | null }[],
): string {
  const names = [...new Set(runs.flatMap((r) => r.results.map((s) => s.name)))];
  const scenarios = table(
    ['Scenario', ...runs.map((r) => `${r.label}: req/s, p50/p99 ms; app / (b) / (a) / bare`)],
    names.map((name) => [
      name,
      ...runs.map((run) => {
        const r = run.results.find((s) => s.name === name);
        if (!r) return '-';
        const pct = (k: ControlKind) => (r.ratios[k] === undefined ? '-' : fmtPct(r.ratios[k]));
        return `${fmtNum(r.app.rps)}, ${fmtMs(r.app.p50)}/${fmtMs(r.app.p99)}; ${pct('b')} / ${pct('a')} / ${pct('bare')}`;
      }),
    ]),
  );
  const mixes = runs.filter((r) => r.mix);
  if (mixes.length === 0) return scenarios;
  const mix = table(
    ['Mixed load', ...mixes.map((r) => r.label)],
    [
      [
        'app: req/s, p50/p99 ms, errors',
        ...mixes.map(
          ({ mix: m }) =>
            `${fmtNum(m!.app.rps)}, ${fmtMs(m!.app.p50)}/${fmtMs(m!.app.p99)}, ${m!.app.errors}`,
        ),
      ],
      [
        'control (b): req/s, p50/p99 ms',
        ...mixes.map(({ mix: m }) =>
          m!.controls.b
            ? `${fmtNum(m!.controls.b.rps)}, ${fmtMs(m!.controls.b.p50)}/${fmtMs(m!.controls.b.p99)}`
            : '-',
        ),
      ],
      [
        'control (a): req/s, p50/p99 ms',
        ...mixes.map(({ mix: m }) =>
          m!.controls.a
            ? `${fmtNum(m!.controls.a.rps)}, ${fmtMs(m!.controls.a.p50)}/${fmtMs(m!.controls.a.p99)}`
            : '-',
        ),
      ],
      [
        'app / (b), app / (a)',
        ...mixes.map(
          ({ mix: m }) =>
            `${m!.ratios.b === undefined ? '-' : fmtPct(m!.ratios.b)}, ${m!.ratios.a === undefined ? '-' : fmtPct(m!.ratios.a)}`,
        ),
      ],
    ],
  );
  return `${scenarios}\n\n${mix}`;
}

export function queriesTable(profiles: QueryProfile[], verbose: boolean): string {
  const out = [
    table(
      [
        'scenario',
        'status',
        'session',
        'other statements',
        'at page size 5',
        'seq scans on big tables',
      ],
      profiles.map((p) => [
        p.scenario,
        String(p.status),
        String(p.session),
        String(p.queries),
        p.queriesSmallPage === null ? '-' : String(p.queriesSmallPage),
        [...new Set(p.plans.flatMap((s) => s.seqScans))].join(', ') || 'none',
      ]),
    ),
  ];
  if (verbose) {
    for (const p of profiles) {
      out.push(`\n### ${p.scenario}`);
      for (const s of p.plans) {
        out.push(`\n${s.sql}\n${s.plan.replace(/^/gm, '    ')}`);
      }
    }
  }
  return out.join('\n');
}

export interface GrowthRow {
  scenario: string;
  smallCost: number;
  largeCost: number;
  growth: number;
  smallP50: number;
  largeP50: number;
  pass: boolean;
}

/**
 * Cost = control (b)'s req/s over the scenario's (how many one-statement requests one real
 * request is worth), measured within one run, so the machine's drift cancels; growth = large /
 * small.
 */
export function growthRows(small: ScenarioResult[], large: ScenarioResult[]): GrowthRow[] {
  const rows: GrowthRow[] = [];
  for (const s of small) {
    const l = large.find((x) => x.name === s.name);
    // A scenario one of the runs did not measure (a subset, an interrupted run) has no row.
    if (!l || s.kind !== 'read' || !s.controls.b || !l.controls.b) continue;
    if (!(s.app.rps > 0 && l.app.rps > 0)) continue;
    const smallCost = s.controls.b.rps / s.app.rps;
    const largeCost = l.controls.b.rps / l.app.rps;
    const growth = largeCost / smallCost;
    rows.push({
      scenario: s.name,
      smallCost,
      largeCost,
      growth,
      smallP50: s.app.p50,
      largeP50: l.app.p50,
      pass: growth <= TARGETS.maxGrowth,
    });
  }
  return rows;
}

export function growthTable(rows: GrowthRow[]): string {
  return table(
    [
      'scenario',
      'cost small',
      'cost large',
      'large/small',
      'p50 small ms',
      'p50 large ms',
      `<= ${TARGETS.maxGrowth}`,
    ],
    rows.map((r) => [
      r.scenario,
      r.smallCost.toFixed(2),
      r.largeCost.toFixed(2),
      r.growth.toFixed(2),
      fmtMs(r.smallP50),
      fmtMs(r.largeP50),
      r.pass ? 'pass' : 'FAIL',
    ]),
  );
}
