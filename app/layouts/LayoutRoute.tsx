import { Outlet, useLocation, useNavigation } from 'react-router';
import { LAYOUTS_WITHOUT_TRANSITION } from '../../core/routing/layouts.ts';
import { usePage } from '../routing/current-page.ts';
import { PageLayout } from './PageLayout.tsx';

/**
 * The route of each SPEC §2 layout (app/routes.ts gives it one id per layout): the layout's frame
 * and, where the layout has one, the page transition, which fades the old page out while the next
 * one loads.
 */
export default function LayoutRoute() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { layout } = usePage();
  const fade = !LAYOUTS_WITHOUT_TRANSITION.has(layout);
  return (
    <div
      key={pathname}
      data-transition={fade ? 'fade' : 'none'}
      data-phase={fade && navigation.state === 'loading' ? 'out' : 'in'}
    >
      <PageLayout name={layout}>
        <Outlet />
      </PageLayout>
    </div>
  );
}
