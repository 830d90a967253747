import type { StepAnalytics } from '@tappa/contracts';
import { formatElapsed } from '@tappa/domain';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../lib/i18n';

// Two simple charts drawn as inline SVG (decision 0088: no chart library), one row a step.
// Their user units are CSS pixels at the width they are drawn for; they shrink with the page.

/** The chart's width, and where the bars start and may end (the rest holds the values). */
const WIDTH = 560;
const LABEL_W = 190;
const BAR_MAX_W = WIDTH - LABEL_W - 56;
/** A step's row: two bars of the funnel, or one of the median time. */
const ROW_H = { funnel: 40, median: 28 };
const BAR_H = 13;
const LEGEND_H = 26;
/** The longest place name drawn whole beside a bar; the table holds it whole. */
const LABEL_MAX_CHARS = 24;

/** The width of a bar of `value` on a scale whose longest bar is `max`. */
export function barWidth(value: number, max: number): number {
  return max <= 0 ? 0 : (Math.max(0, value) / max) * BAR_MAX_W;
}

/** A step's label: its number and place, cut with an ellipsis past LABEL_MAX_CHARS. */
function stepLabel(step: StepAnalytics): string {
  const place =
    step.place.length > LABEL_MAX_CHARS
      ? `${step.place.slice(0, LABEL_MAX_CHARS - 1)}…`
      : step.place;
  return `${step.number}. ${place}`;
}

/** Props of a chart: the steps in order, and the id of the table that holds their values. */
export interface StepChartProps {
  steps: readonly StepAnalytics[];
  tableId: string;
}

/** A chart's frame: a figure whose SVG is an image named by the caption, described by the table. */
function ChartFigure(props: {
  title: string;
  tableId: string;
  height: number;
  children: ReactNode;
  legend?: ReactNode;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'analytics' });
  const captionId = useId();
  return (
    <figure className="panel ra-chart">
      <figcaption id={captionId} className="panel__title">
        {props.title}
      </figcaption>
      {props.legend}
      <svg
        className="ra-chart__svg"
        viewBox={`0 0 ${WIDTH} ${props.height}`}
        width={WIDTH}
        height={props.height}
        role="img"
        aria-labelledby={captionId}
        aria-describedby={props.tableId}
      >
        {props.children}
      </svg>
      <p className="muted ra-chart__note">{t('chartText')}</p>
    </figure>
  );
}

/** The step's label at the left of its row; a place cut short is whole in its tooltip. */
function RowLabel({ step, y }: { step: StepAnalytics; y: number }) {
  const label = stepLabel(step);
  const full = `${step.number}. ${step.place}`;
  return (
    <text className="ra-chart__label" x={LABEL_W - 10} y={y} textAnchor="end">
      {label === full ? null : <title>{full}</title>}
      {label}
    </text>
  );
}

/** A bar from the label column with its value written after its end. */
function Bar(props: { kind: string; y: number; value: number; max: number; text: string }) {
  const width = barWidth(props.value, props.max);
  return (
    <g>
      <rect
        className={`ra-chart__bar ra-chart__bar--${props.kind}`}
        data-bar={props.kind}
        x={LABEL_W}
        y={props.y}
        width={width}
        height={BAR_H}
        rx={2}
      />
      <text className="ra-chart__value" x={LABEL_W + width + 6} y={props.y + BAR_H - 2}>
        {props.text}
      </text>
    </g>
  );
}

/** The funnel (issue 38): per step, the teams that reached it and those that solved it. */
export function FunnelChart({ steps, tableId }: StepChartProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'analytics.funnel' });
  const max = Math.max(0, ...steps.map((step) => step.reached));
  const legend = (
    <p className="ra-chart__legend" aria-hidden="true">
      <span className="ra-chart__key ra-chart__key--reached" /> {t('reached')}
      <span className="ra-chart__key ra-chart__key--solved" /> {t('solved')}
    </p>
  );
  return (
    <ChartFigure
      title={t('title')}
      tableId={tableId}
      height={steps.length * ROW_H.funnel + 4}
      legend={legend}
    >
      {steps.map((step, index) => {
        const top = index * ROW_H.funnel + 4;
        return (
          <g key={step.step_id}>
            <RowLabel step={step} y={top + BAR_H + 5} />
            <Bar
              kind="reached"
              y={top}
              value={step.reached}
              max={max}
              text={String(step.reached)}
            />
            <Bar
              kind="solved"
              y={top + BAR_H + 2}
              value={step.solved}
              max={max}
              text={String(step.solved)}
            />
          </g>
        );
      })}
    </ChartFigure>
  );
}

/** A bar per step of its median time to solve; a step nobody solved shows '—'. */
export function MedianTimeChart({ steps, tableId }: StepChartProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'analytics' });
  const max = Math.max(0, ...steps.map((step) => step.median_solve_ms ?? 0));
  return (
    <ChartFigure
      title={t('medianChart.title')}
      tableId={tableId}
      height={steps.length * ROW_H.median + LEGEND_H - 18}
    >
      {steps.map((step, index) => {
        const top = index * ROW_H.median + 6;
        const median = step.median_solve_ms;
        return (
          <g key={step.step_id}>
            <RowLabel step={step} y={top + BAR_H - 2} />
            <Bar
              kind="median"
              y={top}
              value={median ?? 0}
              max={max}
              text={median === null ? t('none') : formatElapsed(median)}
            />
          </g>
        );
      })}
    </ChartFigure>
  );
}
