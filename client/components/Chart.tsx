// Charts drawn on the server as SVG (no script): a horizontal bar chart
// and a column chart per day, stacked by series. Each is a figure whose
// SVG has a title and a description, followed by the same figures as a
// table for screen readers and anyone who wants the numbers.
import "./Chart.css";

/** Bar is one labelled value. */
export interface Bar {
  label: string;
  value: number;
}

const palette = ["var(--brand)", "#2f9e8f", "#e0a526", "#d65b5b", "#8a63d2", "#4aa3df", "#7a8599"];

function Table(props: { caption: string; head: string[]; rows: (string | number)[][]; label: string }) {
  return (
    <details className="chart__data">
      <summary>{props.label}</summary>
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (j === 0 ? <th key={j} scope="row">{c}</th> : <td key={j}>{c}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** BarChart draws bars side by side, longest first as given. */
export function BarChart(props: { id: string; title: string; desc: string; bars: Bar[]; tableLabel: string; valueLabel: string; empty: string }) {
  const { bars } = props;
  if (bars.length === 0) return <p className="chart__empty">{props.empty}</p>;
  const max = Math.max(...bars.map((b) => b.value), 1);
  const row = 28;
  const height = bars.length * row;
  return (
    <figure className="chart">
      <svg className="chart__svg" viewBox={`0 0 600 ${height}`} role="img" aria-labelledby={`${props.id}-t ${props.id}-d`} preserveAspectRatio="xMinYMin meet">
        <title id={`${props.id}-t`}>{props.title}</title>
        <desc id={`${props.id}-d`}>{props.desc}</desc>
        {bars.map((b, i) => {
          const w = Math.max(2, (b.value / max) * 330);
          return (
            <g key={i} transform={`translate(0 ${i * row})`}>
              <text x="0" y="18" className="chart__label">
                {/* 26 characters fit the 230 units before the bar; the full name is in the table. */}
                {b.label.length > 26 ? b.label.slice(0, 25) + "…" : b.label}
              </text>
              <rect x="230" y="5" width={w} height="18" rx="3" fill={palette[0]} />
              <text x={236 + w} y="19" className="chart__value">
                {b.value}
              </text>
            </g>
          );
        })}
      </svg>
      <Table caption={props.title} label={props.tableLabel} head={["", props.valueLabel]} rows={bars.map((b) => [b.label, b.value])} />
    </figure>
  );
}

/** DayChart draws one column per day, stacked by series. */
export function DayChart(props: {
  id: string;
  title: string;
  desc: string;
  days: { day: string; counts: number[] }[];
  series: string[];
  tableLabel: string;
  dayLabel: string;
  empty: string;
}) {
  const { days, series } = props;
  if (days.length === 0) return <p className="chart__empty">{props.empty}</p>;
  const max = Math.max(...days.map((d) => d.counts.reduce((a, b) => a + b, 0)), 1);
  const h = 200;
  const step = 600 / days.length;
  const w = Math.max(2, step * 0.7);
  return (
    <figure className="chart">
      <svg className="chart__svg" viewBox={`0 0 600 ${h + 24}`} role="img" aria-labelledby={`${props.id}-t ${props.id}-d`}>
        <title id={`${props.id}-t`}>{props.title}</title>
        <desc id={`${props.id}-d`}>{props.desc}</desc>
        {days.map((d, i) => {
          let y = h;
          return (
            <g key={d.day}>
              {d.counts.map((c, s) => {
                const bh = (c / max) * (h - 10);
                y -= bh;
                return c > 0 ? <rect key={s} x={i * step + (step - w) / 2} y={y} width={w} height={bh} fill={palette[s % palette.length]} /> : null;
              })}
              {(i === 0 || i === days.length - 1 || days.length <= 8) && (
                // The first and last labels hold to the chart's edges ("10-27", not "0-27").
                <text
                  x={i === 0 && days.length > 8 ? 0 : i === days.length - 1 && days.length > 8 ? 600 : i * step + step / 2}
                  y={h + 18}
                  textAnchor={i === 0 && days.length > 8 ? "start" : i === days.length - 1 && days.length > 8 ? "end" : "middle"}
                  className="chart__label"
                >
                  {d.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {series.length > 1 && (
        <ul className="chart__legend">
          {series.map((s, i) => (
            <li key={s}>
              <span className="chart__swatch" style={{ background: palette[i % palette.length] }} aria-hidden="true" />
              {s}
            </li>
          ))}
        </ul>
      )}
      <Table caption={props.title} label={props.tableLabel} head={[props.dayLabel, ...series]} rows={days.map((d) => [d.day, ...d.counts])} />
    </figure>
  );
}
