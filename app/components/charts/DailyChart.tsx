import { useId } from "react";
import { MONTHS } from "#contract/format";
import { band, valueScale } from "./scale";
import "./charts.css";

interface ChartSeries {
  name: string;
  /** One per day, in the order of `days`; null where the figure is not known (no rounds, a return not yet due). */
  values: (number | null)[];
}

export interface DailyChartProps {
  title: string;
  /** YYYY-MM-DD, oldest first. */
  days: string[];
  /** One or two series: the first drawn in the brand colour, the second in the second colour. */
  series: ChartSeries[];
  kind: "bar" | "line";
  /** The axis and the table say values with this (a count, a share, a time). */
  format: (value: number) => string;
  /** A fixed top for the axis (1 for shares); otherwise the data's rounded up. */
  top?: number;
  /** The axis's steps to choose from, for units that do not count in tens (seconds). */
  steps?: number[];
  /** The table's last row: the whole period's figure of each series. */
  totals: (number | null)[];
  totalLabel: string;
}

const WIDTH = 400;
const HEIGHT = 190;
const PLOT = { left: 44, right: 8, top: 10, bottom: 24 };
const plotWidth = WIDTH - PLOT.left - PLOT.right;
const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;

/** "Nov 3" from "2026-11-03". */
export function shortDay(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${date}`;
}

/**
 * A daily chart drawn on the server as SVG (no chart library, nothing to load) with its table: the chart is a picture
 * for the eye, named by its title; the table beside it is what a screen reader, a keyboard or a copy reads.
 */
export function DailyChart(props: DailyChartProps) {
  const { title, days, series, format, totals, totalLabel } = props;
  const titleId = useId();
  return (
    <section className="daily-chart" aria-labelledby={titleId}>
      <h2 className="daily-chart__title" id={titleId}>
        {title}
      </h2>
      <div className="daily-chart__body">
        <figure className="daily-chart__figure">
          <ChartPicture {...props} />
          {series.length > 1 ? (
            <figcaption className="daily-chart__legend">
              {series.map((line, index) => (
                <span key={line.name} className="daily-chart__key">
                  <span
                    className={`daily-chart__swatch daily-chart__swatch--${index}`}
                    aria-hidden="true"
                  />
                  {line.name}
                </span>
              ))}
            </figcaption>
          ) : null}
        </figure>
        <div
          className="daily-chart__table"
          // A scrolling region must take the keyboard's focus to be scrolled by it.
          tabIndex={0}
          role="region"
          aria-label={`${title}, table`}
        >
          <table>
            <caption className="visually-hidden">{title}, by day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.map((line) => (
                  <th scope="col" key={line.name}>
                    {line.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {/* The latest day first: the one a developer comes to see. */}
              {days
                .map((day, row) => (
                  <tr key={day}>
                    <th scope="row">{shortDay(day)}</th>
                    {series.map((line) => (
                      <td key={line.name}>{shown(line.values[row], format)}</td>
                    ))}
                  </tr>
                ))
                .reverse()}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{totalLabel}</th>
                {totals.map((value, index) => (
                  <td key={series[index]?.name ?? index}>
                    {shown(value, format)}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      </div>
    </section>
  );
}

const shown = (
  value: number | null | undefined,
  format: (v: number) => string,
) => (value === null || value === undefined ? "–" : format(value));

/** The SVG: the value axis with its ticks, a day label each week, and the bars or lines. */
function ChartPicture({
  title,
  days,
  series,
  kind,
  format,
  top,
  steps,
}: DailyChartProps) {
  const values = series.flatMap((line) =>
    line.values.filter((value): value is number => value !== null),
  );
  const scale =
    top === undefined
      ? valueScale(Math.max(0, ...values), 4, true, steps)
      : valueScale(top, 4, false);
  const y = (value: number) =>
    PLOT.top + plotHeight - (value / scale.top) * plotHeight;
  return (
    <svg
      className="daily-chart__svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${title}: a chart of the table beside it`}
    >
      {scale.ticks.map((tick) => (
        <g key={tick} className="daily-chart__tick">
          <line
            x1={PLOT.left}
            x2={WIDTH - PLOT.right}
            y1={y(tick)}
            y2={y(tick)}
          />
          <text x={PLOT.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {format(tick)}
          </text>
        </g>
      ))}
      {days.map((day, index) =>
        // A label a week apart, counted back from today, so the latest day is always named.
        (days.length - 1 - index) % 7 === 0 ? (
          <text
            key={day}
            className="daily-chart__day"
            x={
              PLOT.left +
              band(index, days.length, plotWidth).start +
              band(index, days.length, plotWidth).size / 2
            }
            y={HEIGHT - 6}
            textAnchor="middle"
          >
            {shortDay(day)}
          </text>
        ) : null,
      )}
      {series.map((line, index) =>
        kind === "bar" ? (
          <Bars
            key={line.name}
            line={line}
            index={index}
            of={series.length}
            y={y}
          />
        ) : (
          <Line key={line.name} line={line} index={index} y={y} />
        ),
      )}
    </svg>
  );
}

interface MarkProps {
  line: ChartSeries;
  index: number;
  y: (value: number) => number;
}

function Bars({ line, index, of, y }: MarkProps & { of: number }) {
  const count = line.values.length;
  return (
    <g className={`daily-chart__bars daily-chart__mark--${index}`}>
      {line.values.map((value, day) => {
        if (value === null || value <= 0) return null;
        const slot = band(day, count, plotWidth);
        const gap = slot.size * 0.2;
        const width = (slot.size - gap) / of;
        return (
          <rect
            key={day}
            x={PLOT.left + slot.start + gap / 2 + index * width}
            y={y(value)}
            width={width}
            height={y(0) - y(value)}
            rx={Math.min(2, width / 3)}
          />
        );
      })}
    </g>
  );
}

/** A line through the known days; a day with no figure breaks it, and a lone known day is a dot. */
function Line({ line, index, y }: MarkProps) {
  const count = line.values.length;
  const x = (day: number) => {
    const slot = band(day, count, plotWidth);
    return PLOT.left + slot.start + slot.size / 2;
  };
  const runs: { day: number; value: number }[][] = [];
  line.values.forEach((value, day) => {
    if (value === null) return;
    const previous = runs[runs.length - 1];
    const point = { day, value };
    if (previous && previous[previous.length - 1].day === day - 1)
      previous.push(point);
    else runs.push([point]);
  });
  return (
    <g className={`daily-chart__line daily-chart__mark--${index}`}>
      {runs.map((run) =>
        run.length === 1 ? (
          <circle
            key={run[0].day}
            cx={x(run[0].day)}
            cy={y(run[0].value)}
            r={3}
          />
        ) : (
          <polyline
            key={run[0].day}
            points={run
              .map(({ day, value }) => `${x(day)},${y(value)}`)
              .join(" ")}
          />
        ),
      )}
    </g>
  );
}
