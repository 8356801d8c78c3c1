// Actual cumulative enrollment against the forecast: the median line, the 80 % and 95 % bands (ranges
// of the simulated enrollments by each date), the target and today.
import { useTranslation } from 'react-i18next';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import { formatDate, formatNumber } from '@/lib/format';
import type { StudyForecast } from './types';

const time = (iso: string) => Date.parse(`${iso}T00:00:00`);

interface Point {
  t: number;
  actual: number | null;
  median: number | null;
  band80: [number, number] | null;
  band95: [number, number] | null;
}

export function ForecastChart({ forecast }: { forecast: StudyForecast }) {
  const { t } = useTranslation('analytics');
  const data: Point[] = forecast.series.map((p) => ({ t: time(p.date), actual: p.actual, median: p.median, band80: p.band80, band95: p.band95 }));
  const today = time(forecast.today);
  const target = forecast.study.target;
  const names: Record<string, string> = {
    actual: t('forecast.actual'),
    median: t('forecast.forecastMedian'),
    band80: t('forecast.band80'),
    band95: t('forecast.band95'),
  };
  return (
    <figure className="h-80 w-full" data-testid="forecast-chart" aria-label={t('forecast.chartLabel')}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 10, right: 20, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="t" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={(v: number) => formatDate(new Date(v))} minTickGap={40} fontSize={12} />
          <YAxis allowDecimals={false} domain={[0, (max: number) => Math.max(max, target)]} fontSize={12} width={40} />
          <Tooltip content={(props) => <ChartTooltip {...props} names={names} />} />
          <Legend formatter={(value: string) => names[value] ?? value} />
          <Area dataKey="band95" name="band95" stroke="none" fill="#93c5fd" fillOpacity={0.35} isAnimationActive={false} connectNulls={false} />
          <Area dataKey="band80" name="band80" stroke="none" fill="#3b82f6" fillOpacity={0.35} isAnimationActive={false} connectNulls={false} />
          <Line dataKey="actual" name="actual" stroke="#0f172a" strokeWidth={2} dot={false} isAnimationActive={false} connectNulls={false} />
          <Line dataKey="median" name="median" stroke="#1d4ed8" strokeWidth={2} strokeDasharray="6 4" dot={false} isAnimationActive={false} connectNulls={false} />
          <ReferenceLine y={target} stroke="#16a34a" strokeDasharray="4 4" label={{ value: t('forecast.target', { target }), position: 'insideTopLeft', fontSize: 12, fill: '#15803d' }} />
          <ReferenceLine x={today} stroke="#64748b" label={{ value: t('forecast.today'), position: 'insideTopRight', fontSize: 12, fill: '#475569' }} />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}

function ChartTooltip({ active, payload, label, names }: TooltipContentProps<ValueType, NameType> & { names: Record<string, string> }) {
  if (!active || !payload?.length) return null;
  const show = (v: unknown) => (Array.isArray(v) ? `${formatNumber(v[0] as number)}–${formatNumber(v[1] as number)}` : formatNumber(v as number));
  return (
    <div className="rounded-md border border-border bg-white p-2 text-xs shadow-sm">
      <div className="mb-1 font-medium">{formatDate(new Date(label as number))}</div>
      {payload
        .filter((p) => p.value !== null && p.value !== undefined)
        .map((p) => (
          <div key={String(p.dataKey)}>
            {names[String(p.dataKey)] ?? String(p.dataKey)}: {show(p.value)}
          </div>
        ))}
    </div>
  );
}
