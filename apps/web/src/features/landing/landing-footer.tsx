import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@ctp/contracts';
import { Brand } from './brand';

const COLUMNS = [
  { title: 'footer.platform', links: ['dashboard', 'studies', 'patients', 'analytics'] },
  { title: 'footer.modules', links: ['etmf', 'ertms', 'ctms', 'compliance'] },
] as const;

export function LandingFooter() {
  const { t } = useTranslation('landing');
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div>
          <Brand inverted />
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-slate-400">{t('footer.description')}</p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={t(col.title)}>
            <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{t(col.title)}</h2>
            <ul className="mt-4 grid gap-2.5">
              {col.links.map((l) => (
                <li key={l}>
                  <Link to={`/${l}`} className="text-sm text-slate-400 hover:text-white">
                    {t(`footer.links.${l}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <span>
            {t('footer.rights', { year: new Date().getFullYear() })} · {APP_VERSION}
          </span>
          <span>{t('footer.standards')}</span>
        </div>
      </div>
    </footer>
  );
}
