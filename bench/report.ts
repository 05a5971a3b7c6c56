/** What a benchmark module hands back to `bench/run.ts` for the summary. */
export type BenchFigure = {
  label: string;
  value: string;
  /** The target, as text, e.g. "< 30 s". */
  target?: string;
  /** Whether the target was met (absent when there is no target). */
  ok?: boolean;
};

export type BenchReport = { title: string; figures: BenchFigure[] };

export function printReport(report: BenchReport): void {
  console.log(`\n${report.title}`);
  const width = Math.max(...report.figures.map((f) => f.label.length));
  for (const f of report.figures) {
    const verdict = f.ok === undefined ? '' : f.ok ? '  ok' : '  MISSED';
    const target = f.target ? `  (target ${f.target})` : '';
    console.log(`  ${f.label.padEnd(width)}  ${f.value}${target}${verdict}`);
  }
}
