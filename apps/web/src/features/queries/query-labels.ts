// The progress bar's colour on the queries screen (100 green, 75 and above blue, 50 and above yellow,
// otherwise orange).
export function progressColor(progress: number): string {
  if (progress >= 100) return 'bg-green-500';
  if (progress >= 75) return 'bg-blue-500';
  if (progress >= 50) return 'bg-yellow-500';
  return 'bg-orange-500';
}
