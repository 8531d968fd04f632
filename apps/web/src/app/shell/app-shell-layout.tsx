import { AppShell, Center, Loader, Overlay } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { Fragment, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { STORAGE_KEYS } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { isEmailRequired, ShellEntry } from './entry/shell-entry';
import { Header } from './header/header';
import { ImpersonationBanner } from './impersonation-banner';
import { Navigation } from './nav/navigation';
import { PageTransition } from './page-transition';
import { ScrollToTop } from './scroll-to-top';
import { UpdatePrompt } from './update-prompt';
import { useMobileNav } from './use-mobile-nav';

const HEADER_HEIGHT = 56;
const NAV_WIDTH = { wide: 260, narrow: 72 } as const;
const FORCED_MOBILE_BREAKPOINT = 100_000;
// Below the breakpoint Mantine opens the nav over the full width; spec §2 closes it on a click
// outside, so a strip of the page stays visible (under a backdrop) to click.
const MOBILE_NAV_STYLE = { '--app-shell-navbar-width': 'min(20rem, calc(100vw - 4rem))' };

/** Spec §2 Shell: navigation, header, routed page area, scroll-to-top button and update prompt. */
export function AppShellLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const params = useParams();
  const mobileNav = useMobileNav();
  const [wideNav, setWideNav] = useLocalStorage({ key: STORAGE_KEYS.wideNav, defaultValue: true });
  const narrow = !mobileNav.isMobile && !wideNav;
  // The page area remounts when these route parameters change (spec §2).
  const pageKey = [params.id, params.company_id, params.name].join('|');

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: narrow ? NAV_WIDTH.narrow : NAV_WIDTH.wide,
        // A mobile platform keeps the mobile layout at any width (no real screen is this wide).
        breakpoint: mobileNav.forced ? FORCED_MOBILE_BREAKPOINT : 'sm',
        collapsed: { mobile: !mobileNav.opened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Header
          narrow={narrow}
          mobileNavOpened={mobileNav.opened}
          onToggleMobileNav={mobileNav.toggle}
          controlsHidden={isEmailRequired(user)}
          mobileLayout={mobileNav.forced}
        />
      </AppShell.Header>
      <AppShell.Navbar
        aria-label={t('nav.label')}
        style={mobileNav.isMobile ? MOBILE_NAV_STYLE : undefined}
      >
        <Navigation
          narrow={narrow}
          showWidthToggle={!mobileNav.isMobile}
          onToggleWidth={() => setWideNav((wide) => !wide)}
        />
      </AppShell.Navbar>
      {mobileNav.isMobile && mobileNav.opened && (
        <Overlay
          fixed
          zIndex={99}
          backgroundOpacity={0.35}
          onClick={mobileNav.close}
          data-testid="nav-overlay"
        />
      )}
      <AppShell.Main>
        {user.isImpersonating && <ImpersonationBanner user={user} />}
        <Suspense
          fallback={
            <Center mih="50vh">
              <Loader />
            </Center>
          }
        >
          <PageTransition>
            <Fragment key={pageKey}>
              <Outlet />
            </Fragment>
          </PageTransition>
        </Suspense>
      </AppShell.Main>
      <ScrollToTop />
      <UpdatePrompt />
      <ShellEntry user={user} />
    </AppShell>
  );
}
