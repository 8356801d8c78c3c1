// The public landing page (spec section 2): no application shell, every section from features/landing.
import { LandingNav } from '@/features/landing/landing-nav';
import { Hero } from '@/features/landing/hero';
import { StatsStrip } from '@/features/landing/stats-strip';
import { FeatureGrid } from '@/features/landing/feature-grid';
import { Differentiators } from '@/features/landing/differentiators';
import { ModuleBlurbs } from '@/features/landing/module-blurbs';
import { ClosingCta } from '@/features/landing/closing-cta';
import { LandingFooter } from '@/features/landing/landing-footer';

export default function LandingPage() {
  return (
    <div className="min-h-full bg-white">
      <LandingNav />
      <main>
        <Hero />
        <StatsStrip />
        <FeatureGrid />
        <Differentiators />
        <ModuleBlurbs />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  );
}
