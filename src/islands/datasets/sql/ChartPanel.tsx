/**
 * A result drawn as a bar, line or scatter chart with Observable Plot (imported when the first
 * chart is drawn), its axes chosen from the result's columns; saved as SVG or PNG.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { T } from '../../../i18n/index.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { KeptRows } from './kept-rows.ts';

const KINDS = ['bar', 'line', 'scatter'] as const;
type ChartKind = (typeof KINDS)[number];

type Props = { t: T; result: KeptRows; fileName: (ext: 'svg' | 'png') => string };

/** The kept rows as points: x as a number when its column is numeric, y always a number. */
function points(result: KeptRows, x: number, y: number) {
  return result.rows.flatMap((row) => {
    const value = Number(row[y]);
    if (row[y] === '' || !Number.isFinite(value)) return [];
    return [{ x: result.numeric[x] ? Number(row[x]) : (row[x] ?? ''), y: value }];
  });
}

async function drawChart(result: KeptRows, kind: ChartKind, x: number, y: number) {
  const Plot = await import('@observablehq/plot');
  const data = points(result, x, y);
  const channels = { x: 'x', y: 'y' };
  const mark =
    kind === 'bar'
      ? Plot.barY(data, channels)
      : kind === 'line'
        ? Plot.lineY(data, { ...channels, marker: true })
        : Plot.dot(data, channels);
  return Plot.plot({
    marks: [mark, Plot.ruleY([0])],
    x: { label: result.columns[x] ?? '', ...(kind === 'bar' && { type: 'band' }) },
    y: { label: result.columns[y] ?? '', grid: true },
    width: 720,
    height: 360,
    marginLeft: 60,
    style: { background: 'white' },
  });
}

const svgText = (svg: Element) =>
  new XMLSerializer()
    .serializeToString(svg)
    .replace(/^<svg(?![^>]*xmlns=)/, '<svg xmlns="http://www.w3.org/2000/svg"');

/** The chart as a PNG image, drawn at twice its size. */
async function pngOf(svg: SVGSVGElement): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width * 2;
    canvas.height = image.height * 2;
    const context = canvas.getContext('2d')!;
    context.fillStyle = 'white';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

function AxisSelect(props: {
  label: string;
  columns: string[];
  value: number;
  onChange: (column: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="field-label">
        {props.label}
      </label>
      <select
        id={id}
        className="field-input"
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
      >
        {props.columns.map((name, i) => (
          <option key={`${i}-${name}`} value={i}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function ChartPanel({ t, result, fileName }: Props) {
  const [kind, setKind] = useState<ChartKind>('bar');
  const firstNumeric = result.numeric.findIndex((n, i) => n && i > 0);
  const [x, setX] = useState(0);
  const [y, setY] = useState(
    firstNumeric < 0 ? Math.min(1, result.columns.length - 1) : firstNumeric,
  );
  const host = useRef<HTMLDivElement>(null);
  const drawn = useRef<SVGSVGElement | null>(null);

  useEffect(() => {
    let current = true;
    void drawChart(result, kind, x, y).then((chart) => {
      if (!current || !host.current) return;
      const svg = chart instanceof SVGSVGElement ? chart : chart.querySelector('svg');
      drawn.current = svg;
      // One image with one name: Plot's names of its marks (aria-label on a <g>) are dropped.
      svg?.querySelectorAll('g[aria-label]').forEach((g) => g.removeAttribute('aria-label'));
      svg?.setAttribute('role', 'img');
      svg?.setAttribute(
        'aria-label',
        t('sql:chart.label', { x: result.columns[x] ?? '', y: result.columns[y] ?? '' }),
      );
      host.current.replaceChildren(chart);
    });
    return () => {
      current = false;
    };
  }, [result, kind, x, y, t]);

  const saveSvg = () => {
    if (drawn.current)
      saveFile(new Blob([svgText(drawn.current)], { type: 'image/svg+xml' }), fileName('svg'));
  };
  const savePng = async () => {
    if (drawn.current) saveFile(await pngOf(drawn.current), fileName('png'));
  };

  return (
    <section aria-label={t('sql:chart.heading')} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="field-label">{t('sql:chart.kind')}</legend>
          <div className="flex gap-3">
            {KINDS.map((k) => (
              <label key={k} className="flex items-center gap-1">
                <input
                  type="radio"
                  name="chart-kind"
                  checked={kind === k}
                  onChange={() => setKind(k)}
                />
                {t(`sql:chart.${k}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <AxisSelect label={t('sql:chart.x')} columns={result.columns} value={x} onChange={setX} />
        <AxisSelect label={t('sql:chart.y')} columns={result.columns} value={y} onChange={setY} />
        <button type="button" className="btn btn-secondary" onClick={saveSvg}>
          {t('sql:chart.saveSvg')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void savePng()}>
          {t('sql:chart.savePng')}
        </button>
      </div>
      <div ref={host} className="overflow-x-auto" data-testid="sql-chart" />
    </section>
  );
}
