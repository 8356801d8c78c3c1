import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Globe, User, Settings, LogOut, ChevronDown, KeyRound } from 'lucide-react';
import { LANGUAGES, APP_VERSION } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { setLanguage } from '@/lib/i18n';
import { useCurrentUser } from '@/lib/auth';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { ProfileDialog } from './profile-dialog';
import { GlobalSearch } from './global-search';
import { NotificationBell } from './notification-bell';

export function TopBar() {
  const { t, i18n } = useTranslation('common');
  const navigate = useNavigate();
  const { data: me } = useCurrentUser();
  const badges = trpc.dashboard.badges.useQuery();
  const [dialog, setDialog] = useState<'profile' | 'settings' | null>(null);
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation({
    onSettled: () => {
      // Nothing of the previous user may stay in memory.
      queryClient.clear();
      navigate('/login', { replace: true });
    },
  });

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-white px-4">
      <GlobalSearch />
      <div className="hidden items-center gap-2 md:flex">
        <Badge tone="success" data-testid="badge-active-studies">
          {t('topbar.activeStudies', { count: badges.data?.activeStudies ?? 0 })}
        </Badge>
        <Badge tone="primary" data-testid="badge-patients" title={t('topbar.activePatientsCaption')}>
          {t('topbar.activePatients', { count: badges.data?.activePatients ?? 0 })}
        </Badge>
      </div>
      <div className="ml-auto flex items-center gap-1">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="sm">
              <Globe aria-hidden /> <span className="sr-only">{t('topbar.language')}</span>{' '}
              <span className="hidden sm:inline">{LANGUAGES.find((l) => l.code === i18n.resolvedLanguage)?.label ?? 'English'}</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {LANGUAGES.map((l) => (
              <DropdownMenuItem key={l.code} lang={l.code} onSelect={() => setLanguage(l.code)} aria-current={i18n.resolvedLanguage === l.code}>
                {l.label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <NotificationBell />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            {/* Named by what it shows (WCAG 2.5.3), "Profile" first for those who cannot see the picture. */}
            <Button variant="ghost" className="h-auto gap-2 py-1">
              <div className="flex h-8 w-8 items-center justify-center rounded-full bg-primary/10 text-primary">
                <User className="h-4 w-4" aria-hidden />
              </div>
              <span className="sr-only">{t('topbar.profile')}</span>
              <div className="hidden text-left leading-tight sm:block">
                <div className="text-sm font-medium" data-testid="user-name">{me?.fullName}</div>
                <div className="text-xs text-muted-foreground" data-testid="user-title">{me ? t(`roles.${me.role}`) : ''}</div>
              </div>
              <ChevronDown className="hidden h-4 w-4 sm:block" aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>
              <div>{me?.fullName}</div>
              <div className="text-xs font-normal text-muted-foreground">{me?.email}</div>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => setDialog('profile')}><User className="h-4 w-4" /> {t('topbar.profile')}</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setDialog('settings')}><Settings className="h-4 w-4" /> {t('topbar.settings')}</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => navigate('/profile')}><KeyRound className="h-4 w-4" /> {t('topbar.account')}</DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => logout.mutate()}><LogOut className="h-4 w-4" /> {t('topbar.logout')}</DropdownMenuItem>
            <DropdownMenuSeparator />
            <div className="px-2 py-1 text-xs text-muted-foreground">{APP_VERSION}</div>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {me && dialog && <ProfileDialog user={me} section={dialog} onClose={() => setDialog(null)} />}
    </header>
  );
}
