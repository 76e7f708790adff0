/**
 * Dates as a translation's locale writes them. Only the translations use Intl: English is written
 * out (format.ts) because a page's first Intl formatter blocks the main thread while its locale
 * data loads. Used by the translation modules (the npm package), where a translated panel pays that
 * once, when its first date is shown; each formatter is made on first use and kept. The widget host's
 * language files carry these dates already written (scripts/language-data.ts), so its panels make none.
 */
/** A contract date (YYYY-MM-DD) as UTC midnight, as format.ts's parseDay reads it. */
const parseDay = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);

export function intlDates(locale: string) {
  const formatter = (options: Intl.DateTimeFormatOptions) => {
    let made: Intl.DateTimeFormat | undefined;
    return (date: Date) => (made ??= new Intl.DateTimeFormat(locale, options)).format(date);
  };
  const month = formatter({ month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = formatter({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return {
    month: (isoDay: string) => month(parseDay(isoDay)),
    date: (isoDay: string) => day(parseDay(isoDay)),
  };
}
