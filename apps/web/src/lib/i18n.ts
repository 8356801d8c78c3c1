// i18next with every namespace picked up from src/locales/<lang>/<namespace>.json, so a feature adds its
// strings by adding files, not by editing this one. Only the active language (and English, the
// fallback) is downloaded: first what the landing page reads (CORE_NAMESPACES, one chunk per language,
// see vite.config.ts), then the log-in page's (ACCOUNT_NAMESPACES), then, when a screen behind the
// log-in or another public form opens (routes.tsx awaits loadNamespaces), the rest of that language,
// except the strings of screens few users open (i18n-on-demand.ts): one chunk per language, fetched by
// i18next's backend when a component first asks for one (useTranslation suspends meanwhile).
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageCode } from '@ctp/contracts';

type Bundle = Record<string, unknown>;
type Loaders = Record<string, () => Promise<Bundle>>;

/** What the landing page and the not-found page read, fetched before the first paint. */
export const CORE_NAMESPACES = ['landing', 'not-found'] as const;
/** What the log-in page reads besides (one chunk per language, like the core): `common` (buttons,
 *  statuses, the shell's words) comes here, since the landing page reads none of it. `validation`
 *  (the messages of refused input) is a chunk of its own, fetched with the first message. */
export const ACCOUNT_NAMESPACES = ['common', 'account'] as const;
// The bulk: every namespace but those fetched on demand (i18n-on-demand.ts, whose list this excludes;
// kept in step with it and with vite.config.ts's manualChunks). The on-demand files' loaders live in
// that module, loaded after log-in, so the landing page does not carry them.
const allFiles: Loaders = import.meta.glob<Bundle>(
  [
    '../locales/*/*.json',
    '!../locales/*/randomization.json',
    '!../locales/*/usdm.json',
    '!../locales/*/dataout.json',
    '!../locales/*/core.json',
    '!../locales/*/webhooks.json',
    '!../locales/*/dataimport.json',
    '!../locales/*/forms-builder.json',
    '!../locales/*/analytics.json',
    '!../locales/*/ertms.json',
    '!../locales/*/ctms.json',
    '!../locales/*/cdisc.json',
    '!../locales/*/define.json',
    '!../locales/*/sdtm.json',
    '!../locales/*/standardsImport.json',
    '!../locales/*/compliance.json',
    '!../locales/*/coding.json',
  ],
  { import: 'default' },
);

const STORAGE_KEY = 'ctp.language';

function parse(file: string) {
  const [, lang, ns] = /locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(file) ?? [];
  return lang && ns ? { lang, ns } : null;
}

/** The languages with strings (LANGUAGES in @ctp/contracts), read from the folders so zod stays out of the first page. */
const supported = [...new Set(Object.keys(allFiles).map((f) => parse(f)?.lang ?? 'en'))];

type Loaded = { lang: string; ns: string; bundle: Bundle };
/** Namespaces fetched so far, as `lang:ns`, each with the promise of its strings. */
const fetched = new Map<string, Promise<Loaded>>();
/** The namespaces the pages opened so far read: fetched again, in the new language, on a switch. */
let wanted: Set<string> | 'all' = new Set(CORE_NAMESPACES);

/** Fetches the wanted namespaces of a language (and of English, the fallback) not fetched yet. */
async function fetchLanguage(lang: string) {
  const langs = lang === 'en' ? ['en'] : [lang, 'en'];
  const jobs: Promise<Loaded>[] = [];
  for (const [file, load] of Object.entries(allFiles)) {
    const key = parse(file);
    if (!key || !langs.includes(key.lang) || (wanted !== 'all' && !wanted.has(key.ns))) continue;
    const id = `${key.lang}:${key.ns}`;
    let job = fetched.get(id);
    if (!job) {
      job = load().then((bundle) => ({ ...key, bundle }));
      job.catch(() => fetched.delete(id));
      fetched.set(id, job);
    }
    jobs.push(job);
  }
  return Promise.all(jobs);
}

function addAll(loaded: Loaded[]) {
  for (const { lang, ns, bundle } of loaded) {
    if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, bundle, true, true);
  }
}

/** i18next's backend for the on-demand namespaces (also refetched in the new language on a switch); the
 *  others are added by the route loaders, so for them it answers "nothing to add". */
const onDemandBackend = {
  type: 'backend' as const,
  init() {},
  read(lang: string, ns: string, callback: (err: unknown, data: Bundle | null) => void) {
    import('./i18n-on-demand').then(
      async ({ onDemandFiles }) => {
        const load = onDemandFiles[`../locales/${lang}/${ns}.json`];
        callback(null, load ? await load() : null);
      },
      (err: unknown) => callback(err, null),
    );
  },
};

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
const browser = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : 'en';
const initial = stored && supported.includes(stored) ? stored : supported.includes(browser) ? browser : 'en';

/** Resolves when the active language's core namespaces are in and i18next is initialised. */
export const i18nReady: Promise<unknown> = fetchLanguage(initial).then(async (loaded) => {
  const resources: Record<string, Record<string, Bundle>> = {};
  for (const { lang, ns, bundle } of loaded) (resources[lang] ??= {})[ns] = bundle;
  await i18n
    .use(initReactI18next)
    .use(onDemandBackend)
    .init({
      resources,
      partialBundledLanguages: true,
      // Nothing to fetch at start: the loaders above bring what a page reads; the backend only the rest.
      ns: [],
      lng: initial,
      fallbackLng: 'en',
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
});

/** These namespaces of the active language (every one when left out): awaited by routes.tsx's loaders. */
export async function loadNamespaces(namespaces?: readonly string[]) {
  if (!namespaces) wanted = 'all';
  else if (wanted !== 'all') for (const ns of namespaces) wanted.add(ns);
  await i18nReady;
  addAll(await fetchLanguage(i18n.language));
}

let zodFollowing: Promise<void> | undefined;
/** zod's messages in the app's language, from now on: zod comes with the first form, not with the landing page. */
export function followZodLanguage() {
  zodFollowing ??= import('./validation-messages').then(({ setZodMessagesLanguage }) => {
    setZodMessagesLanguage(i18n.language);
    i18n.on('languageChanged', setZodMessagesLanguage);
  });
  return zodFollowing;
}

async function switchLanguage(code: LanguageCode) {
  addAll(await fetchLanguage(code));
  document.documentElement.lang = code;
  await i18n.changeLanguage(code);
}

/** Switches the language once its strings are in, and remembers the choice. */
export function setLanguage(code: LanguageCode) {
  localStorage.setItem(STORAGE_KEY, code);
  void switchLanguage(code);
}

export default i18n;
