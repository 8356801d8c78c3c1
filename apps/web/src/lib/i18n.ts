// i18next with every namespace bundled: each src/locales/<lang>/<namespace>.json is picked up here,
// so a feature adds its strings by adding files, not by editing this one.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type LanguageCode } from '@ctp/contracts';
import { setZodMessagesLanguage } from './validation-messages';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lang, ns] = /locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(file) ?? [];
  if (!lang || !ns) continue;
  (resources[lang] ??= {})[ns] = mod.default;
}

const STORAGE_KEY = 'ctp.language';
const supported = LANGUAGES.map((l) => l.code) as string[];
const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
const browser = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : 'en';

void i18n.use(initReactI18next).init({
  resources,
  lng: stored && supported.includes(stored) ? stored : supported.includes(browser) ? browser : 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
setZodMessagesLanguage(i18n.language);
i18n.on('languageChanged', setZodMessagesLanguage);

export function setLanguage(code: LanguageCode) {
  localStorage.setItem(STORAGE_KEY, code);
  document.documentElement.lang = code;
  void i18n.changeLanguage(code);
}

export default i18n;
