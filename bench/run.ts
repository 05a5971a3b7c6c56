/**
 * `npm run bench`: runs every benchmark module in turn, then prints a summary. To add one, export
 * an async function returning a BenchReport and list it below. `npm run bench -- tables` runs
 * only the named ones.
 */
import { printReport, type BenchReport } from './report.ts';
import { runTablesBench } from './tables.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { runDatasetsBench } from './datasets.ts';
import { runHeatBench } from './heat.ts';
import { runViewerBench } from './viewer.ts';
import { runSerializerBench } from './serializer.ts';
import { runFaultsBench } from './faults.ts';
import { runScaleBench } from './scale.ts';
import { runStartupBench } from './startup.ts';
import { runChangesBench } from './changes.ts';
import { runMemoryBench } from './memory.ts';

const benches: { name: string; run: () => Promise<BenchReport> }[] = [
  { name: 'tables', run: runTablesBench },
  { name: 'lighthouse', run: runLighthouseBench },
  { name: 'datasets', run: runDatasetsBench },
  { name: 'heat', run: runHeatBench },
  { name: 'viewer', run: runViewerBench },
  { name: 'serializer', run: runSerializerBench },
  { name: 'faults', run: runFaultsBench },
  { name: 'scale', run: runScaleBench },
  { name: 'startup', run: runStartupBench },
  { name: 'changes', run: runChangesBench },
  { name: 'memory', run: runMemoryBench },
];

const only = process.argv.slice(2);
const reports: BenchReport[] = [];
for (const bench of benches) {
  if (only.length > 0 && !only.includes(bench.name)) continue;
  console.log(`\n=== ${bench.name} ===`);
  reports.push(await bench.run());
}

console.log('\n=== summary ===');
for (const report of reports) printReport(report);
const missed = reports.flatMap((r) => r.figures).filter((f) => f.ok === false);
if (missed.length > 0) {
  console.log(`\n${missed.length} target(s) missed`);
  process.exitCode = 1;
}
