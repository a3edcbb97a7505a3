// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DailyChart, shortDay, type DailyChartProps } from "./DailyChart";

afterEach(cleanup);

const count = (value: number) => String(value);
const days = (n: number) =>
  Array.from({ length: n }, (_, index) =>
    new Date(Date.UTC(2026, 10, 1 + index)).toISOString().slice(0, 10),
  );

function renderChart(props: Partial<DailyChartProps> = {}) {
  const shown: DailyChartProps = {
    title: "Rounds started",
    days: days(3),
    series: [{ name: "Rounds", values: [2, 0, 5] }],
    kind: "bar",
    format: count,
    totals: [7],
    totalLabel: "Last 30 days",
    ...props,
  };
  const { container } = render(<DailyChart {...shown} />);
  return container;
}

describe("DailyChart", () => {
  it("draws a bar for each day with rounds, scaled to a round top, and names the chart", () => {
    const container = renderChart();
    expect(
      screen.getByRole("heading", { name: "Rounds started" }),
    ).toBeTruthy();
    expect(
      screen.getByRole("img", { name: /Rounds started: a chart/ }),
    ).toBeTruthy();
    const bars = container.querySelectorAll("rect");
    // The day with none has no bar; the highest (5) reaches two thirds of the axis, whose top is 6.
    expect(bars).toHaveLength(2);
    const ticks = [...container.querySelectorAll(".daily-chart__tick text")];
    expect(ticks.map((tick) => tick.textContent)).toEqual(["0", "2", "4", "6"]);
    const [low, high] = [...bars].map((bar) =>
      Number(bar.getAttribute("height")),
    );
    expect(high / low).toBeCloseTo(5 / 2);
  });

  it("has a table of every day, the latest first, and the period's total: the chart's accessible twin", () => {
    renderChart();
    const table = screen.getByRole("table", { name: "Rounds started, by day" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "DayRounds",
      "Nov 35",
      "Nov 20",
      "Nov 12",
      "Last 30 days7",
    ]);
    expect(
      screen.getByRole("region", { name: "Rounds started, table" }).tabIndex,
    ).toBe(0);
  });

  it("still has axes and a table with nothing to show", () => {
    const container = renderChart({
      series: [{ name: "Rounds", values: [0, 0, 0] }],
      totals: [0],
    });
    expect(container.querySelectorAll("rect")).toHaveLength(0);
    expect(container.querySelectorAll(".daily-chart__tick")).toHaveLength(5);
    expect(screen.getAllByRole("row")).toHaveLength(5);
  });

  it("draws a single day, and names it under the axis", () => {
    const container = renderChart({
      days: days(1),
      series: [{ name: "Rounds", values: [4] }],
      totals: [4],
    });
    expect(container.querySelectorAll("rect")).toHaveLength(1);
    expect(container.querySelector(".daily-chart__day")?.textContent).toBe(
      "Nov 1",
    );
  });

  it("breaks a line where a day has no figure, shows a lone day as a dot and says – in the table", () => {
    const container = renderChart({
      kind: "line",
      top: 1,
      format: (value) => `${Math.round(value * 100)}%`,
      days: days(5),
      series: [
        { name: "Next day", values: [0.5, 1, null, 0.25, null] },
        { name: "After 7 days", values: [null, null, null, null, null] },
      ],
      totals: [0.6, null],
    });
    expect(container.querySelectorAll("polyline")).toHaveLength(1);
    expect(container.querySelectorAll("circle")).toHaveLength(1);
    const ticks = [...container.querySelectorAll(".daily-chart__tick text")];
    expect(ticks.map((tick) => tick.textContent)).toEqual([
      "0%",
      "25%",
      "50%",
      "75%",
      "100%",
    ]);
    expect(screen.getByText("Last 30 days").closest("tr")?.textContent).toBe(
      "Last 30 days60%–",
    );
    expect(
      screen.getByText("After 7 days", { selector: ".daily-chart__key" }),
    ).toBeTruthy();
  });
});

describe("a time chart", () => {
  it("steps its axis in the steps it is given", () => {
    const container = renderChart({
      series: [{ name: "Time", values: [50, 70, 95] }],
      steps: [15, 30, 60],
      totals: [72],
    });
    const ticks = [...container.querySelectorAll(".daily-chart__tick text")];
    expect(ticks.map((tick) => tick.textContent)).toEqual([
      "0",
      "30",
      "60",
      "90",
      "120",
    ]);
  });
});

describe("shortDay", () => {
  it("writes a day as its month and date", () => {
    expect(shortDay("2026-11-03")).toBe("Nov 3");
    expect(shortDay("2027-01-30")).toBe("Jan 30");
  });
});
