import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { type To, useHref, useLinkClickHandler, useMatch } from 'react-router';

/** Props of `Link`: an anchor's, with the in-app destination. */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
}

/**
 * A link to a page of the app: a plain `<a href>` whose click (not with a modifier key, not into
 * another tab) navigates in place. The app's own instead of react-router's `Link`, which brings its
 * route prefetching and server-component support to every page, about 3 KB gzipped that no player
 * downloads now (docs/decisions/0052); it is made of react-router's own `useHref` and
 * `useLinkClickHandler`, so it behaves the same.
 */
export function Link({ to, replace, target, onClick, ...anchor }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...anchor} href={href} target={target} onClick={handleClick} />;
}

/**
 * A tab of a navigation bar: a `Link` marked `aria-current="page"` (with `activeClassName`) while
 * the address is `to` or below it.
 */
export function NavTab({
  to,
  className,
  activeClassName,
  ...link
}: LinkProps & { to: string; className: string; activeClassName: string }) {
  const active = useMatch({ path: to, end: false }) !== null;
  return (
    <Link
      {...link}
      to={to}
      className={active ? `${className} ${activeClassName}` : className}
      aria-current={active ? 'page' : undefined}
    />
  );
}
