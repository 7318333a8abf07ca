import type { Dashboard } from '@iddesk/contract';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { groupIndian } from '../../../../lib/money';

/** Whole rupees of a wire amount, for the chart's scale only (labels show exact amounts). */
const rupees = (amount: string) => Number(amount.split('.')[0]);

const dayLabel = (date: string) => {
  const [, m, d] = date.split('-');
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  return `${Number(d)} ${months[Number(m) - 1] ?? ''}`;
};

/**
 * The last 7 days' approved top-ups and payouts as side-by-side bars (uPlot, a ~20 KB canvas
 * chart). Loaded with React.lazy from the dashboard only, so no other page, and never a
 * customer, downloads it. The numbers are in the table beside it for screen readers.
 */
export default function DashboardChart({
  days,
  labels,
}: {
  days: Dashboard['days'];
  /** The legend's words, in the page's language. */
  labels: { day: string; topUps: string; payouts: string };
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((_, i) => i);
    // The axes' labels in the box's own text colour, which follows the dark scheme (issue 56).
    const ink = getComputedStyle(el).color;
    const bars = (align: -1 | 1) => uPlot.paths.bars!({ size: [0.35, 36], align });
    const chart = new uPlot(
      {
        width: el.clientWidth,
        height: 220,
        // Labels only: values under the cursor are in the table below.
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: [-0.6, days.length - 0.4] } },
        axes: [
          {
            // On a phone the days are numbers only, so the labels do not run into each other.
            values: (u, splits) =>
              splits.map((i) => {
                const day = days[i];
                if (!day) return '';
                return u.width < 480 ? String(Number(day.date.slice(8))) : dayLabel(day.date);
              }),
            splits: () => xs,
            grid: { show: false },
            stroke: ink,
          },
          {
            values: (_u, splits) => splits.map((v) => `₹${groupIndian(String(Math.round(v)))}`),
            size: 80,
            stroke: ink,
          },
        ],
        series: [
          {
            label: labels.day,
            value: (_u, i) => (i == null || !days[i] ? '—' : dayLabel(days[i].date)),
          },
          {
            label: labels.topUps,
            stroke: '#0f766e',
            fill: '#14b8a6cc',
            paths: bars(-1),
            points: { show: false },
            value: (_u, v) => (v == null ? '—' : `₹${groupIndian(String(v))}`),
          },
          {
            label: labels.payouts,
            stroke: '#b45309',
            fill: '#f59e0bcc',
            paths: bars(1),
            points: { show: false },
            value: (_u, v) => (v == null ? '—' : `₹${groupIndian(String(v))}`),
          },
        ],
      },
      [xs, days.map((d) => rupees(d.top_ups.amount)), days.map((d) => rupees(d.payouts.amount))],
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, labels.day, labels.topUps, labels.payouts]);
  return <div ref={box} aria-hidden="true" className="w-full text-sm text-slate-700" />;
}
