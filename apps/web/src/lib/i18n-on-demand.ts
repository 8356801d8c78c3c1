// The strings of screens the dashboard never shows: fetched by i18next's backend (i18n.ts) when a component
// first reads one, so a new feature's strings do not grow what every signed-in page downloads. A component
// reading one must sit under a Suspense boundary (the shell has one around every screen; a card that
// appears later, in a tab, has its own). Adding a namespace here: exclude it from i18n.ts's bulk glob and
// add it to vite.config.ts's ON_DEMAND_NAMESPACES (one chunk per language).
type Bundle = Record<string, unknown>;

export const onDemandFiles: Record<string, () => Promise<Bundle>> = import.meta.glob<Bundle>(
  [
    '../locales/*/randomization.json',
    '../locales/*/usdm.json',
    '../locales/*/dataout.json',
    '../locales/*/core.json',
    '../locales/*/webhooks.json',
    '../locales/*/dataimport.json',
    '../locales/*/forms-builder.json',
    '../locales/*/analytics.json',
    '../locales/*/ertms.json',
    '../locales/*/ctms.json',
    '../locales/*/cdisc.json',
    '../locales/*/define.json',
    '../locales/*/sdtm.json',
    '../locales/*/standardsImport.json',
    '../locales/*/compliance.json',
    '../locales/*/coding.json',
  ],
  { import: 'default' },
);
