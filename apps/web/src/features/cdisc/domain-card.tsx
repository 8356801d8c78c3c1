// A domain of a loaded standard: code, name, type, description, variable and mapping counts, version,
// and View Variables.
import { useTranslation } from 'react-i18next';
import { List } from 'lucide-react';
import type { CdiscDomain, CdiscDomainType } from '@ctp/contracts';
import { formatNumber } from '@/lib/format';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

export const TYPE_TONE: Record<CdiscDomainType, BadgeTone> = { SDTM: 'primary', CDASH: 'success', ADaM: 'info' };

export function DomainCard({ domain, onView }: { domain: CdiscDomain; onView: (domain: CdiscDomain) => void }) {
  const { t } = useTranslation('cdisc');
  return (
    <Card className="flex h-full flex-col" data-testid="cdisc-domain-card" data-code={domain.domainCode} data-type={domain.domainType}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-lg font-semibold" data-testid="cdisc-domain-code">
            {domain.domainCode}
          </span>
          <Badge tone={TYPE_TONE[domain.domainType]} data-testid="cdisc-domain-type">
            {domain.domainType}
          </Badge>
          {domain.class && <span className="ml-auto text-xs text-muted-foreground">{domain.class}</span>}
        </div>
        <CardTitle className="leading-snug" data-testid="cdisc-domain-name">
          {domain.domainName}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3 text-sm">
        {domain.description && <p className="line-clamp-3 text-muted-foreground">{domain.description}</p>}
        <dl className="grid grid-cols-3 gap-2">
          <div>
            <dt className="text-xs text-muted-foreground">{t('domains.variables')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="cdisc-domain-variables">
              {formatNumber(domain.variableCount)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('domains.mappings')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="cdisc-domain-mappings">
              {formatNumber(domain.mappingCount)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('domains.version')}</dt>
            <dd className="font-semibold" data-testid="cdisc-domain-version">
              {domain.standard} {domain.version}
            </dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter>
        <Button variant="outline" size="sm" className="w-full" onClick={() => onView(domain)}>
          <List aria-hidden /> {t('domains.viewVariables')}
        </Button>
      </CardFooter>
    </Card>
  );
}
