/**
 * The insights' charts (issue 38; docs/decisions/022-insights-charts.md): SVG drawn with visx's
 * scales and shapes, coloured by the theme's tokens (CSS variables), so both themes follow. They are
 * pictures for the eye (aria-hidden): the numbers are in ChartCard's table.
 */
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { useWidth } from "./use-width";

export interface Datum {
  label: string;
  value: number;
}

const AXIS = { stroke: "var(--border)", tickStroke: "var(--border)" };
const tickLabel = () => ({ fill: "var(--muted-foreground)", fontSize: 11, fontFamily: "inherit" });

/** Vertical bars, with an optional line over them (a cumulative count) and a dashed reference (the capacity). */
export function BarChart({
  data,
  line,
  reference,
  height = 200,
}: {
  data: Datum[];
  line?: number[];
  reference?: number;
  height?: number;
}) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const margin = { top: 16, right: 8, bottom: 28, left: 36 };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const top = Math.max(1, ...data.map((d) => d.value), ...(line ?? []), reference ?? 0);
  const x = scaleBand({ domain: data.map((d) => d.label), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear({ domain: [0, top], range: [innerHeight, 0], nice: true });
  // Room for about one label per 56 px: every nth label where more would overlap.
  const every = Math.max(1, Math.ceil(data.length / Math.max(1, Math.floor(innerWidth / 56))));
  return (
    <div ref={ref} className="w-full min-w-0 overflow-hidden" aria-hidden="true">
      <svg width={width} height={height} className="block overflow-visible">
        <Group left={margin.left} top={margin.top}>
          {data.map((d) => (
            <Bar
              key={d.label}
              x={x(d.label)}
              y={y(d.value)}
              width={x.bandwidth()}
              height={innerHeight - y(d.value)}
              fill="var(--primary)"
              rx={2}
            />
          ))}
          {line && line.length === data.length ? (
            <LinePath
              data={line.map((value, i) => ({ value, label: data[i]!.label }))}
              x={(d) => (x(d.label) ?? 0) + x.bandwidth() / 2}
              y={(d) => y(d.value)}
              stroke="var(--info)"
              strokeWidth={2}
            />
          ) : null}
          {reference ? (
            <line x1={0} x2={innerWidth} y1={y(reference)} y2={y(reference)} stroke="var(--destructive)" strokeDasharray="4 4" />
          ) : null}
          <AxisLeft scale={y} numTicks={4} {...AXIS} tickLabelProps={tickLabel} />
          <AxisBottom
            top={innerHeight}
            scale={x}
            {...AXIS}
            tickValues={data.filter((_, i) => i % every === 0).map((d) => d.label)}
            tickLabelProps={tickLabel}
          />
        </Group>
      </svg>
    </div>
  );
}

/** Horizontal bars, one row per label with its value at the bar's end: a funnel, a list of counts. */
export function RowChart({ data, rowHeight = 30 }: { data: Datum[]; rowHeight?: number }) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const labelWidth = Math.min(160, Math.floor(width * 0.42));
  const valueWidth = 48;
  const x = scaleLinear({ domain: [0, Math.max(1, ...data.map((d) => d.value))], range: [0, width - labelWidth - valueWidth] });
  return (
    <div ref={ref} className="w-full min-w-0 overflow-hidden" aria-hidden="true">
      <svg width={width} height={data.length * rowHeight} className="block">
        {data.map((d, i) => (
          <Group key={d.label} top={i * rowHeight}>
            <text x={0} y={rowHeight / 2} dominantBaseline="middle" fill="var(--foreground)" fontSize={12}>
              {d.label.length > 24 ? `${d.label.slice(0, 23)}…` : d.label}
            </text>
            <Bar x={labelWidth} y={4} width={x(d.value)} height={rowHeight - 8} fill="var(--primary)" rx={2} />
            <text
              x={labelWidth + x(d.value) + 6}
              y={rowHeight / 2}
              dominantBaseline="middle"
              fill="var(--foreground)"
              fontSize={12}
            >
              {d.value}
            </text>
          </Group>
        ))}
      </svg>
    </div>
  );
}
