import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, useMatch } from 'react-router';

/** Props of `Link`: an anchor's (its click is the link's own), with the in-app address. */
export interface LinkProps extends Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'href' | 'onClick'
> {
  to: string;
}

/**
 * A link to a page of the app: a plain `<a href>` whose click (not with a modifier key, not into
 * another tab) navigates in place. The app's own instead of react-router's `Link`, which brings its
 * route prefetching and server-component support to every page, about 3 KB gzipped that no player
 * downloads now (docs/decisions/0052); it is made of react-router's own `useHref` and
 * `useLinkClickHandler`, so it behaves the same.
 */
export function Link({ to, target, ...anchor }: LinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  return <a {...anchor} href={href} target={target} onClick={onClick} />;
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
}: LinkProps & { className: string; activeClassName: string }) {
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
