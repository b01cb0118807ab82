import {
  CartesianGrid,
  Label,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { MSG } from '@lbs/domain/messages';
import {
  dayOfMonth,
  formatChartValue,
  formatYTick,
  longDay,
  pickXTicks,
  yTicksFor,
  type ChartPoint,
  type ChartValueKind,
} from './chart-scale';

/** A second line on the same days and axis (the refunds under the income), drawn dashed. */
export interface SecondLine {
  name: string;
  points: readonly ChartPoint[];
}

export interface LinePlotProps {
  /** The series' name, used in the tooltip. */
  name: string;
  points: readonly ChartPoint[];
  kind: ChartValueKind;
  /** The y axis' title, when the chart's heading does not say the unit. */
  yLabel?: string;
  second?: SecondLine;
}

const BRAND = '#4f46e5';
/** The second line's colour (rose-700: 4.5:1 and more on white, told apart by its dashes too). */
export const SECOND_LINE = '#be123c';
const GRID = '#e2e8f0';
const AXIS_TEXT = '#475569';

function DayTooltip({
  active,
  payload,
  kind,
  name,
  secondName,
}: Partial<TooltipContentProps<number, string>> & { kind: ChartValueKind; name: string; secondName?: string }) {
  const point = payload?.[0]?.payload as (ChartPoint & { second?: number }) | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-lg">
      <p className="text-xs text-slate-500">{longDay(point.date)}</p>
      <p className="font-semibold text-ink">
        {name}: {formatChartValue(kind, point.value)}
      </p>
      {secondName && point.second !== undefined ? (
        <p className="text-rose-700">
          {secondName}: {formatChartValue(kind, point.second)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The drawing itself, the one module that imports recharts: loaded lazily by ChartCard, so the
 * charting library reaches the browser with the back office only. Day-of-month labels under an
 * axis titled Day, at most 10 x ticks, whole-number y ticks for counts (spec §2, §9). The SVG is
 * hidden from assistive technology; ChartCard gives them the same figures as a table.
 */
export function LinePlot({ name, points, kind, yLabel, second }: LinePlotProps) {
  const seconds = new Map(second?.points.map((p) => [p.date, p.value]));
  const data = points.map((p) => ({ date: p.date, value: p.value, ...(second ? { second: seconds.get(p.date) ?? 0 } : {}) }));
  const xTicks = pickXTicks(data.map((p) => p.date));
  const yTicks = yTicksFor(
    kind,
    data.flatMap((p) => (p.second === undefined ? [p.value] : [p.value, p.second])),
  );
  return (
    <LineChart
      responsive
      style={{ width: '100%', height: '100%' }}
      data={data}
      margin={{ top: 8, right: 12, bottom: 20, left: yLabel ? 12 : 0 }}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke={GRID} strokeDasharray="4 4" vertical={false} />
      <XAxis
        dataKey="date"
        ticks={xTicks}
        interval={0}
        tickFormatter={dayOfMonth}
        tick={{ fill: AXIS_TEXT, fontSize: 12 }}
        tickLine={false}
        axisLine={{ stroke: GRID }}
        padding={{ left: 8, right: 8 }}
      >
        <Label
          value={MSG.chartDayAxis}
          position="insideBottom"
          offset={-14}
          fill={AXIS_TEXT}
          fontSize={12}
        />
      </XAxis>
      <YAxis
        ticks={yTicks}
        domain={[yTicks[0] ?? 0, yTicks[yTicks.length - 1] ?? 1]}
        allowDecimals={kind !== 'count'}
        interval={0}
        tickFormatter={(v: number) => formatYTick(kind, v)}
        tick={{ fill: AXIS_TEXT, fontSize: 12 }}
        tickLine={false}
        axisLine={false}
        width={kind === 'usd' ? 56 : 44}
      >
        {yLabel ? (
          <Label
            value={yLabel}
            angle={-90}
            position="insideLeft"
            offset={4}
            style={{ textAnchor: 'middle' }}
            fill={AXIS_TEXT}
            fontSize={12}
          />
        ) : null}
      </YAxis>
      <Tooltip
        content={<DayTooltip kind={kind} name={name} secondName={second?.name} />}
        cursor={{ stroke: '#c7d2fe', strokeWidth: 1 }}
      />
      <Line
        type="linear"
        dataKey="value"
        name={name}
        stroke={BRAND}
        strokeWidth={2.5}
        dot={data.length <= 31 ? { r: 3, fill: BRAND, strokeWidth: 0 } : false}
        activeDot={{ r: 5, fill: BRAND, stroke: '#fff', strokeWidth: 2 }}
        // Drawn at once: an owner reads figures, and a half-drawn line reads as missing data.
        isAnimationActive={false}
      />
      {second ? (
        <Line
          type="linear"
          dataKey="second"
          name={second.name}
          stroke={SECOND_LINE}
          strokeWidth={2}
          strokeDasharray="6 4"
          dot={data.length <= 31 ? { r: 2.5, fill: SECOND_LINE, strokeWidth: 0 } : false}
          activeDot={{ r: 4, fill: SECOND_LINE, stroke: '#fff', strokeWidth: 2 }}
          isAnimationActive={false}
        />
      ) : null}
    </LineChart>
  );
}
