// The site's one-line location: address, then the city unless the address already names it, then the
// country ("164 Boulevard de l'Hôpital, Paris" + Paris + France -> "..., Paris, France").

/** Whether `text` contains `word` as a whole word (letters and digits around it do not count), ignoring case. */
function containsWord(text: string, word: string): boolean {
  const escaped = word.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!escaped) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

export function siteAddressLine(site: {
  address?: string | null;
  city?: string | null;
  country?: string | null;
}): string {
  const address = site.address?.trim();
  const city = site.city?.trim();
  const showCity = city && !(address && containsWord(address, city));
  return [address, showCity ? city : null, site.country?.trim()].filter(Boolean).join(', ');
}
