import type { LoadResult } from './load.ts';
import type { QueryProfile } from './queries.ts';
import type { ScenarioKind } from './scenarios.ts';

/** The targets of issue 7 (see bench/README.md). */
export const TARGETS = {
  /** Read scenarios reach at least this share of their control's requests per second. */
  minControlRatio: 0.5,
  /** p99 at most this multiple of p50. */
  maxTailRatio: 5,
  /** Statements per list request besides the session lookup. */
  maxListQueries: 3,
  /** Cost at the large seed over cost at the small seed, per read scenario. */
  maxGrowth: 1.5,
  /** Durable writes per second. */
  minWritesPerSecond: 300,
} as const;

export interface ScenarioResult {
  name: string;
  title: string;
  kind: ScenarioKind;
  list: boolean;
  app: LoadResult;
  control: LoadResult;
  /** app req/s over control req/s. */
  ratio: number;
  queries: QueryProfile | null;
  serverRssMb: number | null;
  /** Every target of this row with its verdict. */
  checks: { target: string; pass: boolean }[];
}

export function evaluate(
  kind: ScenarioKind,
  list: boolean,
  app: LoadResult,
  ratio: number,
  queries: QueryProfile | null,
): { target: string; pass: boolean }[] {
  const checks: { target: string; pass: boolean }[] = [];
  // autocannon measures whole milliseconds: a p50 under 1 ms reads 0, so the ratio is taken
  // against at least 1 ms (the resolution), not against 0.
  const tail = app.p99 / Math.max(app.p50, 1);
  checks.push({ target: `0 errors (${app.errors})`, pass: app.errors === 0 });
  if (kind === 'read') {
    checks.push({
      target: `>= ${TARGETS.minControlRatio * 100} % of control (${fmtPct(ratio)})`,
      pass: ratio >= TARGETS.minControlRatio,
    });
    checks.push({
      target: `p99 <= ${TARGETS.maxTailRatio}x p50 (${tail.toFixed(1)}x)`,
      pass: tail <= TARGETS.maxTailRatio,
    });
  }
  if (kind === 'write') {
    checks.push({
      target: `>= ${TARGETS.minWritesPerSecond} writes/s (${Math.round(app.okPerSecond)})`,
      pass: app.okPerSecond >= TARGETS.minWritesPerSecond,
    });
  }
  if (list && queries) {
    const worst = Math.max(queries.queries, queries.queriesSmallPage ?? 0);
    const sameAtPage5 =
      queries.queriesSmallPage === null || queries.queriesSmallPage === queries.queries;
    checks.push({
      target: `<= ${TARGETS.maxListQueries} queries, same at any page size (${queries.queries}${queries.queriesSmallPage === null ? '' : `/${queries.queriesSmallPage}`})`,
      pass: worst <= TARGETS.maxListQueries && sameAtPage5,
    });
  }
  return checks;
}

export const fmtPct = (x: number) => `${(x * 100).toFixed(0)} %`;
const fmtNum = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));
const fmtMs = (x: number) => (x >= 10 ? x.toFixed(0) : x.toFixed(1));

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

export function resultsTable(results: ScenarioResult[]): string {
  return table(
    [
      'scenario',
      'req/s',
      'control req/s',
      'ratio',
      'p50 ms',
      'p99 ms',
      'ctrl p50/p99',
      'errors',
      'queries',
      'targets',
    ],
    results.map((r) => {
      const failed = r.checks.filter((c) => !c.pass);
      return [
        r.name,
        fmtNum(r.app.rps),
        fmtNum(r.control.rps),
        fmtPct(r.ratio),
        fmtMs(r.app.p50),
        fmtMs(r.app.p99),
        `${fmtMs(r.control.p50)}/${fmtMs(r.control.p99)}`,
        String(r.app.errors),
        r.queries ? `${r.queries.session}+${r.queries.queries}` : '-',
        failed.length === 0 ? 'pass' : `FAIL: ${failed.map((c) => c.target).join('; ')}`,
      ];
    }),
  );
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
 * Cost = control req/s over scenario req/s (how many control requests one real request is
 * worth), measured within one run, so the machine's drift cancels; growth = large / small.
 */
export function growthRows(small: ScenarioResult[], large: ScenarioResult[]): GrowthRow[] {
  const rows: GrowthRow[] = [];
  for (const s of small) {
    const l = large.find((x) => x.name === s.name);
    // A scenario one of the runs did not measure (a subset, an interrupted run) has no row.
    if (!l || s.kind !== 'read' || !(s.app.rps > 0 && l.app.rps > 0)) continue;
    const smallCost = s.control.rps / s.app.rps;
    const largeCost = l.control.rps / l.app.rps;
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
